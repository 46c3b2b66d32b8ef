import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance, HTTPMethods } from "fastify";
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
