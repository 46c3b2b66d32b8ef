import { type Static, type TSchema, Type } from "typebox";

/**
 * `T | null` as one JSON Schema type list instead of an anyOf: the response serializer writes it
 * directly, where an anyOf makes it validate the value against each branch first.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type } = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, "null"] });
}

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    request_id: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: "Problem", description: "RFC 9457 problem details" },
);
