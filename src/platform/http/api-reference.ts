import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { sendProblem } from "./problem.ts";

// Headers of the inner answer that belong to its own connection, not to the one it is relayed on.
const HOP_HEADERS = new Set(["connection", "content-length", "date", "keep-alive", "transfer-encoding"]);

/**
 * Scalar's API reference at `/docs`, its page and script served from the package itself. Scalar is
 * loaded on the first visit, in an app of its own whose answers are relayed: ~40 MB of resident
 * memory that an API process serving no docs never spends.
 */
export function apiReferenceRoutes(app: FastifyInstance): void {
  let reference: Promise<FastifyInstance> | undefined;
  const relay = async (request: FastifyRequest, reply: FastifyReply) => {
    reference ??= buildReferenceApp();
    const answer = await (await reference).inject({ method: "GET", url: request.url });
    if (answer.statusCode === 404) return sendProblem(request, reply, "not_found", "No such resource.");
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
  app.get("/docs", { schema: { hide: true } }, relay);
  app.get("/docs/*", { schema: { hide: true } }, relay);
}

async function buildReferenceApp(): Promise<FastifyInstance> {
  const { default: apiReference } = await import("@scalar/fastify-api-reference");
  const reference = Fastify();
  await reference.register(apiReference, {
    routePrefix: "/docs",
    configuration: {
      url: "/openapi.json",
      pageTitle: "padron API reference",
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: "never",
      mcp: { disabled: true },
      agent: { disabled: true },
    },
  });
  await reference.ready();
  return reference;
}
