import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createUpstreams } from "../../src/upstreams/create-upstreams.ts";
import { upstreamConfig } from "./helpers/build-upstreams.ts";
import { type SourceServer, startSourceServer } from "./helpers/source-server.ts";

describe("per-mode upstream selection", () => {
  let server: SourceServer;
  before(async () => {
    server = await startSourceServer();
  });
  after(() => server.close());

  const everyPort = async (upstreams: ReturnType<ReturnType<typeof createUpstreams>["forMode"]>) => [
    await upstreams.padron.validate([{ rfc: "AAA010101AAA", name: "", zip: "" }]),
    await upstreams.padron.checkRfc("AAA010101AAA"),
    await upstreams.padron.checkRecord({ rfc: "AAA010101AAA", name: "A", zip: "01000" }),
    await upstreams.certificateSearch.searchByRfc("AAA010101AAA"),
    await upstreams.renapo.lookupCurp("PEPJ190228HASRRVA0"),
    await upstreams.commerceRegistry.searchByName("ACCEM SERVICIOS EMPRESARIALES SC"),
    await upstreams.postalCatalog.download(),
  ];

  it("answers not_configured for unset live connectors without any request", async () => {
    const registry = createUpstreams({
      config: upstreamConfig({ CERTIFICATE_FILES_URL: `${server.url}/rccf/` }),
      sandboxUrl: server.url,
    });
    try {
      const answers = await everyPort(registry.forMode("live"));
      for (const answer of answers)
        assert.deepEqual(answer, { status: "unavailable", reason: "not_configured" });
      const started = Object.values(server.counts).reduce((sum, count) => sum + count.started, 0);
      assert.equal(started, 0);
      // The certificate store has a live default (here pointed at loopback), so it answers.
      assert.equal(
        (await registry.forMode("live").certificateFiles.download("30001000000300023708")).status,
        "ok",
      );
    } finally {
      await registry.close();
    }
  });

  it("uses the configured live connector URLs in live mode", async () => {
    const registry = createUpstreams({
      config: upstreamConfig({
        PADRON_VALIDATION_URL: `${server.url}/padron/validate`,
        CERTIFICATE_SEARCH_URL: `${server.url}/certificates`,
        RENAPO_URL: `${server.url}/renapo/curp/`,
        COMMERCE_REGISTRY_URL: `${server.url}/registry/search`,
      }),
      sandboxUrl: null,
    });
    try {
      const [validate, checkRfc, checkRecord, search, renapo, commerce, catalog] = await everyPort(
        registry.forMode("live"),
      );
      for (const answer of [validate, checkRfc, checkRecord, search, renapo, commerce])
        assert.equal(answer.status, "ok");
      assert.deepEqual(catalog, { status: "unavailable", reason: "not_configured" });
    } finally {
      await registry.close();
    }
  });

  it("uses the sandbox in test mode, and nothing when there is no sandbox", async () => {
    const withSandbox = createUpstreams({ config: upstreamConfig(), sandboxUrl: `${server.url}/` });
    const without = createUpstreams({ config: upstreamConfig(), sandboxUrl: null });
    try {
      for (const answer of await everyPort(withSandbox.forMode("test"))) assert.equal(answer.status, "ok");
      for (const answer of await everyPort(without.forMode("test")))
        assert.deepEqual(answer, { status: "unavailable", reason: "not_configured" });
      assert.equal(withSandbox.forMode("test"), withSandbox.forMode("test"));
      assert.notEqual(withSandbox.forMode("test"), withSandbox.forMode("live"));
    } finally {
      await withSandbox.close();
      await without.close();
    }
  });

  it("opens breakers in live mode only: sandbox failures are deliberate and shared by every key", async () => {
    const registry = createUpstreams({
      config: upstreamConfig({
        RENAPO_URL: `${server.url}/renapo/curp`,
        UPSTREAM_RETRIES: "0",
        UPSTREAM_BREAKER_FAILURES: "1",
        UPSTREAM_BREAKER_COOLDOWN_MS: "60000",
      }),
      sandboxUrl: server.url,
    });
    try {
      const test = registry.forMode("test").renapo;
      const live = registry.forMode("live").renapo;
      server.failNext("renapo", "error5xx", "error5xx", "error5xx");
      for (const curp of ["AAAA000101HDFRRN01", "AAAA000101HDFRRN02", "AAAA000101HDFRRN03"])
        assert.equal((await test.lookupCurp(curp)).status, "unavailable");
      assert.equal((await test.lookupCurp("PEPJ190228HASRRVA0")).status, "ok");

      server.failNext("renapo", "error5xx");
      assert.equal((await live.lookupCurp("AAAA000101HDFRRN01")).status, "unavailable");
      const refused = await live.lookupCurp("PEPJ190228HASRRVA0");
      assert.equal(refused.status === "unavailable" && refused.reason, "circuit_open");
      assert.equal((await test.lookupCurp("HEGT761003MDFRNN09")).status, "not_found");
    } finally {
      await registry.close();
    }
  });
});
