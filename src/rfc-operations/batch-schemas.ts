import { type Static, Type } from "typebox";
import { MAX_NAME_LENGTH, NAME_PATTERN, NFD_ROOM, type VerifySchema } from "./rfc-schemas.ts";

export const MAX_BATCH_RECORDS = 5000;

// An RFC longer than any real one is still answered per record (bad structure), so the bound is loose.
const BatchRecordSchema = Type.Object(
  {
    rfc: Type.String({ maxLength: 64, description: "RFC as the customer has it (normalized before use)" }),
    name: Type.String({
      maxLength: MAX_NAME_LENGTH * NFD_ROOM,
      pattern: NAME_PATTERN,
      description: "Name to check against the padrón (no |; at most 254 characters in NFC)",
    }),
    zip: Type.String({ maxLength: 10, description: "Fiscal postal code to check against the padrón" }),
    id_cif: Type.Optional(
      Type.String({
        pattern: "^\\s*[0-9]{5,20}\\s*$",
        maxLength: 40,
        description: "The Constancia's idCIF: name and zip are checked against SAT's CSF page instead",
      }),
    ),
  },
  { additionalProperties: false },
);

// No maxItems: more than 5,000 records is `batch_too_large`, not a schema error (the body limit bounds it).
export const VerifyBatchBody = Type.Object(
  {
    records: Type.Array(BatchRecordSchema, { minItems: 1, description: "1 to 5,000 records" }),
    webhook_url: Type.String({ maxLength: 4096, description: "http(s) URL that receives the result" }),
  },
  { additionalProperties: false },
);

export const AcceptedSchema = Type.Object({
  status: Type.Literal("processing"),
  message: Type.String(),
  request_id: Type.String(),
});

export type BatchRecord = Static<typeof BatchRecordSchema>;

/** One answered record: the verify answer (spec §2.5) plus the echoed name and zip. */
export type BatchResult = BatchRecord & Static<typeof VerifySchema>;
