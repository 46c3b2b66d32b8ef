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
