import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance } from "fastify";

type JsonSchema = { type?: unknown; properties?: Record<string, object>; required?: string[] };
type Content = { content?: Record<string, { schema?: JsonSchema }> };
type Parameter = { in: string; name: string; required?: boolean; description?: string; schema?: object };
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: Content;
  responses?: Record<string, Content>;
}
export interface OpenApiDocument {
  info?: { version?: string };
  paths?: Record<string, Record<string, Operation>>;
}

/** Where a tool argument goes in the HTTP request; arguments not listed here make up the JSON body. */
export type ArgumentPlace = { in: "path" | "query" | "header"; name: string; required: boolean };

/** One API operation as an MCP tool, and how a call of it becomes the HTTP request. */
export interface ApiTool {
  tool: Tool;
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  places: Record<string, ArgumentPlace>;
  hasBody: boolean;
}

/** One tool per operation of the OpenAPI document's API (`/v1/…`), named by its operationId. */
export function apiToolsOf(document: OpenApiDocument): ApiTool[] {
  const tools: ApiTool[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    // The sandbox's own routes, mounted beside the API by `padron serve`, are not the API.
    if (!path.startsWith("/v1/")) continue;
    for (const [method, operation] of Object.entries(operations)) {
      tools.push(apiToolOf(method.toUpperCase(), path, operation));
    }
  }
  const names = tools.map((t) => t.tool.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0)
    throw new Error(`Two API operations are named ${twice.join(", ")}: give one an operationId`);
  return tools;
}

function apiToolOf(method: string, path: string, operation: Operation): ApiTool {
  if (!operation.operationId) throw new Error(`${method} ${path} has no operationId`);
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  if (body && body.type !== "object")
    throw new Error(`${method} ${path}: a tool's arguments must be an object`);
  const parameters = operation.parameters ?? [];
  const properties: Record<string, object> = { ...body?.properties };
  const required = [...(body?.required ?? [])];
  const places: Record<string, ArgumentPlace> = {};
  for (const p of parameters) {
    if (p.in !== "path" && p.in !== "query" && p.in !== "header") continue;
    const name = p.name.toLowerCase().replace(/-/g, "_");
    if (properties[name])
      throw new Error(`${method} ${path}: "${name}" is both a parameter and a body field`);
    properties[name] = { ...p.schema, ...(p.description ? { description: p.description } : {}) };
    if (p.required) required.push(name);
    places[name] = { in: p.in, name: p.name, required: p.required === true };
  }
  const outputSchema = outputSchemaOf(operation);
  return {
    tool: {
      name: operation.operationId,
      description: [operation.summary, operation.description].filter(Boolean).join("\n\n"),
      inputSchema: { type: "object", properties, required, additionalProperties: false },
      ...(outputSchema ? { outputSchema } : {}),
      annotations: { readOnlyHint: method === "GET" },
    },
    method,
    path,
    places,
    hasBody: body !== undefined,
  };
}

/** The HTTP body of every 2xx answer: a tool's structured result is that body, unchanged. */
function outputSchemaOf(operation: Operation): Tool["outputSchema"] {
  const schemas = Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith("2"))
    .map(([, response]) => response.content?.["application/json"]?.schema)
    .filter((schema): schema is JsonSchema => schema?.type === "object");
  if (schemas.length === 0) return undefined;
  if (schemas.length === 1) return schemas[0] as Tool["outputSchema"];
  return { type: "object", anyOf: schemas };
}

/** The tools of one app, read once from its OpenAPI document (the `version` is the document's). */
export type McpTools = { version: string; tools: ApiTool[] };

/** The app's OpenAPI document as tools; it throws if two operations share a name. */
export function toolsOf(app: FastifyInstance): McpTools {
  const document = app.swagger() as OpenApiDocument;
  return { version: document.info?.version ?? "1", tools: apiToolsOf(document) };
}
