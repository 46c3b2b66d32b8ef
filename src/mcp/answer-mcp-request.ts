import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { McpTools } from "./api-tools.ts";
import { createMcpServer } from "./create-mcp-server.ts";

/** One MCP request over Streamable HTTP, stateless: a server for this request, a JSON answer. */
export async function answerMcpRequest(
  app: FastifyInstance,
  tools: McpTools,
  key: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const server = createMcpServer(app, tools, key, request.ip);
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
}

function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(new URL(request.url, "http://localhost"), { method: request.method, headers });
}
