import type { FastifyInstance } from "fastify";
import { FAULT_KINDS, type FaultKind } from "../chaos/fault-plan.ts";
import { isUpstream, UPSTREAMS } from "../chaos/upstreams.ts";
import { describeScenarios } from "../scenario-expectations.ts";
import type { SimulationContext } from "../simulate-upstream.ts";

type FaultRequest = Record<string, number | { share: number; kinds?: FaultKind[] }>;

/** Scenarios, fault control and request counters. */
export function registerControlRoutes(app: FastifyInstance, ctx: SimulationContext): void {
  // The list scenarios move with the date: described once a day.
  let described = { day: -1, scenarios: [] as ReturnType<typeof describeScenarios> };
  app.get("/scenarios", () => {
    const day = Math.floor(Date.now() / 86_400_000);
    if (described.day !== day) described = { day, scenarios: describeScenarios(ctx.population, day) };
    return described.scenarios;
  });

  app.get("/_control/faults", () => ctx.faults.snapshot());
  app.post<{ Body: FaultRequest }>("/_control/faults", (request, reply) => {
    const body = request.body;
    if (typeof body !== "object" || body === null)
      return reply.code(400).send({ error: "expected {upstream: share}" });
    const unknown = Object.keys(body).filter((name) => !isUpstream(name));
    if (unknown.length > 0)
      return reply
        .code(400)
        .send({ error: `unknown upstreams: ${unknown.join(", ")}`, upstreams: UPSTREAMS });
    try {
      for (const [upstream, setting] of Object.entries(body)) {
        if (!isUpstream(upstream)) continue;
        if (typeof setting === "number") ctx.faults.set(upstream, setting);
        else ctx.faults.set(upstream, setting.share, setting.kinds ?? FAULT_KINDS);
      }
    } catch (error) {
      return reply.code(400).send({ error: (error as Error).message });
    }
    return ctx.faults.snapshot();
  });
  app.delete("/_control/faults", () => {
    ctx.faults.clear();
    return ctx.faults.snapshot();
  });

  app.get("/_control/stats", () => ctx.stats.counts);
  app.delete("/_control/stats", () => {
    ctx.stats.reset();
    return ctx.stats.counts;
  });
}
