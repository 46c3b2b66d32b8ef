import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniformly random base62 text (rejection sampling keeps every character equally likely). */
// Random bytes are drawn from a pool refilled 4 KiB at a time: one system call serves many ids.
let pool = randomBytes(4096);
let offset = 0;
function nextByte(): number {
  if (offset === pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  return pool[offset++];
}

export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = nextByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

export function toBase62(value: number, width: number): string {
  let out = "";
  let rest = value;
  do {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, "0");
}

/** Time-ordered ids: a millisecond timestamp then randomness, so they sort by creation. */
export function newId(prefix: string): string {
  return `${prefix}_${toBase62(Date.now(), 8)}${randomBase62(14)}`;
}
