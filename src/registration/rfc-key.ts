import { createHash } from "node:crypto";

// An RFC packs into one integer below 2^49, in the order of its latin-1 text: 3 letters, a 4th
// letter or the company mark, YYMMDD, two homoclave characters and the check character. So the
// packed RFC can be the row's key (7 bytes in SQLite), and a list sorted as text is sorted by key.
const COMPANY = 1;
const DATES = 37_200; // YY * 372 + (MM - 1) * 31 + DD - 1
const HOMOCLAVES = 36 * 36 * 11;
/** RFCs that do not pack (not an RFC's structure) get a hashed key at or above this. */
const UNPACKED_BASE = 2 ** 49;
/** Sandbox rows live above the live ones: one key space, two modes. */
export const SANDBOX_KEY_OFFSET = 2 ** 50;
export const MODE_KEY_SPAN = 2 ** 50;

export type KeyMode = "live" | "sandbox";
export const keyOffset = (mode: KeyMode) => (mode === "sandbox" ? SANDBOX_KEY_OFFSET : 0);

const LETTERS = "&ABCDEFGHIJKLMNOPQRSTUVWXYZÑ";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** & → 0, A–Z → 1–26, Ñ (latin-1 0xD1) → 27; -1 otherwise. */
function letter(byte: number): number {
  if (byte >= 65 && byte <= 90) return byte - 64;
  if (byte === 0x26) return 0;
  if (byte === 0xd1) return 27;
  return -1;
}

function alphanumeric(byte: number): number {
  if (byte >= 48 && byte <= 57) return byte - 48;
  if (byte >= 65 && byte <= 90) return byte - 55;
  return -1;
}

const digit = (byte: number) => (byte >= 48 && byte <= 57 ? byte - 48 : -1);
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The key of the latin-1 RFC in `bytes[start, end)`, or -1 when it is not an RFC's structure. */
export function packRfcBytes(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  if (length !== 12 && length !== 13) return -1;
  const l1 = letter(bytes[start]);
  const l2 = letter(bytes[start + 1]);
  const l3 = letter(bytes[start + 2]);
  if (l1 < 0 || l2 < 0 || l3 < 0) return -1;
  let fourth = COMPANY;
  if (length === 13) {
    const l4 = letter(bytes[start + 3]);
    if (l4 < 0) return -1;
    fourth = l4 === 0 ? 0 : l4 + 1;
  }
  const p = start + length - 9;
  let yymmdd = 0;
  for (let i = 0; i < 6; i++) {
    const d = digit(bytes[p + i]);
    if (d < 0) return -1;
    yymmdd = yymmdd * 10 + d;
  }
  const yy = Math.floor(yymmdd / 10_000);
  const mm = Math.floor(yymmdd / 100) % 100;
  const dd = yymmdd % 100;
  if (mm < 1 || mm > 12 || dd < 1 || dd > DAYS_IN_MONTH[mm - 1]) return -1;
  if (mm === 2 && dd === 29 && yy % 4 !== 0) return -1;
  const h1 = alphanumeric(bytes[p + 6]);
  const h2 = alphanumeric(bytes[p + 7]);
  const check = bytes[p + 8] === 65 ? 10 : digit(bytes[p + 8]);
  if (h1 < 0 || h2 < 0 || check < 0) return -1;
  const prefix = ((l1 * 28 + l2) * 28 + l3) * 29 + fourth;
  return (prefix * DATES + yy * 372 + (mm - 1) * 31 + dd - 1) * HOMOCLAVES + (h1 * 36 + h2) * 11 + check;
}

/** The RFC's key in a mode: packed when it has an RFC's structure, else hashed (see registered_rfc_texts). */
export function rfcKey(rfc: string, mode: KeyMode): number {
  const bytes = Buffer.from(rfc, "latin1");
  const packed = packRfcBytes(bytes, 0, bytes.length);
  return (packed >= 0 ? packed : unpackedKey(rfc)) + keyOffset(mode);
}

/** 48 bits of the text's SHA-256 above the packed range (collisions are refused at import). */
export function unpackedKey(rfc: string): number {
  return UNPACKED_BASE + createHash("sha256").update(rfc, "latin1").digest().readUIntBE(0, 6);
}

/** The RFC text of a packed key (any mode); null for a hashed one. */
export function unpackRfc(key: number): string | null {
  let rest = key % MODE_KEY_SPAN;
  if (rest >= UNPACKED_BASE) return null;
  const check = rest % 11;
  rest = Math.floor(rest / 11);
  const h2 = rest % 36;
  rest = Math.floor(rest / 36);
  const h1 = rest % 36;
  rest = Math.floor(rest / 36);
  const date = rest % DATES;
  rest = Math.floor(rest / DATES);
  const fourth = rest % 29;
  rest = Math.floor(rest / 29);
  const letters = LETTERS[Math.floor(rest / 784)] + LETTERS[Math.floor(rest / 28) % 28] + LETTERS[rest % 28];
  const yy = Math.floor(date / 372);
  const mm = Math.floor((date % 372) / 31) + 1;
  const dd = (date % 31) + 1;
  const two = (n: number) => String(n).padStart(2, "0");
  const head = fourth === COMPANY ? letters : letters + LETTERS[fourth === 0 ? 0 : fourth - 1];
  return `${head}${two(yy)}${two(mm)}${two(dd)}${ALPHANUMERIC[h1]}${ALPHANUMERIC[h2]}${check === 10 ? "A" : check}`;
}
