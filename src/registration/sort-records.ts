import type { FileHandle } from "node:fs/promises";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FlushingWrite, flushingWriter } from "./flushing-writer.ts";
import { mergeRuns, type Run } from "./merge-runs.ts";

export type SortSizes = {
  /** Numbers per sorted run: 1M numbers (8 MB) sort natively in well under 100 ms. */
  runNumbers: number;
  /** Numbers the merge reads ahead from all runs together: 16 MB, however long the list. */
  mergeNumbers: number;
  /** Records per batch out. */
  batchRecords: number;
  scratchRoot: string;
};

const DEFAULT_SIZES: SortSizes = {
  runNumbers: 1 << 20,
  mergeNumbers: 1 << 21,
  batchRecords: 1 << 14,
  scratchRoot: tmpdir(),
};

/**
 * External sort of fixed-width number records by their first number, stable (equal keys keep the order
 * they came in): sorted runs go to a scratch file and are merged on read-back (non-overlapping runs simply
 * read in turn), so memory stays bounded. Out come batches of whole records, each valid until the next
 * is asked for; the scratch file is removed.
 */
export async function* sortRecords(
  batches: AsyncIterable<Float64Array>,
  width = 1,
  sizes: Partial<SortSizes> = {},
): AsyncGenerator<Float64Array> {
  const { runNumbers, mergeNumbers, batchRecords, scratchRoot } = { ...DEFAULT_SIZES, ...sizes };
  const runLength = Math.max(1, Math.floor(runNumbers / width)) * width;
  let run: Float64Array = new Float64Array(runLength);
  // Wide records sort into a second buffer; the two swap after each run.
  let spare: Float64Array | null = width > 1 ? new Float64Array(runLength) : null;
  let filled = 0;
  let spill: Spill | null = null;
  try {
    for await (const batch of batches) {
      for (let offset = 0; offset < batch.length; ) {
        const take = Math.min(batch.length - offset, runLength - filled);
        run.set(batch.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled < runLength) continue;
        spill ??= await openSpill(scratchRoot);
        const sorted = sortRun(run, width, spare);
        await writeRun(spill, sorted, width);
        if (sorted === spare) [run, spare] = [spare, run];
        filled = 0;
      }
    }
    const last = sortRun(run.subarray(0, filled), width, spare?.subarray(0, filled) ?? null);
    if (!spill) {
      for (let start = 0; start < last.length; start += batchRecords * width)
        yield last.subarray(start, start + batchRecords * width);
      return;
    }
    if (last.length > 0) await writeRun(spill, last, width);
    [run, spare] = [new Float64Array(0), null];
    yield* mergeRuns(spill.file, spill.runs, { width, batchRecords, budgetNumbers: mergeNumbers });
  } finally {
    if (spill) {
      await spill.file.close();
      await rm(spill.dir, { recursive: true, force: true });
    }
  }
}

type Spill = { dir: string; file: FileHandle; write: FlushingWrite; runs: Run[]; bytes: number };

async function openSpill(root: string): Promise<Spill> {
  const dir = await mkdtemp(join(root, "padron-registration-sort-"));
  const file = await open(join(dir, "runs"), "w+");
  return { dir, file, write: flushingWriter(file), runs: [], bytes: 0 };
}

async function writeRun(spill: Spill, records: Float64Array, width: number) {
  const bytes = new Uint8Array(records.buffer, records.byteOffset, records.byteLength);
  await spill.write(bytes, spill.bytes);
  spill.runs.push({
    start: spill.bytes,
    records: records.length / width,
    first: records[0],
    last: records[records.length - width],
  });
  spill.bytes += bytes.length;
}

/** Sorted by the first number of each record: in place when one number wide, else into `into`. */
function sortRun(records: Float64Array, width: number, into: Float64Array | null): Float64Array {
  let sorted = true;
  for (let i = width; i < records.length && sorted; i += width) sorted = records[i - width] <= records[i];
  if (sorted) return records;
  if (width === 1) return records.sort();
  const out = into ?? new Float64Array(records.length);
  const count = records.length / width;
  const order = new Uint32Array(count)
    .map((_, i) => i)
    .sort((a, b) => records[a * width] - records[b * width]);
  for (let i = 0; i < count; i++)
    out.set(records.subarray(order[i] * width, order[i] * width + width), i * width);
  return out;
}
