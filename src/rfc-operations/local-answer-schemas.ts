import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { Nullable, ProblemSchema } from "../platform/http/schemas.ts";
import { type ContextDeps, contextOf } from "../request-context.ts";
import { checkSatLists } from "./check-sat-lists.ts";

const BodySchema = Type.Object({ rfc: Type.String({ maxLength: 64 }) }, { additionalProperties: false });

const EntrySchema = Type.Object({
  article: Type.String({ description: "69, 69-B or 69-B Bis" }),
  sub_list: Type.String({ description: "Lowercase Spanish list name, e.g. firmes, definitivos" }),
  situation: Type.String(),
  name: Type.String(),
  person_type: Type.String({ description: "M (company) or F (individual)" }),
  state: Type.String(),
});

const AnswerSchema = Type.Object({
  rfc: Type.String(),
  sat_lists: Nullable(
    Type.Array(EntrySchema, {
      description:
        "null: unknown (no list loaded, or the RFC is in none of the loaded lists while some are missing); not charged",
    }),
  ),
  data_as_of: Nullable(Type.String({ format: "date-time" })),
  message: Type.Optional(
    Type.String({ description: "Only while some lists are not loaded: which, and what it means" }),
  ),
  missing_lists: Type.Optional(
    Type.Array(Type.String(), {
      description: "Only while some lists are not loaded: their keys, e.g. 69/firmes",
    }),
  ),
});

/** `POST /v1/rfc/sat-lists` (spec §4.5): answered from the local copy of SAT's lists. */
export function satListsRoute(scope: FastifyInstance, deps: ContextDeps): void {
  scope.post<{ Body: { rfc: string } }>(
    "/rfc/sat-lists",
    {
      schema: {
        summary:
          "Art. 69, 69-B and 69-B Bis listings of an RFC (1 credit; free with an active plan; an unknown answer is free)",
        tags: ["rfc"],
        body: BodySchema,
        response: { 200: AnswerSchema, 401: ProblemSchema, 402: ProblemSchema, 422: ProblemSchema },
      },
    },
    (request) => checkSatLists(contextOf(request, deps), request.body.rfc),
  );
}
