import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { Nullable } from "../platform/http/schemas.ts";
import { listModeOf } from "../registration/data-source.ts";
import { type ContextDeps, contextOf } from "../request-context.ts";
import { describeDataSources } from "./describe-data-sources.ts";

const SourceSchema = Type.Object({
  source: Type.String({
    description: "sat_rfc_list, sat_certificate_list, contributor_list:<list> or postal_codes",
  }),
  mode: Type.String(),
  date: Nullable(Type.String({ format: "date" })),
  rows: Type.Integer(),
  updated_at: Nullable(Type.String({ format: "date-time" })),
  age_seconds: Nullable(Type.Integer()),
  last_sync: Nullable(
    Type.Object({
      at: Type.String({ format: "date-time" }),
      outcome: Type.String(),
      detail: Nullable(Type.String()),
    }),
  ),
});

/** GET /v1/data-sources (free): the local copies the key's mode answers from, their dates and sizes. */
export function dataSourcesRoute(scope: FastifyInstance, deps: ContextDeps): void {
  scope.get(
    "/data-sources",
    {
      schema: {
        summary: "Local copies of SAT's lists and the postal-code catalog: date, rows, last sync (free)",
        tags: ["account"],
        response: { 200: Type.Object({ sources: Type.Array(SourceSchema) }) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      return { sources: await describeDataSources(ctx.db, listModeOf(ctx.auth.mode)) };
    },
  );
}
