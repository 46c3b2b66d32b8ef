import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { Nullable, ProblemSchema } from "../platform/http/schemas.ts";
import { type TaxpayerDeps, taxpayerContextOf } from "../taxpayers/taxpayer-context-of.ts";
import { send } from "../taxpayers/taxpayer-routes.ts";
import { checkRegistration } from "./check-registration.ts";

const Body = Type.Object(
  {
    rfc: Type.String({
      minLength: 1,
      maxLength: 20,
      description: "12 (company) or 13 (individual) characters",
    }),
  },
  { additionalProperties: false },
);
const Day = Nullable(Type.String({ format: "date" }));
const Flag = Nullable(Type.Boolean());

const RegistrationSchema = Type.Object({
  rfc: Type.String(),
  registered: Flag,
  registered_since: Day,
  registered_since_exact: Type.Boolean(),
  removed_on: Day,
  sncf: Flag,
  subcontracting: Flag,
  can_invoice: Flag,
  certificates: Type.Array(
    Type.Object({
      serial: Type.String(),
      status: Type.String({ description: "Activo, Revocado or Caduco" }),
      valid_from_utc: Type.String(),
      valid_to_utc: Type.String(),
      obligations: Type.Integer({ description: "ValidezObligaciones as listed" }),
    }),
  ),
  data_as_of: Type.Object({
    rfc_list: Nullable(Type.String({ format: "date-time" })),
    certificate_list: Nullable(Type.String({ format: "date-time" })),
  }),
});

/** POST /v1/rfc/registration: answered from the local copies of SAT's l_RFC and LCO. */
export function registrationRoute(scope: FastifyInstance, deps: TaxpayerDeps): void {
  scope.post<{ Body: { rfc: string } }>(
    "/rfc/registration",
    {
      schema: {
        summary: "Registration (SAT's registered-RFC list) and CSDs (certificate list), answered locally",
        tags: ["rfc"],
        body: Body,
        response: { 200: RegistrationSchema, 401: ProblemSchema, 402: ProblemSchema, 422: ProblemSchema },
      },
    },
    async (request, reply) =>
      send(reply, await checkRegistration(taxpayerContextOf(request, deps), request.body)),
  );
}
