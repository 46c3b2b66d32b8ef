/** Hands every input gathered during one turn of the event loop to the same run (slices of `maxBatch`). */
export type TurnBatcher<I, O> = (input: I) => Promise<O>;

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * Group commit: calls made during a burst run together on the event loop's next turn (`run` settles one
 * outcome per input, in order: a failure fails only its own call). A run starts after the previous one
 * settled and takes everything queued meanwhile, so writes that lock the same row queue here as one batch.
 */
export function batchPerTurn<I, O>(
  run: (inputs: I[]) => Promise<PromiseSettledResult<O>[]>,
  maxBatch: number,
): TurnBatcher<I, O> {
  const queue: Pending<I, O>[] = [];
  let scheduled = false;
  let running = false;

  function sendQueued(): void {
    scheduled = false;
    if (running || queue.length === 0) return;
    running = true;
    const batch = queue.splice(0, maxBatch);
    void run(batch.map((item) => item.input))
      .then(
        (outcomes) => {
          for (const [i, outcome] of outcomes.entries())
            if (outcome.status === "fulfilled") batch[i].resolve(outcome.value);
            else batch[i].reject(outcome.reason);
        },
        (error) => {
          for (const item of batch) item.reject(error);
        },
      )
      .then(() => {
        running = false;
        sendQueued();
      });
  }

  return (input) =>
    new Promise((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!scheduled && !running) {
        scheduled = true;
        setImmediate(sendQueued);
      }
    });
}
