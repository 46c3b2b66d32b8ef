import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { buildPolicy, type PolicySettings } from "../../src/upstreams/build-policy.ts";
import { UpstreamFailure } from "../../src/upstreams/upstream-failure.ts";

const settings: PolicySettings = {
  timeoutMs: 1000,
  retries: 3,
  retryDelayMs: 20,
  breakerFailures: 2,
  breakerCooldownMs: 100,
  concurrency: 10,
  queueLimit: 10,
};
const never = new AbortController().signal;
const failing = () => Promise.reject(new UpstreamFailure("http_error", "HTTP 503", true));
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: UpstreamFailure) => error.reason,
  );

describe("upstream policies (build-policy.ts)", () => {
  it("after the cool-down lets exactly one trial through; the others wait for its outcome", async () => {
    const policy = buildPolicy({ ...settings, retries: 0 }, true);
    assert.equal(await reasonOf(policy.execute(failing, never)), "http_error");
    assert.equal(await reasonOf(policy.execute(failing, never)), "http_error");
    assert.equal(await reasonOf(policy.execute(failing, never)), "circuit_open");
    await sleep(120);
    let finishTrial: (value: string) => void = () => {};
    const trial = policy.execute(() => new Promise<string>((resolve) => (finishTrial = resolve)), never);
    let secondStarted = false;
    const second = policy.execute(async () => {
      secondStarted = true;
      return "second";
    }, never);
    await sleep(20);
    assert.equal(secondStarted, false, "nothing else reaches the upstream while the trial runs");
    finishTrial("answered");
    assert.equal(await trial, "answered");
    assert.equal(await second, "second");
    assert.equal(await policy.execute(async () => "closed again", never), "closed again");
  });

  it("a failed trial opens the breaker again for the waiting calls", async () => {
    const policy = buildPolicy({ ...settings, retries: 0 }, true);
    await reasonOf(policy.execute(failing, never));
    await reasonOf(policy.execute(failing, never));
    await sleep(120);
    const trial = reasonOf(policy.execute(failing, never));
    const waiting = reasonOf(policy.execute(async () => "never sent", never));
    assert.equal(await trial, "http_error");
    assert.equal(await waiting, "circuit_open");
  });

  it("answers a caller that gives up while queued for a slot at once", async () => {
    const policy = buildPolicy({ ...settings, concurrency: 1 }, true);
    let release: () => void = () => {};
    const busy = policy.execute(() => new Promise<void>((resolve) => (release = resolve)), never);
    const controller = new AbortController();
    let queuedStarted = false;
    const queued = policy.execute(async () => {
      queuedStarted = true;
    }, controller.signal);
    controller.abort();
    await assert.rejects(queued, { name: "CallerAborted" });
    release();
    await busy;
    await sleep(20);
    assert.equal(queuedStarted, false);
  });

  it("waits at least the first backoff delay before each retry", async () => {
    const policy = buildPolicy({ ...settings, breakerFailures: 0 }, true);
    const starts: number[] = [];
    await reasonOf(
      policy.execute(() => {
        starts.push(performance.now());
        return failing();
      }, never),
    );
    assert.equal(starts.length, 4, "the first attempt and three retries");
    const waits = starts.slice(1).map((start, index) => start - starts[index]);
    // A timer never fires early (by more than its millisecond rounding).
    for (const wait of waits) assert.ok(wait >= settings.retryDelayMs - 2, `a wait of ${wait} ms`);
  });
});
