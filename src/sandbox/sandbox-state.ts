import { createFaultPlan } from "./chaos/fault-plan.ts";
import { createRng } from "./chaos/rng.ts";
import type { PendingPopulation } from "./population/generate-population.ts";
import type { Population } from "./population/types.ts";
import { createRegistrationFiles } from "./registration-files.ts";
import { createSandboxFiles } from "./sandbox-files.ts";
import type { SimulationContext } from "./simulate-upstream.ts";
import { createUpstreamStats } from "./upstream-stats.ts";

export type SandboxStateOptions = {
  /** Built on demand: the routes are there at once, and the first request starts the build and waits. */
  population: PendingPopulation;
  timeScale: number;
  maxHoldMs?: number;
};

/**
 * One sandbox: its population, fault plan, counters and files. Every server that mounts its routes
 * (its own port, `/sandbox` on the serve port) shares it, so a fault set on one is seen by all.
 * `ready` resolves once the population and the certificate authority are ready.
 */
export function createSandboxState(options: SandboxStateOptions) {
  const pending = options.population;
  let population: Population | null = null;
  const ctx: SimulationContext = {
    get population() {
      if (!population) throw new Error("the sandbox population is not built yet");
      return population;
    },
    faults: createFaultPlan(),
    stats: createUpstreamStats(),
    rng: createRng(`runtime:${pending.seed}`),
    timeScale: options.timeScale,
    maxHoldMs: options.maxHoldMs ?? 120_000,
  };
  const files = createSandboxFiles(ctx);
  const registrationFiles = createRegistrationFiles(() => ctx.population);
  const ready = async () => {
    population ??= (await Promise.all([pending.build(), files.prepare()]))[0];
  };
  return { ctx, files, registrationFiles, ready };
}

export type SandboxState = ReturnType<typeof createSandboxState>;
