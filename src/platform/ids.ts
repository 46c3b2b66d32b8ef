import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Uniformly random base62 text; `randomInt` draws from Node's own buffer of random bytes. */
export function randomBase62(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
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
