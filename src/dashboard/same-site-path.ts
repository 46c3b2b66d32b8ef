// Any origin would do: only whether `next` stays on it matters, and the answer is a path.
const ORIGIN = "https://padron.invalid";

/**
 * `next` as a path of this site, or null. It is parsed as a browser would parse it in `Location`
 * (tabs and newlines dropped, backslashes as slashes, dot segments resolved) and must stay on the
 * origin with a path that starts with a single slash; the answer is the parsed form, all ASCII.
 */
export function sameSitePath(next: string): string | null {
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || !next.startsWith("/") || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}
