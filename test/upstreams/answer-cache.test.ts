import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { createAnswerCache } from "../../src/upstreams/answer-cache.ts";
import { sandboxUpstreams } from "./helpers/build-upstreams.ts";
import { type SourceServer, startSourceServer } from "./helpers/source-server.ts";
import { waitUntil } from "./helpers/wait-until.ts";

describe("answer cache", () => {
  it("drops the least recently used entry past its bound", () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    cache.set("a", "A");
    cache.set("b", "B");
    assert.equal(cache.get("a"), "A"); // a is now the most recent
    cache.set("c", "C");
    assert.equal(cache.size, 2);
    assert.equal(cache.get("b"), undefined);
    assert.equal(cache.get("a"), "A");
    assert.equal(cache.get("c"), "C");
  });

  it("expires entries after the TTL", () => {
    let now = 1_000;
    const cache = createAnswerCache<string>({ ttlMs: 500, maxEntries: 10, now: () => now });
    cache.set("a", "A");
    now = 1_499;
    assert.equal(cache.get("a"), "A");
    now = 1_501;
    assert.equal(cache.get("a"), undefined);
    assert.equal(cache.size, 0);
  });
});

describe("cached upstream answers", () => {
  let server: SourceServer;
  // An epoch clock: lru-cache reads a start time of 0 as "no TTL".
  let now = Date.now();
  let built: ReturnType<typeof sandboxUpstreams>;
  before(async () => {
    server = await startSourceServer();
    built = sandboxUpstreams(
      server.url,
      {
        RENAPO_URL: `${server.url}/renapo/curp`,
        UPSTREAM_RETRIES: "0",
        UPSTREAM_BREAKER_FAILURES: "100",
        CERTIFICATE_SEARCH_CACHE_TTL_SECONDS: String(6 * 3600),
        RENAPO_CACHE_TTL_SECONDS: String(3 * 86400),
      },
      () => now,
    );
  });
  after(async () => {
    await built.registry.close();
    await server.close();
  });

  it("serves a repeated search from the cache until its TTL passes", async () => {
    const { certificateSearch } = built.upstreams;
    const first = await certificateSearch.searchByRfc("AAA010101AAA");
    assert.equal(server.counts["certificate-search"].started, 1);
    now += 6 * 3600 * 1000 - 1;
    assert.deepEqual(await certificateSearch.searchByRfc("AAA010101AAA"), first);
    assert.equal(server.counts["certificate-search"].started, 1);
    now += 2;
    assert.deepEqual(await certificateSearch.searchByRfc("AAA010101AAA"), first);
    assert.equal(server.counts["certificate-search"].started, 2);
  });

  it("keeps not_found answers (they are answers) but never unavailable ones", async () => {
    const { renapo, certificateFiles } = built.upstreams;
    assert.equal((await certificateFiles.download("00001000000100000017")).status, "not_found");
    assert.equal((await certificateFiles.download("00001000000100000017")).status, "not_found");
    assert.equal(server.counts["certificate-files"].started, 1);

    server.failNext("renapo", "error5xx");
    assert.equal((await renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "unavailable");
    assert.equal((await renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");
    assert.equal((await renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");
    assert.equal(server.counts.renapo.started, 2);
  });

  it("keys padrón answers by RFC, name and zip; batches are never cached", async () => {
    const { padron } = built.upstreams;
    await padron.checkRfc("AAA010101AAA");
    await padron.checkRfc("AAA010101AAA");
    await padron.checkRecord({ rfc: "AAA010101AAA", name: "ACCEM SERVICIOS EMPRESARIALES", zip: "01000" });
    await padron.checkRecord({ rfc: "AAA010101AAA", name: "ACCEM SERVICIOS EMPRESARIALES", zip: "01000" });
    assert.equal(server.counts.padron.started, 2);
    await padron.validate([{ rfc: "AAA010101AAA", name: "", zip: "" }]);
    await padron.validate([{ rfc: "AAA010101AAA", name: "", zip: "" }]);
    assert.equal(server.counts.padron.started, 4);
  });

  it("keeps the modes' caches apart", async () => {
    const test = built.registry.forMode("test");
    const live = built.registry.forMode("live");
    assert.equal((await test.renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");
    const started = server.counts.renapo.started;
    assert.equal((await live.renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");
    assert.equal(server.counts.renapo.started, started + 1);
    assert.equal((await live.renapo.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");
    assert.equal(server.counts.renapo.started, started + 1);
  });

  it("shares one upstream call among concurrent askers of one key", async () => {
    const { certificateSearch } = built.upstreams;
    const started = server.counts["certificate-search"].started;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => certificateSearch.searchByRfc("MUÑJ800101AB1")),
    );
    assert.equal(server.counts["certificate-search"].started, started + 1);
    for (const answer of answers) assert.deepEqual(answer, { status: "ok", value: [] });
  });

  it("keeps a shared call going while one asker remains, and cancels it when all have left", async () => {
    const { commerceRegistry } = built.upstreams;
    server.failNext("commerce-registry", "timeout");
    const first = new AbortController();
    const second = new AbortController();
    const calls = [first, second].map((controller) =>
      commerceRegistry.searchByName("NADIE SA", controller.signal),
    );
    await waitUntil(() => server.counts["commerce-registry"].started === 1, "the shared call to start");
    first.abort();
    assert.deepEqual(await calls[0], { status: "unavailable", reason: "aborted" });
    await sleep(100); // room for a wrongly cancelled request to reach the server
    assert.equal(server.counts["commerce-registry"].aborted, 0);
    second.abort();
    assert.deepEqual(await calls[1], { status: "unavailable", reason: "aborted" });
    await waitUntil(() => server.counts["commerce-registry"].aborted === 1, "the server to see the abort");

    assert.deepEqual(await commerceRegistry.searchByName("NADIE SA"), { status: "ok", value: [] });
    assert.equal(server.counts["commerce-registry"].started, 2);
  });
});
