import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { ListEntry } from "./list-entry.ts";
import { mergeSortedRuns } from "./merge-sorted-runs.ts";

/**
 * Entries sorted and spilled at once, in one turn of the event loop (about a millisecond). A run is read
 * back 8 KiB at a time: a 1M-row file has 1,000 runs, so 8 MB of buffers.
 */
export const RUN_ROWS = 1_000;
const READ_BYTES = 8 * 1024;

export type PositionedEntry = { position: number; entry: ListEntry };

/**
 * A list file's entries in RFC order (file order among equal RFCs), `size` at a time, so the version's
 * rows land at the end of the (version, rfc) index instead of all over it: written in file order, every
 * statement rewrote hundreds of index pages. Sorted runs go to a scratch file, merged while read.
 */
export async function* sortEntriesByRfc(
  batches: AsyncIterable<ListEntry[]>,
  size: number,
  scratchRoot = tmpdir(),
): AsyncGenerator<PositionedEntry[]> {
  let run: PositionedEntry[] = [];
  let position = 0;
  let spill: { dir: string; fd: number; runs: { start: number; end: number }[]; bytes: number } | null = null;
  try {
    for await (const batch of batches) {
      for (const entry of batch) {
        run.push({ position: position++, entry });
        if (run.length < RUN_ROWS) continue;
        spill ??= openSpill(scratchRoot);
        const text = Buffer.from(run.sort(byRfc).map(serialize).join(""));
        writeSync(spill.fd, text, 0, text.length, spill.bytes);
        spill.runs.push({ start: spill.bytes, end: spill.bytes + text.length });
        spill.bytes += text.length;
        run = [];
      }
      // A buffered stream hands over its next chunk without a turn of the event loop.
      await yieldToEventLoop();
    }
    run.sort(byRfc);
    const heads: Iterator<PositionedEntry>[] = spill
      ? spill.runs.map((range) => readRun(spill!.fd, range))
      : [];
    if (run.length > 0) heads.push(run.values());
    yield* mergeSortedRuns(heads, byRfc, size);
  } finally {
    if (spill) {
      closeSync(spill.fd);
      rmSync(spill.dir, { recursive: true, force: true });
    }
  }
}

function openSpill(root: string) {
  const dir = mkdtempSync(join(root, "padron-list-sort-"));
  return { dir, fd: openSync(join(dir, "runs"), "w+"), runs: [], bytes: 0 };
}

function byRfc(a: PositionedEntry, b: PositionedEntry): number {
  if (a.entry.rfc !== b.entry.rfc) return a.entry.rfc < b.entry.rfc ? -1 : 1;
  return a.position - b.position;
}

// Read back as JSON objects, not rebuilt from literals: V8 pretenured the literals' allocation sites in
// some runs (every run's head stays alive), and the old generation then held every merged row (0041).
const serialize = (item: PositionedEntry) => `${JSON.stringify(item)}\n`;
const deserialize = (line: string): PositionedEntry => JSON.parse(line);

/**
 * One spilled run, read back a few kilobytes at a time. Each line becomes a string only when its turn
 * comes: strings made a chunk ahead outlived the young generation and filled the old one.
 */
function* readRun(fd: number, range: { start: number; end: number }): Generator<PositionedEntry> {
  let buffer = Buffer.alloc(READ_BYTES);
  let offset = range.start;
  let filled = 0;
  while (offset < range.end || filled > 0) {
    if (filled === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(buffer.length)]);
    const read = readSync(fd, buffer, filled, Math.min(buffer.length - filled, range.end - offset), offset);
    offset += read;
    filled += read;
    let lineStart = 0;
    for (let newline = buffer.indexOf(10, 0); newline !== -1 && newline < filled; ) {
      yield deserialize(buffer.toString("utf8", lineStart, newline));
      lineStart = newline + 1;
      newline = buffer.indexOf(10, lineStart);
    }
    buffer.copyWithin(0, lineStart, filled);
    filled -= lineStart;
    if (read === 0 && filled > 0) throw new Error("list sort: a spilled run ends without a newline");
  }
}
