import assert from "node:assert/strict";
import { describe, it } from "node:test";
import Fastify from "fastify";
import {
  generatePopulation,
  generatePopulationInSlices,
} from "../../src/sandbox/population/generate-population.ts";
import { createSandboxState } from "../../src/sandbox/sandbox-state.ts";
import { sandboxRoutes, startSandboxInBackground } from "../../src/sandbox/server.ts";

/** A sandbox whose population was built in one go before it is mounted. */
function builtAtOnce(seed: number, size: number) {
  const population = generatePopulation({ seed, size });
  return createSandboxState({ population: { seed, build: async () => population }, timeScale: 0 });
}

describe("sandbox mounted as a plugin under /sandbox", () => {
  it("serves scenarios, lists and the padrón under the prefix only", async () => {
    const app = Fastify();
    await app.register(sandboxRoutes, { prefix: "/sandbox", state: builtAtOnce(2, 80) });
    const scenarios = await app.inject({ url: "/sandbox/scenarios" });
    assert.equal(scenarios.statusCode, 200);
    assert.ok(scenarios.json().length > 30);
    assert.equal(
      (await app.inject({ url: "/sandbox/Datos_abiertos/Documents_AGR/Firmes.csv" })).statusCode,
      200,
    );
    const padron = await app.inject({
      method: "POST",
      url: "/sandbox/padron/validate",
      headers: { "content-type": "text/plain" },
      payload: "1|EKU9003173C9||",
    });
    assert.equal(padron.body.trim(), "1|EKU9003173C9|||RFC válido, y susceptible de recibir facturas");
    assert.equal((await app.inject({ url: "/scenarios" })).statusCode, 404);
    await app.close();
  });

  it("builds the same population in slices as in one go", async () => {
    const whole = generatePopulation({ seed: 3, size: 120 });
    const sliced = await generatePopulationInSlices({ seed: 3, size: 120 }, 0).build();
    assert.deepEqual(sliced, whole);
  });

  it("mounted before its population is built, builds it on the first request and answers", async () => {
    const app = Fastify();
    const pending = generatePopulationInSlices({ seed: 2, size: 80 });
    const state = createSandboxState({ population: pending, timeScale: 0 });
    await app.register(sandboxRoutes, { prefix: "/sandbox", state });
    const [scenarios, padron] = await Promise.all([
      app.inject({ url: "/sandbox/scenarios" }),
      app.inject({
        method: "POST",
        url: "/sandbox/padron/validate",
        headers: { "content-type": "text/plain" },
        payload: "1|EKU9003173C9||",
      }),
    ]);
    assert.equal(scenarios.statusCode, 200);
    assert.ok(scenarios.json().length > 30);
    assert.equal(padron.body.trim(), "1|EKU9003173C9|||RFC válido, y susceptible de recibir facturas");
    await app.close();
  });

  it("started in the background, serves the scenarios the sandbox built in one go serves", async () => {
    const sandbox = await startSandboxInBackground({ port: 0, seed: 2, size: 80, timeScale: 0 });
    const answer = await fetch(`${sandbox.url}/scenarios`);
    assert.equal(answer.status, 200);
    const app = Fastify();
    await app.register(sandboxRoutes, { state: builtAtOnce(2, 80) });
    assert.deepEqual(await answer.json(), (await app.inject({ url: "/scenarios" })).json());
    await app.close();
    await sandbox.close();
  });
});
