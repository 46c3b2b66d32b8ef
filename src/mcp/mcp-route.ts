import type { FastifyInstance, FastifyRequest } from "fastify";
import { type McpTools, toolsOf } from "./api-tools.ts";

/**
 * `POST /mcp`: stateless MCP over Streamable HTTP. No key here: tools/list is public like /openapi.json,
 * and each tool call passes the caller's key to the API route it runs. GET is 405 (spec: a server
 * without server-initiated messages may refuse the SSE stream).
 */
export function mcpRoute(app: FastifyInstance): void {
  // Tools that cannot be made (two operations with one name) stop the start, not the first call.
  let tools: McpTools | undefined;
  app.addHook("onReady", async () => {
    tools = toolsOf(app);
  });
  app.post("/mcp", { schema: { hide: true } }, async (request, reply) => {
    tools ??= toolsOf(app);
    // The MCP SDK (and zod) load on the first MCP request: ~7 MB of heap a process may never need.
    const { answerMcpRequest } = await import("./answer-mcp-request.ts");
    return answerMcpRequest(app, tools, presentedKey(request), request, reply);
  });
}

/** The key in `x-api-key`, or in `Authorization: Bearer …` as MCP clients send it. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers["x-api-key"];
  if (typeof header === "string") return header;
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
}
