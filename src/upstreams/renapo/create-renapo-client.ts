import type { CachedSource } from "../answer-cache.ts";
import { getCachedJson } from "../get-cached-json.ts";
import { type LookupResult, unavailable } from "../result.ts";
import { parseRenapoAnswer } from "./parse-renapo-answer.ts";
import type { RenapoPort, RenapoRecord } from "./port.ts";

/** GET `{url}/{CURP}` → gob.mx JSON. */
export function createRenapoClient(connection: CachedSource<LookupResult<RenapoRecord>> | null): RenapoPort {
  return {
    async lookupCurp(curp, signal) {
      if (!connection) return unavailable("not_configured");
      const key = curp.trim().toUpperCase();
      const target = `${connection.url.replace(/\/+$/, "")}/${encodeURIComponent(key)}`;
      return getCachedJson(connection, key, target, signal, (json) => parseRenapoAnswer(json, key));
    },
  };
}
