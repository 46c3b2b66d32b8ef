import type { FileHandle } from "node:fs/promises";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Records per sorted run: 1M numbers (8 MB) sort natively in well under 100 ms. */
const RUN_NUMBERS = 1 << 20;
const READ_RECORDS = 1 << 14;

/**
 * External sort of fixed-width records of numbers by their first number: sorted runs go to a scratch
 * file and are merged while read back (runs that do not overlap, as from an already sorted list, are
 * simply read in turn). Out come batches of whole records; the scratch file is gone afterwards.
 */
export async function* sortRecords(
  batches: AsyncIterable<Float64Array>,
  width = 1,
  scratchRoot = tmpdir(),
): AsyncGenerator<Float64Array> {
  const runLength = Math.floor(RUN_NUMBERS / width) * width;
  let run = new Float64Array(runLength);
  let filled = 0;
  let spill: { dir: string; file: FileHandle; runs: Run[]; bytes: number } | null = null;
  try {
    for await (const batch of batches) {
      for (let offset = 0; offset < batch.length; ) {
        const take = Math.min(batch.length - offset, runLength - filled);
        run.set(batch.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled < runLength) continue;
        spill ??= await openSpill(scratchRoot);
        await writeRun(spill, sortRun(run, width), width);
        filled = 0;
      }
    }
    const last = sortRun(run.subarray(0, filled), width);
    if (!spill) {
      for (let start = 0; start < last.length; start += READ_RECORDS * width)
        yield last.subarray(start, start + READ_RECORDS * width);
      return;
    }
    if (last.length > 0) await writeRun(spill, last, width);
    run = new Float64Array(0);
    yield* mergeRuns(spill.file, spill.runs, width);
  } finally {
    if (spill) {
      await spill.file.close();
      await rm(spill.dir, { recursive: true, force: true });
    }
  }
}

type Run = { start: number; records: number; first: number; last: number };

async function openSpill(root: string) {
  const dir = await mkdtemp(join(root, "padron-registration-sort-"));
  return { dir, file: await open(join(dir, "runs"), "w+"), runs: [] as Run[], bytes: 0 };
}

async function writeRun(
  spill: { file: FileHandle; runs: Run[]; bytes: number },
  records: Float64Array,
  width: number,
) {
  const bytes = new Uint8Array(records.buffer, records.byteOffset, records.byteLength);
  await spill.file.write(bytes, 0, bytes.length, spill.bytes);
  const count = records.length / width;
  spill.runs.push({
    start: spill.bytes,
    records: count,
    first: records[0],
    last: records[records.length - width],
  });
  spill.bytes += bytes.length;
}

/** Sorted in place by the first number of each record (a copy when records are wider than one). */
function sortRun(records: Float64Array, width: number): Float64Array {
  let sorted = true;
  for (let i = width; i < records.length && sorted; i += width) sorted = records[i - width] <= records[i];
  if (sorted) return records;
  if (width === 1) return records.sort();
  const count = records.length / width;
  const order = new Uint32Array(count)
    .map((_, i) => i)
    .sort((a, b) => records[a * width] - records[b * width]);
  const out = new Float64Array(records.length);
  for (let i = 0; i < count; i++)
    out.set(records.subarray(order[i] * width, order[i] * width + width), i * width);
  return out;
}

class RunReader {
  block = new Float64Array(0);
  index = 0;
  readonly file: FileHandle;
  readonly width: number;
  #next: number;
  #left: number;

  constructor(file: FileHandle, run: Run, width: number) {
    this.file = file;
    this.width = width;
    this.#next = run.start;
    this.#left = run.records;
  }

  /** Loads the next block; false when the run is done. */
  async refill(): Promise<boolean> {
    if (this.#left === 0) return false;
    const records = Math.min(READ_RECORDS, this.#left);
    const bytes = new Uint8Array(records * this.width * 8);
    await this.file.read(bytes, 0, bytes.length, this.#next);
    this.#next += bytes.length;
    this.#left -= records;
    this.block = new Float64Array(bytes.buffer);
    this.index = 0;
    return true;
  }
}

async function* mergeRuns(file: FileHandle, runs: Run[], width: number): AsyncGenerator<Float64Array> {
  const readers = runs.map((run) => new RunReader(file, run, width));
  const disjoint = runs.every((run, i) => i === 0 || runs[i - 1].last <= run.first);
  if (disjoint) {
    for (const reader of readers) while (await reader.refill()) yield reader.block;
    return;
  }
  const heap: RunReader[] = [];
  for (const reader of readers) if (await reader.refill()) heap.push(reader);
  const key = (r: RunReader) => r.block[r.index];
  const siftDown = (from: number) => {
    for (let i = from; ; ) {
      const left = 2 * i + 1;
      let least = i;
      if (left < heap.length && key(heap[left]) < key(heap[least])) least = left;
      if (left + 1 < heap.length && key(heap[left + 1]) < key(heap[least])) least = left + 1;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least], heap[i]];
      i = least;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(i);
  const size = READ_RECORDS * width;
  let out = new Float64Array(size);
  let filled = 0;
  while (heap.length > 0) {
    const top = heap[0];
    for (let w = 0; w < width; w++) out[filled++] = top.block[top.index + w];
    top.index += width;
    if (top.index >= top.block.length && !(await top.refill())) {
      const last = heap.pop() as RunReader;
      if (heap.length > 0) heap[0] = last;
    }
    if (heap.length > 0) siftDown(0);
    if (filled === size) {
      yield out;
      out = new Float64Array(size);
      filled = 0;
    }
  }
  if (filled > 0) yield out.subarray(0, filled);
}
