import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, it } from "node:test";
import { formatPadronResponse, parsePadronRequest } from "../../src/sandbox/formats/padron-validation.ts";
import { PADRON_LEGENDS } from "../../src/upstreams/padron/padron-exchange.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { waitUntil } from "../upstreams/helpers/wait-until.ts";

// Interactive padrón checks (one record) and bulk calls (find-zip chunks) have separate bulkheads, and
// owners share the bulk one: counted at a padrón stand-in that holds every bulk call until told.
type Held = { rfc: string; answer(legend: string): void };

async function startHoldingPadron() {
  const held: Held[] = [];
  const bulkStarts: string[] = [];
  let oneRecordCalls = 0;
  const server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      const records = parsePadronRequest(text);
      const answer = (legend: string) =>
        response.end(
          formatPadronResponse(
            records,
            records.map(() => legend),
          ),
        );
      if (records.length === 1) {
        oneRecordCalls++;
        return answer(PADRON_LEGENDS.valid);
      }
      bulkStarts.push(records[0].rfc);
      held.push({ rfc: records[0].rfc, answer });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/padron/validate`,
    held,
    bulkStarts,
    oneRecordCalls: () => oneRecordCalls,
    /** Answers the oldest held call of `rfc` with `legend` for every record. */
    release(rfc: string, legend: string) {
      const index = held.findIndex((call) => call.rfc === rfc);
      assert.ok(index >= 0, `a held call for ${rfc}`);
      held.splice(index, 1)[0].answer(legend);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("interactive and bulk padrón calls", () => {
  let h: SandboxApp | undefined;
  let padron: Awaited<ReturnType<typeof startHoldingPadron>> | undefined;
  afterEach(async () => {
    await h?.close();
    await padron?.close();
  });

  async function start(env: Record<string, string>) {
    padron = await startHoldingPadron();
    h = await startTestApp(
      { PADRON_VALIDATION_URL: padron.url, UPSTREAM_RETRIES: "0", ...env },
      { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
    );
    const payer = await h.owner({ credits: 100_000 });
    const other = await h.owner({ credits: 1000 });
    const company = (tag: string) => {
      const scenario = h?.scenarios.find((s) => s.tags.includes(tag));
      assert.ok(scenario?.name && scenario.zip);
      return { rfc: scenario.rfc, name: scenario.name, zip: scenario.zip };
    };
    return { h, padron, payer, other, company };
  }

  it("answers a verify while another owner's find-zip holds every bulk slot", async () => {
    const { h, padron, payer, other, company } = await start({
      PADRON_CONCURRENCY: "1",
      PADRON_BULK_CONCURRENCY: "2",
      PADRON_BULK_PER_OWNER: "2",
    });
    const kemper = company("registered_company");
    const findZip = h.call(payer.key, "POST", "/v1/rfc/find-zip", { rfc: kemper.rfc, name: kemper.name });
    await waitUntil(() => padron.held.length === 2, "two find-zip chunks in flight");

    const verify = await h.call(other.key, "POST", "/v1/rfc/verify", company("fiel_only"));
    assert.equal(verify.status, 200);
    assert.equal(verify.body.valid, true);
    assert.equal(padron.oneRecordCalls(), 1);
    assert.equal(padron.held.length, 2, "the find-zip chunks were still held when the verify answered");
    assert.equal(padron.bulkStarts.length, 2, "the other chunks still wait for a bulk slot");

    padron.release(kemper.rfc, PADRON_LEGENDS.valid);
    assert.equal((await findZip).body.valid, true);
  });

  it("interleaves two owners' find-zip chunks instead of serving one owner's backlog first", async () => {
    const { h, padron, payer, other, company } = await start({
      // One shared slot list of two: before owners had their share, the first find-zip took both.
      PADRON_CONCURRENCY: "2",
      PADRON_BULK_CONCURRENCY: "2",
      PADRON_BULK_PER_OWNER: "1",
    });
    const first = company("registered_company");
    const second = company("revoked_certificate");
    const chunks = Math.ceil(h.sandbox.population.postalCatalog.codes.length / 5000);
    assert.ok(chunks >= 3);
    const firstZip = h.call(payer.key, "POST", "/v1/rfc/find-zip", { rfc: first.rfc, name: first.name });
    await waitUntil(() => padron.bulkStarts.length === 1, "the first owner's first chunk");
    const secondZip = h.call(other.key, "POST", "/v1/rfc/find-zip", { rfc: second.rfc, name: second.name });
    await waitUntil(() => padron.bulkStarts.length === 2, "a second chunk");
    assert.deepEqual(padron.bulkStarts, [first.rfc, second.rfc]);

    // Each answered chunk (no code matched) frees its owner's slot for that owner's next chunk.
    padron.release(first.rfc, PADRON_LEGENDS.zipMismatch);
    await waitUntil(() => padron.bulkStarts.length === 3, "a third chunk");
    padron.release(second.rfc, PADRON_LEGENDS.zipMismatch);
    await waitUntil(() => padron.bulkStarts.length === 4, "a fourth chunk");
    assert.deepEqual(padron.bulkStarts, [first.rfc, second.rfc, first.rfc, second.rfc]);

    padron.release(first.rfc, PADRON_LEGENDS.valid);
    padron.release(second.rfc, PADRON_LEGENDS.valid);
    assert.equal((await firstZip).body.valid, true);
    assert.equal((await secondZip).body.valid, true);
  });
});
