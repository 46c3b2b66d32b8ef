import { type CachedSource, cachedAnswer } from "../answer-cache.ts";
import { readJson } from "../read-json.ts";
import { type LookupResult, unavailable } from "../result.ts";
import { UpstreamFailure } from "../upstream-failure.ts";
import { parseRenapoAnswer } from "./parse-renapo-answer.ts";
import type { RenapoPort, RenapoRecord } from "./port.ts";

/** GET `{url}/{CURP}` → gob.mx JSON. */
export function createRenapoClient(connection: CachedSource<LookupResult<RenapoRecord>> | null): RenapoPort {
  return {
    async lookupCurp(curp, signal) {
      if (!connection) return unavailable("not_configured");
      const { url, caller, cache } = connection;
      const key = curp.trim().toUpperCase();
      const target = `${url.replace(/\/+$/, "")}/${encodeURIComponent(key)}`;
      return cachedAnswer(cache, key, signal, (shared) =>
        caller.call(shared, async (send) => {
          const answer = await send({ url: target, headers: { accept: "application/json" } });
          if (answer.statusCode === 404) throw new UpstreamFailure("http_error", "HTTP 404", false);
          return parseRenapoAnswer(readJson(answer.body), key);
        }),
      );
    },
  };
}
