import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { UpstreamRegistry } from "../../src/upstreams/create-upstreams.ts";
import { ok } from "../../src/upstreams/result.ts";
import { createUpstreamCaller } from "../../src/upstreams/upstream-caller.ts";
import type { Upstreams } from "../../src/upstreams/upstreams.ts";
import { liveUpstreams, sandboxUpstreams } from "./helpers/build-upstreams.ts";
import { type SourceServer, startSourceServer } from "./helpers/source-server.ts";
import { waitUntil } from "./helpers/wait-until.ts";

describe("upstream policies", () => {
  let server: SourceServer;
  let registry: UpstreamRegistry | undefined;
  const connect = (overrides: Record<string, string>, mode: "live" | "test" = "test"): Upstreams => {
    const built =
      mode === "live" ? liveUpstreams(server.url, overrides) : sandboxUpstreams(server.url, overrides);
    registry = built.registry;
    return built.upstreams;
  };
  beforeEach(async () => {
    server = await startSourceServer();
  });
  afterEach(async () => {
    await registry?.close();
    registry = undefined;
    await server.close();
  });

  it("gives up on an attempt after its timeout and closes the connection", async () => {
    const upstreams = connect({ RENAPO_TIMEOUT_MS: "150", UPSTREAM_RETRIES: "0" });
    server.failAlways("renapo", "timeout");
    const answer = await upstreams.renapo.lookupCurp("PEPJ190228HASRRVA0");
    assert.equal(answer.status === "unavailable" && answer.reason, "timeout");
    await waitUntil(() => server.counts.renapo.aborted === 1, "the held request to be dropped");
    assert.equal(server.counts.renapo.started, 1);
  });

  it("retries a failed read with backoff until it succeeds", async () => {
    const upstreams = connect({ UPSTREAM_RETRIES: "2" });
    server.failNext("certificate-search", "error5xx", "reset");
    const answer = await upstreams.certificateSearch.searchByRfc("AAA010101AAA");
    assert.equal(answer.status, "ok");
    assert.equal(server.counts["certificate-search"].started, 3);
  });

  it("retries a garbled padrón answer (the POST only asks questions) but not a timed-out attempt", async () => {
    // A generous timeout for the answered calls: a short one could expire on a busy machine.
    const patient = connect({ PADRON_TIMEOUT_MS: "20000", UPSTREAM_RETRIES: "2" });
    server.failNext("padron", "garbage");
    const answer = await patient.padron.checkRfc("AAA010101AAA");
    assert.equal(answer.status === "ok" && answer.value.outcome, "valid");
    assert.equal(server.counts.padron.started, 2);
    await registry?.close();

    const upstreams = connect({ PADRON_TIMEOUT_MS: "500", UPSTREAM_RETRIES: "2" });
    server.failNext("padron", "timeout");
    const held = await upstreams.padron.checkRfc("ZZZ010101ZZ9");
    assert.equal(held.status === "unavailable" && held.reason, "timeout");
    // One attempt at most: on a loaded machine it can time out before the server even sees it.
    assert.ok(server.counts.padron.started <= 3, `attempts seen: ${server.counts.padron.started - 2}`);
  });

  it("answers unavailable once the retries are spent", async () => {
    const upstreams = connect({ UPSTREAM_RETRIES: "2" });
    server.failNext("certificate-search", "error5xx", "error5xx", "error5xx", "error5xx");
    const answer = await upstreams.certificateSearch.searchByRfc("AAA010101AAA");
    assert.equal(answer.status === "unavailable" && answer.reason, "http_error");
    assert.equal(server.counts["certificate-search"].started, 3);
  });

  it("never retries an operation that is not idempotent", async () => {
    const caller = createUpstreamCaller({
      timeoutMs: 2000,
      retries: 3,
      retryDelayMs: 1,
      breakerFailures: 10,
      breakerCooldownMs: 60_000,
      concurrency: 2,
      queueLimit: 10,
      idempotent: false,
      maxBodyBytes: 1024 * 1024,
    });
    try {
      server.failNext("renapo", "error5xx", "error5xx");
      const answer = await caller.call(undefined, async (send) => {
        const response = await send({ url: `${server.url}/renapo/curp/PEPJ190228HASRRVA0` });
        return ok(response.statusCode);
      });
      assert.equal(answer.status === "unavailable" && answer.reason, "http_error");
      assert.equal(server.counts.renapo.started, 1);
    } finally {
      await caller.close();
    }
  });

  it("refuses a body larger than its cap as malformed, without a retry", async () => {
    const caller = createUpstreamCaller({
      timeoutMs: 2000,
      retries: 3,
      retryDelayMs: 1,
      breakerFailures: 10,
      breakerCooldownMs: 60_000,
      concurrency: 2,
      queueLimit: 10,
      idempotent: true,
      maxBodyBytes: 16,
    });
    try {
      const answer = await caller.call(undefined, async (send) => {
        const response = await send({ url: `${server.url}/renapo/curp/PEPJ190228HASRRVA0` });
        return ok(response.body.length);
      });
      assert.deepEqual(answer, {
        status: "unavailable",
        reason: "malformed",
        detail: "body larger than 16 bytes",
      });
      assert.equal(server.counts.renapo.started, 1);
      const roomy = await caller.call(undefined, async (send) => {
        const response = await send({ url: `${server.url}/certificates?rfc=XXX010101XX1` });
        return ok(response.body.toString());
      });
      assert.deepEqual(roomy, { status: "ok", value: "[]" });
    } finally {
      await caller.close();
    }
  });

  it("opens a live breaker after repeated failures and then answers unavailable without calling", async () => {
    const upstreams = connect(
      { UPSTREAM_RETRIES: "0", UPSTREAM_BREAKER_FAILURES: "3", UPSTREAM_BREAKER_COOLDOWN_MS: "1000" },
      "live",
    );
    server.failAlways("renapo", "error5xx");
    for (const curp of ["AAAA000101HDFRRN01", "AAAA000101HDFRRN02", "AAAA000101HDFRRN03"]) {
      const answer = await upstreams.renapo.lookupCurp(curp);
      assert.equal(answer.status === "unavailable" && answer.reason, "http_error");
    }
    const refused = await upstreams.renapo.lookupCurp("PEPJ190228HASRRVA0");
    assert.equal(refused.status === "unavailable" && refused.reason, "circuit_open");
    assert.equal(server.counts.renapo.started, 3);
    // Other sources keep their own breakers.
    assert.equal((await upstreams.certificateSearch.searchByRfc("AAA010101AAA")).status, "ok");

    server.failAlways("renapo", null);
    await sleep(1050); // past the cool-down: one trial call goes through and closes the breaker
    assert.equal((await upstreams.renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");
    assert.equal(server.counts.renapo.started, 4);
  });

  it("cancels an in-flight request when the caller aborts, without retrying or tripping the breaker", async () => {
    const upstreams = connect(
      { RENAPO_TIMEOUT_MS: "20000", UPSTREAM_RETRIES: "2", UPSTREAM_BREAKER_FAILURES: "1" },
      "live",
    );
    server.failNext("renapo", "timeout");
    const controller = new AbortController();
    const pending = upstreams.renapo.lookupCurp("PEPJ190228HASRRVA0", controller.signal);
    await waitUntil(() => server.counts.renapo.started === 1, "the request to arrive");
    controller.abort();
    const answer = await pending;
    assert.equal(answer.status === "unavailable" && answer.reason, "aborted");
    await waitUntil(() => server.counts.renapo.aborted === 1, "the server to see the abort");
    assert.equal(server.counts.renapo.started, 1);
    assert.equal((await upstreams.renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");
  });

  it("answers an already aborted call without any request", async () => {
    const upstreams = connect({});
    const answer = await upstreams.padron.validate([{ rfc: "AAA010101AAA", name: "", zip: "" }], {
      signal: AbortSignal.abort(),
    });
    assert.equal(answer.status === "unavailable" && answer.reason, "aborted");
    assert.equal(server.counts.padron.started, 0);
  });

  it("limits calls in flight to the concurrency setting; a queued call can be cancelled", async () => {
    const upstreams = connect({
      PADRON_BULK_CONCURRENCY: "2",
      PADRON_TIMEOUT_MS: "20000",
      UPSTREAM_RETRIES: "0",
    });
    server.failAlways("padron", "timeout");
    const controllers = Array.from({ length: 4 }, () => new AbortController());
    const calls = controllers.map((controller, index) =>
      upstreams.padron.validate([{ rfc: "AAA010101AAA", name: "", zip: String(index) }], {
        signal: controller.signal,
      }),
    );
    await waitUntil(() => server.counts.padron.started === 2, "two calls to start");
    await sleep(100);
    assert.equal(server.counts.padron.started, 2);

    controllers[3].abort(); // still queued
    const queued = await calls[3];
    assert.equal(queued.status === "unavailable" && queued.reason, "aborted");
    assert.equal(server.counts.padron.started, 2);

    server.failAlways("padron", null);
    controllers[0].abort(); // frees a slot: the third call goes out and is answered
    const third = await calls[2];
    assert.equal(third.status, "ok");
    assert.equal(server.counts.padron.started, 3);
    controllers[1].abort();
    assert.equal((await calls[1]).status, "unavailable");
  });

  it("caps one owner's bulk calls in flight; a call waiting in its owner's lane can be cancelled", async () => {
    const upstreams = connect({
      PADRON_BULK_CONCURRENCY: "3",
      PADRON_BULK_PER_OWNER: "1",
      PADRON_TIMEOUT_MS: "20000",
      UPSTREAM_RETRIES: "0",
    });
    server.failAlways("padron", "timeout");
    const call = (owner: string, zip: string) => {
      const controller = new AbortController();
      const answer = upstreams.padron.validate([{ rfc: "AAA010101AAA", name: "", zip }], {
        owner,
        signal: controller.signal,
      });
      return { controller, answer };
    };
    const first = call("owner-a", "1");
    const waiting = call("owner-a", "2");
    await waitUntil(() => server.counts.padron.started === 1, "owner a's first call to start");
    const other = call("owner-b", "3");
    await waitUntil(() => server.counts.padron.started === 2, "owner b's call to start");

    waiting.controller.abort();
    const cancelled = await waiting.answer;
    assert.equal(cancelled.status === "unavailable" && cancelled.reason, "aborted");
    assert.equal(server.counts.padron.started, 2, "owner a never had two calls in flight");
    first.controller.abort();
    other.controller.abort();
    await Promise.all([first.answer, other.answer]);
  });

  it("builds a waiting call's records only when the call gets its turn", async () => {
    const upstreams = connect({
      PADRON_BULK_PER_OWNER: "1",
      PADRON_TIMEOUT_MS: "20000",
      UPSTREAM_RETRIES: "0",
    });
    server.failAlways("padron", "timeout");
    const first = new AbortController();
    const held = upstreams.padron.validate([{ rfc: "AAA010101AAA", name: "", zip: "1" }], {
      owner: "owner-a",
      signal: first.signal,
    });
    await waitUntil(() => server.counts.padron.started === 1, "the first call to start");
    let built = 0;
    const records = () => {
      built += 1;
      return [{ rfc: "AAA010101AAA", name: "", zip: "2" }];
    };
    const waiting = upstreams.padron.validate(records, { owner: "owner-a" });
    await sleep(100);
    assert.equal(built, 0, "a call waiting in its owner's lane has built no records");
    server.failAlways("padron", null);
    first.abort();
    await held;
    const answer = await waiting;
    assert.equal(answer.status === "ok" && answer.value[0].zip, "2");
    assert.equal(built, 1);
  });

  it("answers overloaded when the queue is full", async () => {
    const upstreams = connect({
      RENAPO_CONCURRENCY: "1",
      UPSTREAM_QUEUE_LIMIT: "0",
      RENAPO_TIMEOUT_MS: "20000",
    });
    server.failAlways("renapo", "timeout");
    const controller = new AbortController();
    const first = upstreams.renapo.lookupCurp("PEPJ190228HASRRVA0", controller.signal);
    await waitUntil(() => server.counts.renapo.started === 1, "the first call to start");
    const second = await upstreams.renapo.lookupCurp("HEGT761003MDFRNN09");
    assert.equal(second.status === "unavailable" && second.reason, "overloaded");
    controller.abort();
    await first;
  });
});
