import type { FastifyInstance } from "fastify";
import { normalizeRfc } from "../../mexico/normalize-rfc.ts";
import { padronAnswerer } from "../answer-padron.ts";
import {
  formatPadronResponse,
  PadronRequestError,
  parsePadronRequest,
} from "../formats/padron-validation.ts";
import { type SimulationContext, simulateUpstream } from "../simulate-upstream.ts";

/** SAT's massive RFC validation: `consecutivo|RFC|NOMBRE|CP` lines in, the same plus LEYENDA out. */
export function registerPadronRoutes(app: FastifyInstance, ctx: SimulationContext): void {
  app.post<{ Body: string }>("/padron/validate", { bodyLimit: 4 * 1024 * 1024 }, (request, reply) => {
    let records: ReturnType<typeof parsePadronRequest>;
    try {
      records = parsePadronRequest(typeof request.body === "string" ? request.body : "");
    } catch (error) {
      if (!(error instanceof PadronRequestError)) throw error;
      return reply
        .code(error.code === "too_many_records" ? 413 : 400)
        .send({ error: error.code, message: error.message, line: error.line });
    }
    const identifiers = records.map((record) => normalizeRfc(record.rfc));
    return simulateUpstream(
      ctx,
      { upstream: "padron", identifiers, records: records.length },
      request,
      reply,
      () => {
        const legendOf = padronAnswerer(ctx.population);
        const body = formatPadronResponse(records, records.map(legendOf));
        return reply.header("content-type", "text/plain; charset=utf-8").send(body);
      },
    );
  });
}
