import { normalizeRfc } from "../mexico/normalize-rfc.ts";
import { isValidRfcStructure } from "../mexico/parse-rfc.ts";
import { ServiceError } from "../platform/errors.ts";

/** Normalizes an RFC (DESIGN §3.1); 422 `invalid_rfc` when its structure is wrong. */
export function checkLookupRfc(input: string): string {
  const rfc = normalizeRfc(input);
  if (!isValidRfcStructure(rfc))
    throw new ServiceError("invalid_rfc", `"${rfc}" is not a structurally valid RFC.`, {
      errors: [
        { path: "/rfc", message: "expected 3–4 letters, a real YYMMDD date and a 3-character homoclave" },
      ],
    });
  return rfc;
}
