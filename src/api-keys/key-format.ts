import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { randomBase62, toBase62 } from "../platform/ids.ts";

// pdr_live_/pdr_test_ + 32 random base62 + 6-char base62 CRC32 of everything before it, so secret
// scanners and our own front door can reject a mistyped key offline.
export type KeyMode = "live" | "test";

const KEY_PATTERN = /^pdr_(live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

const checksum = (body: string) => toBase62(crc32(body), 6);

export function generateApiKey(mode: KeyMode): string {
  const body = `pdr_${mode}_${randomBase62(32)}`;
  return body + checksum(body);
}

/** The key's mode when format and checksum hold; null otherwise (no database needed). */
export function checkApiKeyFormat(raw: string): KeyMode | null {
  const match = KEY_PATTERN.exec(raw);
  if (!match) return null;
  const body = raw.slice(0, raw.length - 6);
  return checksum(body) === match[3] ? (match[1] as KeyMode) : null;
}

export const hashApiKey = (raw: string): string => createHash("sha256").update(raw).digest("hex");

/** Enough to recognise a key in a list, far too little to guess it. */
export const displayPrefixOf = (raw: string): string => raw.slice(0, "pdr_live_".length + 6);
