import { Type } from "typebox";
import { Nullable } from "../platform/http/schemas.ts";
import { MAX_CSF_PDF_BYTES } from "./read-csf-pdf.ts";
import { IdCif, MAX_RFC_LENGTH, NFD_ROOM } from "./rfc-schemas.ts";

/** The route's body limit: base64 of the largest PDF, plus room for line breaks and the JSON around it. */
export const CSF_BODY_LIMIT = Math.ceil((MAX_CSF_PDF_BYTES * 4) / 3) + 2 * 1024 * 1024;

export const CsfBody = Type.Object(
  {
    rfc: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_RFC_LENGTH * NFD_ROOM, description: "With id_cif" }),
    ),
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

export const CsfSchema = Type.Object({
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
