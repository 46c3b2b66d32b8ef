import type { Readable } from "node:stream";
import iconv from "iconv-lite";
import { createCsvTokenizer } from "./tokenize-csv.ts";

/**
 * CSV records from a windows-1252 byte stream, in batches (one per input chunk), pulled on demand so memory
 * stays bounded. iconv-lite turns undefined bytes (0x81, 0x8D, …) into U+FFFD instead of stopping.
 */
export async function* readCp1252CsvRecords(
  source: AsyncIterable<Uint8Array> | Readable,
  maxRecordCharacters?: number,
): AsyncGenerator<string[][]> {
  const decoder = iconv.getDecoder("windows-1252");
  const tokenizer = createCsvTokenizer(maxRecordCharacters);
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : toBuffer(chunk);
    const records = tokenizer.push(decoder.write(bytes));
    if (records.length > 0) yield records;
  }
  const tail = decoder.end() ?? "";
  const records = [...tokenizer.push(tail), ...tokenizer.end()];
  if (records.length > 0) yield records;
}

function toBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
