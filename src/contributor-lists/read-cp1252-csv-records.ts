import { pipeline, Readable } from "node:stream";
import { parse } from "csv-parse";
import iconv from "iconv-lite";

/** Longest record accepted; an unbalanced quote fails here instead of swallowing the rest of the file. */
const MAX_RECORD_CHARACTERS = 1 << 20;

/**
 * CSV records (arrays of cells) from a windows-1252 byte stream, with backpressure end to end.
 * iconv-lite replaces undefined bytes (0x81, 0x8D, …) with U+FFFD instead of stopping, and
 * csv-parse handles quoted commas and newlines; rows may have any number of cells.
 */
export function readCp1252CsvRecords(source: AsyncIterable<Uint8Array> | Readable): Readable {
  const input = source instanceof Readable ? source : Readable.from(source, { objectMode: false });
  const parser = parse({
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  // pipeline destroys every stage with the first error, so the consumer's iteration throws it.
  return pipeline(input, iconv.decodeStream("windows-1252"), parser, () => {});
}
