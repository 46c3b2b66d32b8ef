import assert from "node:assert/strict";
import { describe, it } from "node:test";
import Fastify from "fastify";
import { generatePopulation } from "../../src/sandbox/population/generate-population.ts";
import { sandboxRoutes } from "../../src/sandbox/server.ts";

describe("sandbox mounted as a plugin under /sandbox", () => {
  it("serves scenarios, lists and the padrón under the prefix only", async () => {
    const app = Fastify();
    const population = generatePopulation({ seed: 2, size: 80 });
    await app.register(sandboxRoutes, { prefix: "/sandbox", population, timeScale: 0 });
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
});
