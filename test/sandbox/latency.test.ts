import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";

let sandbox: RunningSandbox;

before(async () => {
  // time-scale 1: a padrón call waits ~1–2 s, long enough to cancel it while it waits.
  sandbox = await startSandbox({ seed: 4, size: 60, timeScale: 1 });
});
after(() => sandbox.close());

type Counts = { started: number; completed: number; aborted: number };

async function padronStats(): Promise<Counts> {
  const stats = (await (await fetch(`${sandbox.url}/_control/stats`)).json()) as { padron: Counts };
  return stats.padron;
}

async function until(check: (counts: Counts) => boolean): Promise<Counts> {
  const deadline = Date.now() + 60_000; // a hang guard only: a loaded CI machine can be slow
  let stats = await padronStats();
  while (!check(stats) && Date.now() < deadline) {
    await sleep(10);
    stats = await padronStats();
  }
  return stats;
}

describe("simulated latency", () => {
  it("a call cancelled while the upstream 'works' is counted as aborted and never answered", async () => {
    const cancel = new AbortController();
    const call = fetch(`${sandbox.url}/padron/validate`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "1|EKU9003173C9||",
      signal: cancel.signal,
    }).catch((error: Error) => error);
    await until((s) => s.started === 1);
    cancel.abort();
    assert.equal(((await call) as Error).name, "AbortError");
    assert.deepEqual(await until((s) => s.aborted === 1), { started: 1, completed: 0, aborted: 1 });
  });

  it("a call left alone is answered after its latency", async () => {
    const response = await fetch(`${sandbox.url}/padron/validate`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "1|EKU9003173C9||",
    });
    assert.equal(
      (await response.text()).trim(),
      "1|EKU9003173C9|||RFC válido, y susceptible de recibir facturas",
    );
    assert.equal((await padronStats()).completed, 1);
  });
});
