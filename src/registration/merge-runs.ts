import type { FileHandle } from "node:fs/promises";

/** A sorted run in the scratch file: where it starts, its record count, its first and last keys. */
export type Run = { start: number; records: number; first: number; last: number };

/** Fewest records a run reads at a time, however many runs share the merge's budget. */
const MIN_BLOCK_RECORDS = 16;

/** Reads one run back, a block at a time, into the same buffer. */
class RunReader {
  block: Float64Array = new Float64Array(0);
  index = 0;
  /** The run's place in the file: of equal keys, the earlier run's records come out first. */
  readonly order: number;
  readonly #file: FileHandle;
  readonly #buffer: Float64Array;
  readonly #width: number;
  #next: number;
  #left: number;

  constructor(file: FileHandle, run: Run, width: number, buffer: Float64Array, order = 0) {
    this.order = order;
    this.#file = file;
    this.#buffer = buffer;
    this.#width = width;
    this.#next = run.start;
    this.#left = run.records;
  }

  /** Loads the next block over the previous one; false when the run is done. */
  async refill(): Promise<boolean> {
    if (this.#left === 0) return false;
    const records = Math.min(this.#buffer.length / this.#width, this.#left);
    const numbers = records * this.#width;
    const bytes = new Uint8Array(this.#buffer.buffer, this.#buffer.byteOffset, numbers * 8);
    await this.#file.read(bytes, 0, bytes.length, this.#next);
    this.#next += bytes.length;
    this.#left -= records;
    this.block = this.#buffer.subarray(0, numbers);
    this.index = 0;
    return true;
  }
}

/**
 * The runs merged into batches of `batchRecords` records. The read buffers share one budget of
 * `budgetNumbers` whatever the run count (runs that do not overlap are read in turn through one
 * buffer), and the batch buffer is reused: a batch is valid until the next one is asked for. Records
 * of equal keys keep their order in the file (a certificate listed twice: the last one wins).
 */
export async function* mergeRuns(
  file: FileHandle,
  runs: readonly Run[],
  sizes: { width: number; batchRecords: number; budgetNumbers: number },
): AsyncGenerator<Float64Array> {
  const { width } = sizes;
  const disjoint = runs.every((run, i) => i === 0 || runs[i - 1].last <= run.first);
  if (disjoint) {
    const buffer = new Float64Array(sizes.batchRecords * width);
    for (const run of runs) {
      const reader = new RunReader(file, run, width, buffer);
      while (await reader.refill()) yield reader.block;
    }
    return;
  }
  const blockRecords = Math.max(MIN_BLOCK_RECORDS, Math.floor(sizes.budgetNumbers / width / runs.length));
  const heap: RunReader[] = [];
  for (const [order, run] of runs.entries()) {
    const reader = new RunReader(file, run, width, new Float64Array(blockRecords * width), order);
    if (await reader.refill()) heap.push(reader);
  }
  const key = (r: RunReader) => r.block[r.index];
  const before = (a: RunReader, b: RunReader) => key(a) < key(b) || (key(a) === key(b) && a.order < b.order);
  const siftDown = (from: number) => {
    for (let i = from; ; ) {
      const left = 2 * i + 1;
      let least = i;
      if (left < heap.length && before(heap[left], heap[least])) least = left;
      if (left + 1 < heap.length && before(heap[left + 1], heap[least])) least = left + 1;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least], heap[i]];
      i = least;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(i);
  const out = new Float64Array(sizes.batchRecords * width);
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
    if (filled === out.length) {
      yield out;
      filled = 0;
    }
  }
  if (filled > 0) yield out.subarray(0, filled);
}
