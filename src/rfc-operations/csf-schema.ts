import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { Nullable, ProblemSchema } from "../platform/http/schemas.ts";
import { type CsfInput, checkCsf } from "./check-csf.ts";
import { MAX_CSF_PDF_BYTES } from "./read-csf-pdf.ts";
import { type TaxpayerDeps, taxpayerContextOf } from "./taxpayer-context-of.ts";
import { IdCif } from "./taxpayer-schemas.ts";

const Body = Type.Object(
  {
    rfc: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: "With id_cif" })),
    id_cif: Type.Optional(IdCif),
    csf_pdf: Type.Optional(
      Type.String({
        minLength: 1,
        // base64 of 10 MB, plus line breaks some encoders add
        maxLength: Math.ceil((MAX_CSF_PDF_BYTES * 4) / 3) + 1024 * 1024,
        description: "Instead of rfc + id_cif: the Constancia's PDF in base64 (at most 10 MB)",
      }),
    ),
  },
  { additionalProperties: false },
);
const Text = Type.Optional(Type.String());

const CsfSchema = Type.Object({
  rfc: Type.String(),
  id_cif: Type.String(),
  found: Nullable(Type.Boolean()),
  person_type: Type.Optional(Type.String({ description: "M (company) or F (person)" })),
  name: Text,
  cfdi_name: Type.Optional(
    Type.String({ description: "The receptor name for a CFDI 4.0 (no régimen de capital)" }),
  ),
  curp: Text,
  first_names: Text,
  paternal_surname: Text,
  maternal_surname: Text,
  status: Type.Optional(Type.String({ description: "Situación del contribuyente: ACTIVO, SUSPENDIDO…" })),
  status_since: Type.Optional(Type.String({ format: "date" })),
  operations_start: Type.Optional(Type.String({ format: "date" })),
  zip: Text,
  address: Type.Optional(
    Type.Object({
      state: Text,
      municipality: Text,
      colony: Text,
      street_type: Text,
      street: Text,
      exterior_number: Text,
      interior_number: Text,
    }),
  ),
  email: Text,
  sat_office: Text,
  regimes: Type.Optional(
    Type.Array(
      Type.Object({
        code: Nullable(Type.String({ description: "c_RegimenFiscal key, e.g. 601" })),
        name: Type.String(),
        since: Type.String({ format: "date" }),
      }),
    ),
  ),
  source: Type.String({ description: "sat_csf" }),
  checked_at: Type.String({ format: "date-time" }),
});

/** POST /v1/rfc/csf: SAT's CSF page by RFC + idCIF, or by the Constancia's PDF (10 MB body limit). */
export function csfRoute(scope: FastifyInstance, deps: TaxpayerDeps): void {
  scope.post<{ Body: CsfInput }>(
    "/rfc/csf",
    {
      bodyLimit: Math.ceil((MAX_CSF_PDF_BYTES * 4) / 3) + 2 * 1024 * 1024,
      schema: {
        summary: "SAT's current record from the CSF page: name, CFDI 4.0 name, CP, regimes, status",
        tags: ["rfc"],
        body: Body,
        response: {
          200: CsfSchema,
          401: ProblemSchema,
          402: ProblemSchema,
          413: ProblemSchema,
          422: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await checkCsf(taxpayerContextOf(request, deps), request.body);
      return reply.code(result.status).send(result.body);
    },
  );
}
