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
  it("after the cool-down lets exactly one trial through; the others are refused until it ends", async () => {
    const policy = buildPolicy({ ...settings, retries: 0 }, true);
    assert.equal(await reasonOf(policy.execute(failing, never)), "http_error");
    assert.equal(await reasonOf(policy.execute(failing, never)), "http_error");
    assert.equal(await reasonOf(policy.execute(failing, never)), "circuit_open");
    await sleep(120);
    let finishTrial: (value: string) => void = () => {};
    const trial = policy.execute(() => new Promise<string>((resolve) => (finishTrial = resolve)), never);
    assert.equal(await reasonOf(policy.execute(async () => "second", never)), "circuit_open");
    finishTrial("answered");
    assert.equal(await trial, "answered");
    assert.equal(await policy.execute(async () => "closed again", never), "closed again");
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
