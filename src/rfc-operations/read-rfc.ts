import { normalizeRfc } from "../mexico/normalize-rfc.ts";
import { type ParsedRfc, parseRfc } from "../mexico/parse-rfc.ts";
import { ServiceError } from "../platform/errors.ts";
import { MAX_NAME_LENGTH, MAX_RFC_LENGTH } from "./rfc-schemas.ts";

/**
 * The one RFC reader of every /v1/rfc operation: normalizes and checks the structure (DESIGN §3.1);
 * a check-digit mismatch is accepted.
 */
export function readRfc(raw: string): ParsedRfc {
  boundLength(raw.normalize("NFC"), MAX_RFC_LENGTH, "/rfc");
  const rfc = normalizeRfc(raw);
  const parsed = parseRfc(rfc);
  if (!parsed)
    throw new ServiceError(
      "invalid_rfc",
      `"${rfc}" is not a valid RFC: 3 or 4 letters, a date YYMMDD, a 2-character homoclave and a check character.`,
      { errors: [{ path: "/rfc", message: "RFC structure invalid" }] },
    );
  return parsed;
}

/**
 * A name as sent, in NFC (`E` + U+0301 is É for every rule and upstream), trimmed, tabs and line
 * breaks as spaces (they would break a padrón record); inner spaces are kept: SAT counts them.
 */
export function readName(raw: string | undefined, path = "/name"): string | undefined {
  const nfc = raw?.normalize("NFC");
  if (nfc !== undefined) boundLength(nfc, MAX_NAME_LENGTH, path);
  const name = nfc?.replace(/[\t\n\r\f\v]/g, " ").trim();
  return name ? name : undefined;
}

/** The schema's length bound, on the NFC form: the same text in NFD is not refused for its length. */
function boundLength(nfc: string, max: number, path: string): void {
  let codePoints = 0;
  for (const _ of nfc) if (++codePoints > max) break;
  if (codePoints > max)
    throw new ServiceError("invalid_request", `${path.slice(1)} is longer than ${max} characters.`, {
      errors: [{ path, message: `must NOT have more than ${max} characters` }],
    });
}
