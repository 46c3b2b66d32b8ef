import iconv from "iconv-lite";
import type { ListEntry } from "../../src/contributor-lists/list-entry.ts";
import { type ParsedListFile, parseListFile } from "../../src/contributor-lists/parse-list-file.ts";

/** A windows-1252 file from text lines (CRLF) and raw byte arrays spliced in where a test needs odd bytes. */
export function cp1252File(...parts: (string | number[])[]): Buffer {
  return Buffer.concat(
    parts.map((part) => (typeof part === "string" ? iconv.encode(part, "windows-1252") : Buffer.from(part))),
  );
}

export function crlf(...lines: string[]): string {
  return lines.map((line) => `${line}\r\n`).join("");
}

/** Feeds the bytes in small chunks so records and quoted newlines straddle chunk boundaries. */
export async function* inChunks(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

export async function parseAll(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ entries: ListEntry[]; parsed: ParsedListFile }> {
  const parsed = parseListFile(inChunks(bytes), fileName);
  const entries: ListEntry[] = [];
  for await (const entry of parsed) entries.push(entry);
  return { entries, parsed };
}
