/**
 * K-way merge of runs each sorted by `compare`, through a binary heap of their current items, `size`
 * items at a time. Equal items come out in the order of their runs only if `compare` says so.
 */
export function* mergeSortedRuns<T>(
  runs: Iterator<T>[],
  compare: (a: T, b: T) => number,
  size: number,
): Generator<T[]> {
  const heap: Head<T>[] = [];
  for (const run of runs) {
    const first = run.next();
    if (!first.done) push(heap, { item: first.value, run }, compare);
  }
  let out: T[] = [];
  while (heap.length > 0) {
    const top = heap[0];
    out.push(top.item);
    const next = top.run.next();
    if (next.done) {
      const last = heap.pop() as Head<T>;
      if (heap.length > 0) {
        heap[0] = last;
        siftDown(heap, 0, compare);
      }
    } else {
      top.item = next.value;
      siftDown(heap, 0, compare);
    }
    if (out.length === size) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

type Head<T> = { item: T; run: Iterator<T> };

function push<T>(heap: Head<T>[], head: Head<T>, compare: (a: T, b: T) => number): void {
  heap.push(head);
  let index = heap.length - 1;
  while (index > 0) {
    const parent = (index - 1) >> 1;
    if (compare(heap[parent].item, heap[index].item) <= 0) return;
    [heap[parent], heap[index]] = [heap[index], heap[parent]];
    index = parent;
  }
}

function siftDown<T>(heap: Head<T>[], index: number, compare: (a: T, b: T) => number): void {
  for (;;) {
    const left = 2 * index + 1;
    const right = left + 1;
    let least = index;
    if (left < heap.length && compare(heap[left].item, heap[least].item) < 0) least = left;
    if (right < heap.length && compare(heap[right].item, heap[least].item) < 0) least = right;
    if (least === index) return;
    [heap[least], heap[index]] = [heap[index], heap[least]];
    index = least;
  }
}
