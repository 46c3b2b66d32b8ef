import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { ERRORS } from "../errors.ts";
import { apiReferenceRoutes } from "./api-reference.ts";
import { ProblemSchema } from "./schemas.ts";

/** OpenAPI 3.1 generated from the route schemas; must be registered before the routes. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ProblemSchema);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "padron",
        version: "1.0.0",
        description:
          "Verification of Mexican taxpayer IDs (RFC) against SAT, RENAPO and the commerce registry.",
      },
      components: { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key" } } },
      security: [{ apiKey: [] }],
    },
    transformObject: (document) => nameOperations("openapiObject" in document ? document.openapiObject : {}),
  });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  apiReferenceRoutes(app);
  app.get("/docs/errors", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/html").send(errorsPage()),
  );
}

type Operations = Record<string, Record<string, { operationId?: string }>>;

/**
 * Every operation gets an `operationId` (the MCP tools are named by it): the one given on the route,
 * else its path, e.g. POST /v1/rfc/find-zip is `rfc_find_zip`.
 */
function nameOperations<D extends { paths?: unknown }>(document: D): D {
  for (const [path, operations] of Object.entries((document.paths ?? {}) as Operations)) {
    for (const operation of Object.values(operations)) {
      operation.operationId ??= path
        .replace(/^\/v1\//, "")
        .replace(/\/\{[^}]+\}/g, "")
        .replace(/[/-]/g, "_");
    }
  }
  return document;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function errorsPage(): string {
  const rows = Object.entries(ERRORS)
    .map(
      ([code, e]) =>
        `<tr id="${code}"><td>${e.status}</td><td><code>${code}</code></td><td>${escapeHtml(e.title)}</td></tr>`,
    )
    .join("");
  const title = "padron error codes";
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{background:#f4f4f4;padding:1rem;overflow:auto}td,th{padding:.2rem .8rem;text-align:left}</style><h1>${title}</h1><p>Every error is <code>application/problem+json</code>.</p><table><tr><th>status</th><th>code</th><th>meaning</th></tr>${rows}</table></html>`;
}
