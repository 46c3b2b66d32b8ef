import type { FastifyInstance } from "fastify";
import { normalizeRfc } from "../../mexico/normalize-rfc.ts";
import { buildCertificateSearchAnswer, certificateFilePath } from "../formats/certificate-files.ts";
import type { SandboxFiles } from "../sandbox-files.ts";
import { type SimulationContext, simulateUpstream } from "../simulate-upstream.ts";

/** The public .cer store (`/rccf/…/{serial}.cer`, research §2.1) and the certificate search by RFC. */
export function registerCertificateRoutes(
  app: FastifyInstance,
  ctx: SimulationContext,
  files: SandboxFiles,
): void {
  app.get<{ Params: { a: string; b: string; c: string; d: string; e: string; file: string } }>(
    "/rccf/:a/:b/:c/:d/:e/:file",
    (request, reply) => {
      const { a, b, c, d, e, file } = request.params;
      const serial = file.replace(/\.cer$/, "");
      const wellFormed =
        /^\d{20}$/.test(serial) && certificateFilePath(serial) === `rccf/${a}/${b}/${c}/${d}/${e}/${file}`;
      return simulateUpstream(
        ctx,
        { upstream: "certificate-files", identifiers: [serial] },
        request,
        reply,
        async () => {
          const der = wellFormed ? await files.certificate(serial) : null;
          if (!der)
            return reply.code(404).header("content-type", "text/html").send("<h1>404 - Not Found</h1>");
          return reply.header("content-type", "application/octet-stream").send(Buffer.from(der));
        },
      );
    },
  );

  app.get<{ Querystring: { rfc?: string } }>("/certificates", (request, reply) => {
    const rfc = normalizeRfc(request.query.rfc ?? "");
    if (rfc === "") return reply.code(400).send({ error: "rfc is required" });
    return simulateUpstream(
      ctx,
      { upstream: "certificate-search", identifiers: [rfc] },
      request,
      reply,
      () => {
        const taxpayer = ctx.population.byRfc.get(rfc);
        const listings = (taxpayer?.certificates ?? []).map((certificate) => ({
          ...certificate,
          validFrom: new Date(certificate.validFrom),
          validTo: new Date(certificate.validTo),
        }));
        return reply.send(buildCertificateSearchAnswer(listings));
      },
    );
  });
}
