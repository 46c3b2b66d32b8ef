import type { CachedSource } from "../answer-cache.ts";
import { getCachedJson } from "../get-cached-json.ts";
import { ok, type UpstreamResult, unavailable } from "../result.ts";
import { parseRegistryAnswer } from "./parse-registry-answer.ts";
import type { CommerceRegistryPort, RegistryRecord } from "./port.ts";

/** GET `{url}?name=NAME` → `{ query, records }`. */
export function createCommerceRegistryClient(
  connection: CachedSource<UpstreamResult<RegistryRecord[]>> | null,
): CommerceRegistryPort {
  return {
    async searchByName(name, signal) {
      if (!connection) return unavailable("not_configured");
      const query = name.trim().replace(/\s+/g, " ");
      const target = new URL(connection.url);
      target.searchParams.set("name", query);
      return getCachedJson(connection, query.toUpperCase(), target.href, signal, (json) =>
        ok(parseRegistryAnswer(json)),
      );
    },
  };
}
