import { createHash } from "node:crypto";

/**
 * What makes two requests "the same" for a key: method, path and parsed body. The body is written in a
 * canonical form (object members sorted by name, at every depth), so the same JSON object sent with its
 * members in another order is the same body; array order still counts.
 */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return digestOf(method, path, canonical(body ?? null));
}

/**
 * The fingerprint as padron wrote it before the canonical form (members as sent): keys it stored, or
 * that a process not yet upgraded holds, still match the same body until they expire (24 h).
 */
export function formerFingerprintOf(method: string, path: string, body: unknown): string {
  return digestOf(method, path, body ?? null);
}

const digestOf = (method: string, path: string, body: unknown) =>
  createHash("sha256")
    .update(`${method} ${path}\n${JSON.stringify(body)}`)
    .digest("base64url");

/** A copy of a parsed JSON value whose objects list their members in sorted order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort())
    sorted[name] = canonical((value as Record<string, unknown>)[name]);
  return sorted;
}
