import { Type } from "typebox";
import { Nullable } from "../platform/http/schemas.ts";
import { SatListEntrySchema } from "./rfc-schemas.ts";

// The answers of sat-lists and registration, read from padron's local copies of SAT's lists.

export const SatListsBody = Type.Object(
  { rfc: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);

export const SatListsSchema = Type.Object({
  rfc: Type.String(),
  sat_lists: Nullable(
    Type.Array(SatListEntrySchema, {
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

const Day = Nullable(Type.String({ format: "date" }));
const Flag = Nullable(Type.Boolean());

export const RegistrationSchema = Type.Object({
  rfc: Type.String(),
  registered: Nullable(
    Type.Boolean({ description: "null only when no registered-RFC list was ever imported" }),
  ),
  registered_since: Nullable(
    Type.String({ format: "date", description: "The start of its current (or last) stay on the list" }),
  ),
  registered_since_exact: Type.Boolean({
    description: "false when that is the first list date imported: on the list at least since then",
  }),
  removed_on: Day,
  sncf: Flag,
  subcontracting: Flag,
  can_invoice: Nullable(
    Type.Boolean({
      description: "An active CSD whose ValidezObligaciones is not 0; null without a certificate list",
    }),
  ),
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
