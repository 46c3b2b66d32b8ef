import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findListFile } from "../formats/list-files.ts";
import type { SandboxFiles, StaticFile } from "../sandbox-files.ts";
import { type SimulationContext, simulateUpstream } from "../simulate-upstream.ts";

function notModified(request: FastifyRequest, file: StaticFile): boolean {
  const etags = request.headers["if-none-match"];
  if (etags) return etags.split(",").some((tag) => tag.trim() === file.etag || tag.trim() === "*");
  const since = request.headers["if-modified-since"];
  if (!since) return false;
  const sinceMs = Date.parse(since);
  return Number.isFinite(sinceMs) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= sinceMs;
}

/** Sends a static file with ETag / Last-Modified, answering 304 to a matching conditional request. */
function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, contentType: string) {
  reply.header("etag", file.etag).header("last-modified", file.lastModified.toUTCString());
  if (notModified(request, file)) return reply.code(304).send();
  return reply.header("content-type", contentType).send(file.bytes);
}

/**
 * SAT's contributor lists at `/Datos_abiertos/Documents_AGR|AGAFF|AGGC/<file>` (research §1.1) and the
 * SEPOMEX catalog at `/sepomex/CPdescarga.txt` (research §7).
 */
export function registerPublicFileRoutes(
  app: FastifyInstance,
  ctx: SimulationContext,
  files: SandboxFiles,
): void {
  app.get<{ Params: { folder: string; file: string } }>("/Datos_abiertos/:folder/:file", (request, reply) => {
    const entry = findListFile(request.params.file);
    if (!entry || entry.folder !== request.params.folder) return reply.code(404).send();
    return simulateUpstream(ctx, { upstream: "contributor-lists" }, request, reply, () =>
      sendStaticFile(request, reply, files.listFile(entry.file, entry.article), "text/csv"),
    );
  });

  app.get("/sepomex/CPdescarga.txt", (request, reply) =>
    simulateUpstream(ctx, { upstream: "postal-codes" }, request, reply, () =>
      sendStaticFile(request, reply, files.postalCatalog(), "text/plain; charset=iso-8859-1"),
    ),
  );
}
