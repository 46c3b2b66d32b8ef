import type { FastifyInstance } from "fastify";
import { registryNameKey } from "../../mexico/compare-names.ts";
import { buildRegistrySearchAnswer } from "../formats/commerce-registry.ts";
import { buildRenapoFound, buildRenapoNotFound } from "../formats/renapo.ts";
import { searchRegistry } from "../population/registry-folios.ts";
import { renapoPersonFor } from "../population/renapo-person.ts";
import { type SimulationContext, simulateUpstream } from "../simulate-upstream.ts";

/** RENAPO CURP lookup (gob.mx JSON) and the commerce-registry search by name. */
export function registerIdentityRoutes(app: FastifyInstance, ctx: SimulationContext): void {
  app.get<{ Params: { curp: string } }>("/renapo/curp/:curp", (request, reply) => {
    const curp = request.params.curp.trim().toUpperCase();
    return simulateUpstream(ctx, { upstream: "renapo", identifiers: [curp] }, request, reply, () => {
      const person = ctx.population.personsByCurp.get(curp);
      return reply.send(person ? buildRenapoFound(renapoPersonFor(person)) : buildRenapoNotFound());
    });
  });

  app.get<{ Querystring: { name?: string } }>("/registry/search", (request, reply) => {
    const name = request.query.name ?? "";
    const key = registryNameKey(name);
    if (key === "") return reply.code(400).send({ error: "name is required" });
    return simulateUpstream(ctx, { upstream: "commerce-registry", identifiers: [key] }, request, reply, () =>
      reply.send(buildRegistrySearchAnswer(name, searchRegistry(ctx.population, key))),
    );
  });
}
