import { Type } from "typebox";
import { Nullable } from "../platform/http/schemas.ts";

// Request bodies (DESIGN §3.1): unknown fields rejected, every string bounded. The RFC and name bounds
// hold on the NFC form (read-rfc.ts); the schema leaves room for the same text sent in NFD, where one
// code point becomes at most 4 (U+1F82).
export const MAX_RFC_LENGTH = 20;
export const MAX_NAME_LENGTH = 254;
export const NFD_ROOM = 4;
const Rfc = Type.String({
  minLength: 1,
  maxLength: MAX_RFC_LENGTH * NFD_ROOM,
  description: "12 (company) or 13 (individual) characters; at most 20 as sent, in NFC",
});
// CFDI 4.0's Nombre takes no "|", and SAT's padrón file would read it as a column break.
export const NAME_PATTERN = "^[^|]*$";
const Name = Type.String({
  minLength: 1,
  maxLength: MAX_NAME_LENGTH * NFD_ROOM,
  pattern: NAME_PATTERN,
  description: "Taxpayer name as registered (no |; at most 254 characters in NFC)",
});
const Zip = Type.String({ minLength: 1, maxLength: 10, description: "Postal code (5 digits)" });
const strict = { additionalProperties: false } as const;
export const IdCif = Type.String({
  minLength: 1,
  maxLength: 40,
  description: "The idCIF printed at the top right of the Constancia de Situación Fiscal (11 digits)",
});
const OptionalIdCif = Type.Optional({
  ...IdCif,
  description: "With it, name and zip are checked against SAT's CSF page for RFC + idCIF (source sat_csf)",
});
// Longer than the 2,048 allowed so that an over-long URL is `invalid_webhook_url`, not a schema error.
const WebhookUrl = Type.Optional(
  Type.String({ maxLength: 4096, description: "Answer 202 at once and POST the result here" }),
);

export const ValidateBody = Type.Object(
  { rfc: Rfc, name: Type.Optional(Name), id_cif: OptionalIdCif, webhook_url: WebhookUrl },
  strict,
);
export const VerifyBody = Type.Object(
  {
    rfc: Rfc,
    name: Type.Optional(Name),
    zip: Type.Optional(Zip),
    id_cif: OptionalIdCif,
    webhook_url: WebhookUrl,
  },
  strict,
);
export const FindZipBody = Type.Object({ rfc: Rfc, name: Name, webhook_url: WebhookUrl }, strict);
export const ProfileBody = Type.Object({ rfc: Rfc, webhook_url: WebhookUrl }, strict);
export const RegistrationBody = Type.Object({ rfc: Rfc }, strict);
export const CommerceRegistryBody = Type.Object(
  {
    rfc: Type.String({
      minLength: 1,
      maxLength: MAX_RFC_LENGTH * NFD_ROOM,
      description: "Company RFC (12 characters)",
    }),
    name: Type.Optional(Name),
    webhook_url: Type.Optional(
      Type.String({ maxLength: 4096, description: "HTTPS only: answer 202 and POST the result here" }),
    ),
  },
  strict,
);

const Tri = Nullable(Type.Boolean());
/** Additive: set when the answer came from a local copy of SAT's lists (l_RFC or LCO) or the CSF page. */
export const ListSourceFields = {
  source: Type.Optional(Type.String({ description: "sat_rfc_list, sat_certificate_list or sat_csf" })),
  data_as_of: Type.Optional(Type.String({ format: "date-time", description: "Date of that list" })),
};
const NullableString = Nullable(Type.String());

export const CertificateSchema = Type.Object({
  serial: Type.String(),
  status: Type.String(),
  type: Type.String(),
  valid_from_utc: Type.String(),
  valid_to_utc: Type.String(),
  email: NullableString,
  legal_representative_rfc: NullableString,
  legal_representative_curp: NullableString,
  curp: NullableString,
  cer_base64: NullableString,
});

export const IdentitySchema = Type.Object({
  curp: Type.String(),
  renapo_valid: Type.Boolean(),
  names: Type.Optional(Type.String()),
  paternal_surname: Type.Optional(Type.String()),
  mothers_maiden_name: Type.Optional(Type.String()),
  sex: Type.Optional(Type.String()),
  birthdate: Type.Optional(Type.String()),
  nationality: Type.Optional(Type.String()),
  entity_birth: Type.Optional(Type.String()),
  status_curp: Type.Optional(Type.String()),
  probation_document: Type.Optional(Type.String()),
  probation_document_data: Type.Optional(Type.Object({}, { additionalProperties: true })),
  homonimo: Type.Boolean(),
});

export const SatListEntrySchema = Type.Object({
  article: Type.String({ description: "69, 69-B or 69-B Bis" }),
  sub_list: Type.String({ description: "Lowercase Spanish list name, e.g. firmes, definitivos" }),
  situation: Type.String(),
  name: Type.String(),
  person_type: Type.String({ description: "M (company) or F (individual)" }),
  state: Type.String(),
});

const CFDI_NAME =
  "The name for a CFDI 4.0 invoice's Receptor/@Nombre: the registered name without its régimen de capital";

// Typed as the steps themselves: a union built from an array would infer as never.
const Unavailable = <S extends string>(steps: readonly S[], description: string) =>
  Type.Unsafe<S[]>(Type.Array(Type.Union(steps.map((step) => Type.Literal(step))), { description }));

export const ValidationSchema = Type.Object({
  rfc: Type.String(),
  valid: Tri,
  message: Type.String(),
  name: Type.Optional(Type.String()),
  cfdi_name: Type.Optional(Type.String({ description: CFDI_NAME })),
  zip: Type.Optional(Type.String()),
  sat_lists: Nullable(
    Type.Array(SatListEntrySchema, {
      description: "[] when the RFC is in no list; null when unknown (the lists are not loaded)",
    }),
  ),
  missing_lists: Type.Optional(
    Type.Array(Type.String(), {
      description:
        "Only while some lists are not loaded: their keys, e.g. 69/firmes (sat_lists is then unavailable)",
    }),
  ),
  email: Type.Optional(Type.String()),
  curp: Type.Optional(Type.String()),
  legal_representative_rfc: Type.Optional(Type.String()),
  legal_representative_curp: Type.Optional(Type.String()),
  legal_representative: Type.Optional(IdentitySchema),
  person: Type.Optional(IdentitySchema),
  // Omitted when the certificate search could not be reached (unknown is not "none").
  certs: Type.Optional(Type.Array(CertificateSchema)),
  unavailable: Unavailable(
    ["status", "certs", "identity", "zip", "sat_lists"],
    "Steps that could not be answered ([] when all did): the answer is partial and costs half; with status, nothing",
  ),
  ...ListSourceFields,
});

export const VerifySchema = Type.Object({
  rfc: Type.String(),
  valid: Tri,
  message: Type.String(),
  ...ListSourceFields,
});

export const FindZipSchema = Type.Object({
  rfc: Type.String(),
  valid: Tri,
  zip: Type.Optional(Type.String()),
  message: Type.String(),
});

export const ProfileSchema = Type.Object({
  rfc: Type.String(),
  found: Tri,
  name: Type.Optional(Type.String()),
  cfdi_name: Type.Optional(Type.String({ description: CFDI_NAME })),
  message: Type.String(),
  email: Type.Optional(Type.String()),
  curp: Type.Optional(Type.String()),
  legal_representative_rfc: Type.Optional(Type.String()),
  legal_representative_curp: Type.Optional(Type.String()),
  certs: Type.Optional(Type.Array(CertificateSchema)),
  unavailable: Unavailable(["certs"], '["certs"] when the search or a listed .cer could not be had; else []'),
  ...ListSourceFields,
});
