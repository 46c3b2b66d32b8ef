import type { Readable } from "node:stream";
import { buildListEntry } from "./build-list-entry.ts";
import type { ListFileSpec } from "./catalog.ts";
import type { ListEntry } from "./list-entry.ts";
import { ListFileError } from "./list-file-error.ts";
import { parseContentDate } from "./parse-content-date.ts";
import { readCp1252CsvRecords } from "./read-cp1252-csv-records.ts";
import { type HeaderColumns, isHeaderRow, readHeaderColumns } from "./read-header-columns.ts";
import { recognizeListFile } from "./recognize-list-file.ts";

/** SAT's files have 0–2 preamble lines today; more than this means it is not a list file. */
const MAX_PREAMBLE_ROWS = 20;

type ListFileMeta = ReturnType<typeof readMeta>;

/** Live counters; final once iteration has ended. */
type ListParseStats = Record<"entries" | "suppressed" | "skippedRows" | "unknownSituations", number>;

/** Iterate ONE of `entries`, `batches` or the object itself, once: they share one pass over the input. */
export type ParsedListFile = AsyncIterable<ListEntry> & {
  entries: AsyncIterable<ListEntry>;
  /** The same entries grouped per input chunk, for storage that inserts in batches. */
  batches: AsyncIterable<ListEntry[]>;
  /** Settles once iteration reaches the header row (rejects with ListFileError if there is none). */
  meta: Promise<ListFileMeta>;
  stats: ListParseStats;
};

/** Streams the entries of one SAT list file in bounded memory. */
export function parseListFile(
  source: AsyncIterable<Uint8Array> | Readable,
  fileName: string,
): ParsedListFile {
  const stats: ListParseStats = { entries: 0, suppressed: 0, skippedRows: 0, unknownSituations: 0 };
  const settleMeta = Promise.withResolvers<ListFileMeta>();
  const meta = settleMeta.promise;
  meta.catch(() => {}); // callers that only iterate must not get an unhandled rejection
  const batches = readEntryBatches(source, fileName, stats, settleMeta);
  const entries = flatten(batches);
  return { entries, batches, meta, stats, [Symbol.asyncIterator]: () => entries[Symbol.asyncIterator]() };
}

/** The file's list, and the "actualizada al" date of its preamble (69-B, 69-B Bis) as YYYY-MM-DD or null. */
function readMeta(fileName: string, header: string[], preamble: string[]) {
  const list = recognizeListFile(fileName, header);
  if (!list) throw new ListFileError(`${fileName}: not a known SAT list (file name and header unrecognised)`);
  const contentDate = parseContentDate(preamble.join(" "));
  return { fileName, list, contentDate, header: header.map((cell) => cell.trim()), preamble };
}

function preambleText(cells: readonly string[]): string {
  return cells
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join(" ");
}

async function* flatten(batches: AsyncIterable<ListEntry[]>): AsyncGenerator<ListEntry> {
  for await (const batch of batches) yield* batch;
}

async function* readEntryBatches(
  source: AsyncIterable<Uint8Array> | Readable,
  fileName: string,
  stats: ListParseStats,
  settleMeta: PromiseWithResolvers<ListFileMeta>,
): AsyncGenerator<ListEntry[]> {
  const preamble: string[] = [];
  let list: ListFileSpec | null = null;
  let columns: HeaderColumns | null = null;
  try {
    for await (const records of readCp1252CsvRecords(source)) {
      const batch: ListEntry[] = [];
      for (const cells of records) {
        if (cells.every((cell) => cell.trim() === "")) continue;
        if (!columns || !list) {
          if (isHeaderRow(cells)) {
            const meta = readMeta(fileName, cells, preamble);
            ({ list } = meta);
            columns = readHeaderColumns(cells);
            settleMeta.resolve(meta);
          } else {
            preamble.push(preambleText(cells));
            if (preamble.length > MAX_PREAMBLE_ROWS)
              throw new ListFileError(`${fileName}: no RFC header row found`);
          }
          continue;
        }
        const entry = buildListEntry(cells, columns, list);
        if (entry === "no_rfc") stats.skippedRows++;
        else if (entry === "unknown_situation") stats.unknownSituations++;
        else {
          stats.entries++;
          if (entry.suppressed) stats.suppressed++;
          batch.push(entry);
        }
      }
      if (batch.length > 0) yield batch;
    }
    if (!columns) throw new ListFileError(`${fileName}: no RFC header row found`);
  } catch (error) {
    const failure =
      error instanceof ListFileError
        ? error
        : new ListFileError(`${fileName}: ${String(error)}`, { cause: error });
    settleMeta.reject(failure);
    throw failure;
  } finally {
    settleMeta.reject(new ListFileError(`${fileName}: reading stopped before the header row`));
  }
}
