import { type CachedSource, cachedAnswer } from "./answer-cache.ts";
import { readJson } from "./read-json.ts";
import type { NotFound, Ok, Unavailable } from "./result.ts";
import { UpstreamFailure } from "./upstream-failure.ts";

/** GET `target` of a cached JSON source and read its body; a 404 is an HTTP error, not a "missing". */
export function getCachedJson<R extends Ok<unknown> | NotFound>(
  { caller, cache }: CachedSource<R | Unavailable>,
  key: string,
  target: string,
  signal: AbortSignal | undefined,
  read: (json: unknown) => R,
) {
  return cachedAnswer(cache, key, signal, (shared) =>
    caller.call(shared, async (send) => {
      const answer = await send({ url: target, headers: { accept: "application/json" } });
      if (answer.statusCode === 404) throw new UpstreamFailure("http_error", "HTTP 404", false);
      return read(readJson(answer.body));
    }),
  );
}
