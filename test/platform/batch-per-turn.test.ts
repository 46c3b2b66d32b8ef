import assert from "node:assert/strict";
import { test } from "node:test";
import { batchPerTurn } from "../../src/platform/batch-per-turn.ts";

/** A run whose batches settle only when the test says so. */
function heldRun() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = (inputs: number[]) => {
    batches.push(inputs);
    return new Promise<PromiseSettledResult<number>[]>((resolve) =>
      releases.push(() => resolve(inputs.map((n) => ({ status: "fulfilled", value: n * 10 })))),
    );
  };
  return { run, batches, releases };
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test("calls made in one turn go to the same run, each gets its own output", async () => {
  const held = heldRun();
  const call = batchPerTurn(held.run, 100);
  const answers = Promise.all([call(1), call(2), call(3)]);
  await nextTurn();
  assert.deepEqual(held.batches, [[1, 2, 3]]);
  held.releases[0]();
  assert.deepEqual(await answers, [10, 20, 30]);
});

test("calls made while a run is in flight wait and go together in the next", async () => {
  const held = heldRun();
  const call = batchPerTurn(held.run, 100);
  const first = call(1);
  await nextTurn();
  const later = [call(2)];
  await nextTurn();
  later.push(call(3), call(4));
  await nextTurn();
  assert.deepEqual(held.batches, [[1]], "nothing else starts while the first run is in flight");
  held.releases[0]();
  assert.equal(await first, 10);
  await nextTurn();
  assert.deepEqual(held.batches, [[1], [2, 3, 4]]);
  held.releases[1]();
  assert.deepEqual(await Promise.all(later), [20, 30, 40]);
});

test("a failed run rejects its own calls and the next run still starts", async () => {
  const batches: number[][] = [];
  const call = batchPerTurn(async (inputs: number[]) => {
    batches.push(inputs);
    if (inputs.includes(1)) throw new Error("refused");
    return inputs.map((value) => ({ status: "fulfilled", value }) as const);
  }, 2);
  const results = await Promise.allSettled([call(1), call(2), call(3)]);
  assert.deepEqual(
    results.map((r) => r.status),
    ["rejected", "rejected", "fulfilled"],
  );
  assert.deepEqual(batches, [[1, 2], [3]], "slices of maxBatch, one after the other");
});

test("an input the run failed alone is rejected alone; the others get their outputs", async () => {
  const call = batchPerTurn(
    async (inputs: number[]) =>
      inputs.map(
        (n): PromiseSettledResult<number> =>
          n === 2 ? { status: "rejected", reason: new Error("two") } : { status: "fulfilled", value: n },
      ),
    100,
  );
  const results = await Promise.allSettled([call(1), call(2), call(3)]);
  assert.deepEqual(
    results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message)),
    [1, "two", 3],
  );
});
