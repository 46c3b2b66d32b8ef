import { CERTIFICATE_RECORD } from "./read-certificate-list.ts";

const WIDTH = CERTIFICATE_RECORD;

/**
 * The sorted certificate records with each certificate (RFC and serial) once: of repeats, the last in
 * the file wins (the sort keeps an RFC's records in file order). An RFC's records are held until a
 * greater key shows they are all in, since the next batch may go on with them. Batches out are valid
 * until the next is asked for.
 */
export async function* distinctCertificates(
  sorted: AsyncIterable<Float64Array>,
  counts: { rows: number; duplicates: number },
): AsyncGenerator<Float64Array> {
  let group: Float64Array = new Float64Array(64 * WIDTH);
  let held = 0;
  let out = new Float64Array(0);
  for await (const batch of sorted) {
    if (out.length < batch.length + held) out = new Float64Array(batch.length + held);
    let filled = 0;
    for (let at = 0; at < batch.length; at += WIDTH) {
      if (held > 0 && batch[at] !== group[0]) {
        filled = writeDistinct(group, held / WIDTH, out, filled, counts);
        held = 0;
      }
      if (held === group.length) group = grown(group);
      for (let w = 0; w < WIDTH; w++) group[held + w] = batch[at + w];
      held += WIDTH;
    }
    if (filled > 0) yield out.subarray(0, filled);
  }
  if (held > 0) yield out.subarray(0, writeDistinct(group, held / WIDTH, out, 0, counts));
}

/** One RFC's `count` records into `out` at `filled`, by serial, each serial once (its last record). */
function writeDistinct(
  records: Float64Array,
  count: number,
  out: Float64Array,
  filled: number,
  counts: { rows: number; duplicates: number },
): number {
  const high = (i: number) => records[i * WIDTH + 1];
  const low = (i: number) => records[i * WIDTH + 2];
  const order = count === 1 ? [0] : Array.from({ length: count }, (_, i) => i);
  if (count > 1) order.sort((a, b) => high(a) - high(b) || low(a) - low(b) || a - b);
  for (let i = 0; i < count; i++) {
    const at = order[i];
    const next = order[i + 1];
    if (i + 1 < count && high(next) === high(at) && low(next) === low(at)) {
      counts.duplicates++;
      continue;
    }
    for (let w = 0; w < WIDTH; w++) out[filled + w] = records[at * WIDTH + w];
    filled += WIDTH;
    counts.rows++;
  }
  return filled;
}

function grown(group: Float64Array): Float64Array {
  const bigger = new Float64Array(group.length * 2);
  bigger.set(group);
  return bigger;
}
