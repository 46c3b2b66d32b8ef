import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FastifyInstance } from "fastify";

const require = createRequire(import.meta.url);

// htmx is vendored from its npm package and served from here: pages never load code from a CDN.
const ASSETS: Record<string, { type: string; file: string }> = {
  "htmx.min.js": { type: "text/javascript", file: require.resolve("htmx.org/dist/htmx.min.js") },
  "dashboard.js": { type: "text/javascript", file: new URL("assets/dashboard.js", import.meta.url).pathname },
  "dashboard.css": { type: "text/css", file: new URL("assets/dashboard.css", import.meta.url).pathname },
};

export function serveAssets(app: FastifyInstance): void {
  for (const [name, { type, file }] of Object.entries(ASSETS)) {
    const body = readFileSync(file);
    app.get(`/assets/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(`${type}; charset=utf-8`).header("cache-control", "public, max-age=3600").send(body),
    );
  }
}
