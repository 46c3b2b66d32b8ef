import { type CachedSource, cachedAnswer } from "../answer-cache.ts";
import { readJson } from "../read-json.ts";
import { ok, type UpstreamResult, unavailable } from "../result.ts";
import { UpstreamFailure } from "../upstream-failure.ts";
import { parseRegistryAnswer } from "./parse-registry-answer.ts";
import type { CommerceRegistryPort, RegistryRecord } from "./port.ts";

/** GET `{url}?name=NAME` → `{ query, records }`. */
export function createCommerceRegistryClient(
  connection: CachedSource<UpstreamResult<RegistryRecord[]>> | null,
): CommerceRegistryPort {
  return {
    async searchByName(name, signal) {
      if (!connection) return unavailable("not_configured");
      const { url, caller, cache } = connection;
      const query = name.trim().replace(/\s+/g, " ");
      const target = new URL(url);
      target.searchParams.set("name", query);
      return cachedAnswer(cache, query.toUpperCase(), signal, (shared) =>
        caller.call(shared, async (send) => {
          const answer = await send({ url: target.href, headers: { accept: "application/json" } });
          if (answer.statusCode === 404) throw new UpstreamFailure("http_error", "HTTP 404", false);
          return ok(parseRegistryAnswer(readJson(answer.body)));
        }),
      );
    },
  };
}
