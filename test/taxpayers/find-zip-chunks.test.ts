import assert from "node:assert/strict";
import { after, test } from "node:test";
import { importPostalCodes } from "../../src/postal-codes/import-postal-codes.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { settlementAt } from "./support/settlement.ts";

// find-zip splits the catalog into padrón calls of ≤ 5,000 records, all at once; the first match wins.
type Counts = { started: number; completed: number; aborted: number };
const h: SandboxApp = await startTestApp(
  {},
  { sandbox: { timeScale: 0.1, lists: ["sandbox", "live"] }, listen: true },
);
after(() => h.close());
const tester = await h.owner({ mode: "test" });
const payer = await h.owner({ credits: 100_000 });

const kemper = () =>
  h.scenarios.find((s) => s.tags.includes("registered_company")) as (typeof h.scenarios)[0];

/** Polls the sandbox's counters while `work` runs; returns the first snapshot where `ready` holds. */
async function watch<T>(work: Promise<T>, ready: (counts: Counts) => boolean) {
  let seen: Counts | null = null;
  let done = false;
  const result = work.finally(() => {
    done = true;
  });
  while (!done && !seen) {
    const counts = await h.sandboxStats();
    if (ready(counts)) seen = counts;
    else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { result: await result, seen };
}

test("sandbox catalog: ceil(codes / 5,000) padrón calls, all started before any answered", async () => {
  const { postalCatalog } = h.sandbox.population;
  const chunks = Math.ceil(postalCatalog.codes.length / 5000);
  assert.ok(chunks > 1);
  await h.resetSandboxStats();
  const { result, seen } = await watch(
    h.call(tester.key, "POST", "/v1/rfc/find-zip", { rfc: kemper().rfc, name: kemper().name }),
    (c) => c.started >= chunks,
  );
  assert.equal(result.body.zip, kemper().zip);
  assert.ok(seen, "all chunk calls were seen in flight");
  assert.equal(seen.started, chunks);
  assert.equal(seen.completed, 0, "every chunk call started before the first one answered");
  const after = await h.sandboxStats();
  assert.equal(after.started, chunks);
});

test("the matching chunk wins and the calls still running are cancelled", async () => {
  // Two full chunks of codes below the registered one, then a short chunk holding it: the short
  // call answers first (padrón latency grows with records), so the two full calls must be aborted.
  const low = Array.from({ length: 10_000 }, (_, i) => settlementAt(String(10_000 + i)));
  const target = [kemper().zip as string, "86036", "86037"].map(settlementAt);
  await importPostalCodes(h.database.db, "live", [...low, ...target], "test catalog", {
    minCodeRatio: 0.9,
  });
  await h.resetSandboxStats();
  const answer = await h.call(payer.key, "POST", "/v1/rfc/find-zip", {
    rfc: kemper().rfc,
    name: kemper().name,
  });
  assert.deepEqual(answer.body, {
    rfc: kemper().rfc,
    valid: true,
    zip: kemper().zip,
    message: "RFC válido, y susceptible de recibir facturas",
  });
  let counts = await h.sandboxStats();
  for (let i = 0; i < 200 && counts.completed + counts.aborted < counts.started; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    counts = await h.sandboxStats();
  }
  assert.deepEqual(counts, { started: 3, completed: 1, aborted: 2 });
});
