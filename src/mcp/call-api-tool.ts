import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance, HTTPMethods } from "fastify";
import type { FieldError } from "../platform/errors.ts";
import { problemOf } from "../platform/http/problem.ts";
import { newId } from "../platform/ids.ts";
import type { ApiTool } from "./api-tools.ts";

export type ApiRequest = { method: string; url: string; headers: Record<string, string>; body?: string };
export type ApiAnswer = { status: number; headers: Record<string, unknown>; body: string };
/** The HTTP API a tool call goes through. */
export type CallApi = (request: ApiRequest) => Promise<ApiAnswer>;

/**
 * The app's own HTTP pipeline, not listening: every hook applies (key, rate limit, idempotency,
 * charge, request log), so a tool call is an API call in every respect.
 */
export const injectInto =
  (app: FastifyInstance, remoteAddress?: string): CallApi =>
  async (request) => {
    const answer = await app.inject({
      method: request.method as HTTPMethods,
      url: request.url,
      headers: request.headers,
      payload: request.body,
      remoteAddress,
    });
    return { status: answer.statusCode, headers: answer.headers, body: answer.body };
  };

// What the HTTP answer says besides its body, passed on in the result's _meta.
const META_HEADERS = ["x-request-id", "x-credits-charged", "x-credits-remaining", "retry-after", "location"];

/**
 * A tool call as the HTTP request it stands for: path, query and header arguments where the operation
 * takes them, the rest as the JSON body. A 2xx body is the structured result; a problem is a tool error.
 */
export async function callApiTool(
  api: CallApi,
  apiTool: ApiTool,
  args: Record<string, unknown>,
  key: string | undefined,
): Promise<CallToolResult> {
  const misplaced = placeErrors(apiTool, args);
  if (misplaced.length > 0) return refused(misplaced);
  let path = apiTool.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = key ? { "x-api-key": key } : {};
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const place = apiTool.places[name];
    if (!place) body[name] = value;
    else if (place.in === "path") path = path.replace(`{${place.name}}`, encodeURIComponent(String(value)));
    else if (place.in === "query") query.append(place.name, String(value));
    else headers[place.name] = String(value);
  }
  const sendsBody = apiTool.method !== "GET" && (apiTool.hasBody || Object.keys(body).length > 0);
  if (sendsBody) headers["content-type"] = "application/json";
  const answer = await api({
    method: apiTool.method,
    url: query.size > 0 ? `${path}?${query}` : path,
    headers,
    body: sendsBody ? JSON.stringify(body) : undefined,
  });
  const content = [{ type: "text" as const, text: answer.body }];
  const _meta = Object.fromEntries(
    META_HEADERS.filter((name) => answer.headers[name] !== undefined).map((name) => [
      name,
      String(answer.headers[name]),
    ]),
  );
  if (answer.status >= 200 && answer.status < 300) {
    return { content, structuredContent: JSON.parse(answer.body), _meta };
  }
  return { content, isError: true, _meta };
}

/** What the URL or a header cannot carry as sent: a missing required value, a dot segment, an object. */
function placeErrors(apiTool: ApiTool, args: Record<string, unknown>): FieldError[] {
  return Object.entries(apiTool.places).flatMap(([name, place]): FieldError[] => {
    const value = args[name];
    if (value === undefined) return place.required ? [{ path: `/${name}`, message: "is required" }] : [];
    // A "." or ".." segment would lead the URL to another route, not name a resource.
    if (place.in === "path" && (value === "." || value === ".."))
      return [{ path: `/${name}`, message: 'must not be "." or ".."' }];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return [];
    return [{ path: `/${name}`, message: "must be a string or a number" }];
  });
}

/** The 422 the API would give, as a tool error, for arguments that never became an HTTP request. */
function refused(errors: FieldError[]): CallToolResult {
  const problem = problemOf(
    "invalid_request",
    "The arguments do not match the tool's input schema.",
    newId("req"),
    errors,
  );
  return { content: [{ type: "text", text: JSON.stringify(problem) }], isError: true };
}
