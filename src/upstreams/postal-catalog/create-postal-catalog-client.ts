import { ok, unavailable } from "../result.ts";
import type { UpstreamCaller } from "../upstream-caller.ts";
import { UpstreamFailure } from "../upstream-failure.ts";
import { parseSepomexCatalog } from "./parse-sepomex-catalog.ts";
import type { PostalCatalogPort } from "./port.ts";

/** GET the CPdescarga.txt file; not cached (the postal-codes module stores what it imports). */
export function createPostalCatalogClient(
  connection: { url: string; caller: UpstreamCaller } | null,
): PostalCatalogPort {
  return {
    async download(signal) {
      if (!connection) return unavailable("not_configured");
      const { url, caller } = connection;
      return caller.call(signal, async (send) => {
        const answer = await send({ url });
        if (answer.statusCode === 404) throw new UpstreamFailure("http_error", "HTTP 404", false);
        return ok(parseSepomexCatalog(answer.body));
      });
    },
  };
}
