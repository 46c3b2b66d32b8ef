import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance } from "fastify";
import type { McpTools } from "./api-tools.ts";
import { callApiTool, injectInto } from "./call-api-tool.ts";

const INSTRUCTIONS =
  "padron verifies Mexican taxpayer IDs (RFC) against SAT. Each tool is one operation of padron's " +
  "HTTP API, charged, rate-limited and logged like it; the result is the API's JSON answer, an error " +
  "is its problem document. Asynchronous answers carry a request_id: poll request_status with it.";

/**
 * An MCP server whose tools call the app's API with `key`. The SDK's low-level Server, since the tools'
 * schemas are JSON Schema from the OpenAPI document and the routes themselves validate the arguments.
 */
export function createMcpServer(
  app: FastifyInstance,
  { version, tools }: McpTools,
  key: string | undefined,
  remoteAddress?: string,
): Server {
  const byName = new Map(tools.map((t) => [t.tool.name, t]));
  const api = injectInto(app, remoteAddress);
  const server = new Server(
    { name: "padron", version },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((t) => t.tool) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const apiTool = byName.get(request.params.name);
    if (!apiTool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callApiTool(api, apiTool, request.params.arguments ?? {}, key);
  });
  return server;
}
