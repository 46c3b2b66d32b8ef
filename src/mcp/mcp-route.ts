import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createMcpServer, type McpTools, toolsOf } from "./create-mcp-server.ts";

/**
 * `POST /mcp`: MCP over Streamable HTTP, stateless (a server per request, JSON answers). The route
 * itself asks for no key: tools/list is public like /openapi.json, and each tool call passes the
 * caller's key to the API route it runs, which answers a missing or bad one. GET is 405 (spec: a
 * server without server-initiated messages may refuse the SSE stream).
 */
export function mcpRoute(app: FastifyInstance): void {
  // Tools that cannot be made (two operations with one name) stop the start, not the first call.
  let tools: McpTools | undefined;
  app.addHook("onReady", async () => {
    tools = toolsOf(app);
  });
  app.post("/mcp", { schema: { hide: true } }, async (request, reply) => {
    tools ??= toolsOf(app);
    const server = createMcpServer(app, tools, presentedKey(request), request.ip);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body });
      const body = await answer.text();
      reply.code(answer.status).headers(Object.fromEntries(answer.headers));
      return reply.send(body === "" ? undefined : body);
    } finally {
      await server.close();
    }
  });
}

/** The key in `x-api-key`, or in `Authorization: Bearer …` as MCP clients send it. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers["x-api-key"];
  if (typeof header === "string") return header;
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
}

function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(new URL(request.url, "http://localhost"), { method: request.method, headers });
}
