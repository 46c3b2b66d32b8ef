import { AsyncLocalStorage } from "node:async_hooks";

/** When the request being served arrived (epoch ms): under load, older requests' work goes first. */
const arrival = new AsyncLocalStorage<number>();

/** Runs `work` as the work of a request that arrived at `arrivedAt`. */
export function asRequestArrivedAt<T>(arrivedAt: number, work: () => T): T {
  return arrival.run(arrivedAt, work);
}

type Waiter = { arrivedAt: number; order: number; resume: () => void };

// Work resumed in a turn also leaves work for the loop's next pass (undici writes a request on a reused
// connection from an immediate, after the pass that asked for it), so a turn is kept short.
const TURN_BUDGET_MS = 1;
const queue: Waiter[] = [];
let scheduled = false;
let order = 0;

/**
 * Waits for this request's turn to go on with CPU-heavy work (reading an upstream's answer, starting a
 * pipeline). Work resumes in turns of the event loop of about 1 ms, oldest request first: a burst of
 * requests then never holds the event loop for long, and under overload the requests that came first
 * finish first instead of all finishing late. When the process is idle a turn comes at once.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resume) => {
    push({ arrivedAt: arrival.getStore() ?? Date.now(), order: order++, resume });
    if (!scheduled) {
      scheduled = true;
      setImmediate(runTurn);
    }
  });
}

function runTurn(): void {
  const started = performance.now();
  // Each waiter's work runs as a microtask after it is resumed; the next one is resumed after it.
  const resumeNext = () => {
    const waiter = pop();
    if (!waiter) {
      scheduled = false;
      return;
    }
    waiter.resume();
    if (performance.now() - started < TURN_BUDGET_MS) queueMicrotask(resumeNext);
    else setImmediate(runTurn);
  };
  resumeNext();
}

const before = (a: Waiter, b: Waiter) =>
  a.arrivedAt < b.arrivedAt || (a.arrivedAt === b.arrivedAt && a.order < b.order);

// A binary heap: the oldest request's waiter on top.
function push(waiter: Waiter): void {
  queue.push(waiter);
  let i = queue.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(queue[i], queue[parent])) break;
    [queue[i], queue[parent]] = [queue[parent], queue[i]];
    i = parent;
  }
}

function pop(): Waiter | undefined {
  const top = queue[0];
  const last = queue.pop();
  if (queue.length > 0 && last) {
    queue[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < queue.length && before(queue[left], queue[first])) first = left;
      if (right < queue.length && before(queue[right], queue[first])) first = right;
      if (first === i) break;
      [queue[i], queue[first]] = [queue[first], queue[i]];
      i = first;
    }
  }
  return top;
}
