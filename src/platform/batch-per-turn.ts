/** Hands every input gathered during one turn of the event loop to the same run (slices of `maxBatch`). */
export type TurnBatcher<I, O> = (input: I) => Promise<O>;

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * The calls made while the event loop handles a burst of requests are run together on its next turn:
 * group commit for writes, one statement for many reads. `run` answers one output per input, in order.
 * Batches do not wait for each other.
 */
export function batchPerTurn<I, O>(run: (inputs: I[]) => Promise<O[]>, maxBatch: number): TurnBatcher<I, O> {
  let queue: Pending<I, O>[] = [];
  let scheduled = false;

  function sendQueued(): void {
    scheduled = false;
    const all = queue;
    queue = [];
    for (let start = 0; start < all.length; start += maxBatch) {
      const batch = all.slice(start, start + maxBatch);
      run(batch.map((item) => item.input)).then(
        (outputs) => {
          for (let i = 0; i < batch.length; i++) batch[i].resolve(outputs[i]);
        },
        (error) => {
          for (const item of batch) item.reject(error);
        },
      );
    }
  }

  return (input) =>
    new Promise((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(sendQueued);
      }
    });
}
