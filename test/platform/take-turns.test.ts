import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { asRequestArrivedAt, nextTurn } from "../../src/platform/take-turns.ts";

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
};

describe("taking turns", () => {
  it("resumes the oldest request's work first, whatever order the requests asked in", async () => {
    const resumed: number[] = [];
    const arrivals = [5, 1, 4, 2, 3, 1];
    await Promise.all(
      arrivals.map((arrivedAt, index) =>
        asRequestArrivedAt(arrivedAt, async () => {
          await nextTurn();
          resumed.push(index);
        }),
      ),
    );
    assert.deepEqual(resumed, [1, 5, 3, 4, 2, 0], "by arrival, then in the order asked");
  });

  it("lets the event loop turn between slices of work instead of running it all at once", async () => {
    let turned = false;
    let ranBeforeTurn = 0;
    const work = Array.from({ length: 40 }, () =>
      asRequestArrivedAt(Date.now(), async () => {
        await nextTurn();
        if (!turned) ranBeforeTurn++;
        busyFor(1);
      }),
    );
    setImmediate(() => {
      setImmediate(() => {
        turned = true;
      });
    });
    await Promise.all(work);
    assert.ok(ranBeforeTurn >= 1, "the first slice runs");
    assert.ok(
      ranBeforeTurn < 40,
      `all 40 ms of work ran in one turn (${ranBeforeTurn} before the loop turned)`,
    );
  });
});
