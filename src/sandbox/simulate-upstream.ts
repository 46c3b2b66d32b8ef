import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { applyFault } from "./chaos/apply-fault.ts";
import type { FaultKind, FaultPlan } from "./chaos/fault-plan.ts";
import { latencyFor } from "./chaos/latency.ts";
import type { Rng } from "./chaos/rng.ts";
import type { Upstream } from "./chaos/upstreams.ts";
import type { Population } from "./population/types.ts";
import type { UpstreamStats } from "./upstream-stats.ts";

export type SimulationContext = {
  population: Population;
  faults: FaultPlan;
  stats: UpstreamStats;
  rng: Rng;
  timeScale: number;
  /** How long a "timeout" fault holds the connection at most. */
  maxHoldMs: number;
};

type SimulatedCall = {
  upstream: Upstream;
  /** Identifiers in the request (RFCs, CURP, name key) checked against the magic faults. */
  identifiers?: readonly string[];
  /** Records in the call (padrón latency grows with them). */
  records?: number;
};

function magicFault(ctx: SimulationContext, call: SimulatedCall): FaultKind | null {
  for (const identifier of call.identifiers ?? []) {
    const fault = ctx.population.magicFaults.get(identifier);
    if (fault && fault.upstream === call.upstream) return fault.kind;
  }
  return null;
}

/**
 * Wraps one upstream answer: counts it, waits the upstream's latency (scaled; stops early when the
 * client leaves), then fails it (magic identifier or the fault plan) or lets `answer` reply.
 */
export async function simulateUpstream(
  ctx: SimulationContext,
  call: SimulatedCall,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: () => Promise<FastifyReply> | FastifyReply,
): Promise<FastifyReply> {
  const counts = ctx.stats.counts[call.upstream];
  counts.started += 1;
  const gone = new AbortController();
  reply.raw.once("close", () => {
    if (reply.raw.writableFinished) counts.completed += 1;
    else {
      counts.aborted += 1;
      gone.abort();
    }
  });
  const fault = magicFault(ctx, call) ?? ctx.faults.pickFault(call.upstream, ctx.rng);
  const delay = latencyFor(call.upstream, ctx.rng, ctx.timeScale, call.records ?? 1);
  if (delay > 0) {
    try {
      await sleep(delay, undefined, { signal: gone.signal });
    } catch {
      reply.hijack();
      return reply;
    }
  }
  if (fault) return applyFault(fault, request, reply, { upstream: call.upstream, maxHoldMs: ctx.maxHoldMs });
  return answer();
}
