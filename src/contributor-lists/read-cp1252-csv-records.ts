import type { Readable } from "node:stream";
import iconv from "iconv-lite";
import { createCsvTokenizer } from "./tokenize-csv.ts";

/**
 * CSV records from a windows-1252 byte stream, in batches (one per input chunk), pulled on demand so memory
 * stays bounded. iconv-lite turns undefined bytes (0x81, 0x8D, …) into U+FFFD instead of stopping.
 * A file re-saved as UTF-8 with a BOM (Excel's "CSV UTF-8") is read as UTF-8.
 */
export async function* readCp1252CsvRecords(
  source: AsyncIterable<Uint8Array> | Readable,
  maxRecordCharacters?: number,
): AsyncGenerator<string[][]> {
  let decoder: ReturnType<typeof iconv.getDecoder> | undefined;
  const tokenizer = createCsvTokenizer(maxRecordCharacters);
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    let bytes = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : toBuffer(chunk);
    if (!decoder) {
      if (bytes.length === 0) continue;
      const utf8 = bytes.subarray(0, 3).equals(UTF8_BOM);
      decoder = iconv.getDecoder(utf8 ? "utf-8" : "windows-1252");
      if (utf8) bytes = bytes.subarray(3);
    }
    const records = tokenizer.push(decoder.write(bytes));
    if (records.length > 0) yield records;
  }
  const tail = decoder?.end() ?? "";
  const records = [...tokenizer.push(tail), ...tokenizer.end()];
  if (records.length > 0) yield records;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function toBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
