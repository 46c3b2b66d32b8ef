import Fastify, { type FastifyInstance } from "fastify";
import { createFaultPlan } from "./chaos/fault-plan.ts";
import { createRng } from "./chaos/rng.ts";
import {
  DEFAULT_POPULATION_SIZE,
  generatePopulation,
  generatePopulationInSlices,
  type PendingPopulation,
} from "./population/generate-population.ts";
import type { Population } from "./population/types.ts";
import { createRegistrationFiles } from "./registration-files.ts";
import { registerCertificateRoutes } from "./routes/certificate-routes.ts";
import { registerControlRoutes } from "./routes/control-routes.ts";
import { registerCsfRoutes } from "./routes/csf-routes.ts";
import { registerIdentityRoutes } from "./routes/identity-routes.ts";
import { registerPadronRoutes } from "./routes/padron-routes.ts";
import { registerPublicFileRoutes } from "./routes/public-file-routes.ts";
import { registerRegistrationRoutes } from "./routes/registration-routes.ts";
import { createSandboxFiles } from "./sandbox-files.ts";
import type { SimulationContext } from "./simulate-upstream.ts";
import { createUpstreamStats } from "./upstream-stats.ts";

export type SandboxOptions = {
  seed?: number;
  size?: number;
  /** Multiplies every simulated latency; 0 answers at once. */
  timeScale?: number;
  /** Longest a "timeout" fault holds a connection (default 120 s). */
  maxHoldMs?: number;
};

export type SandboxRoutesOptions = {
  /** Built on demand: the routes are there at once, and the first request starts the build and waits. */
  population: Population | PendingPopulation;
  timeScale: number;
  maxHoldMs?: number;
};

/** Every sandbox route, as a Fastify plugin: mount it at the root or under a prefix (`/sandbox`). */
export async function sandboxRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const given = options.population;
  const pending = "build" in given ? given : null;
  let population = "build" in given ? null : given;
  const ctx: SimulationContext = {
    get population() {
      if (!population) throw new Error("the sandbox population is not built yet");
      return population;
    },
    faults: createFaultPlan(),
    stats: createUpstreamStats(),
    rng: createRng(`runtime:${options.population.seed}`),
    timeScale: options.timeScale,
    maxHoldMs: options.maxHoldMs ?? 120_000,
  };
  const files = createSandboxFiles(ctx);
  // The certificate authority is made with the population: at once, or when the first request asks.
  if (pending)
    app.addHook("onRequest", async () => {
      population ??= (await Promise.all([pending.build(), files.prepare()]))[0];
    });
  else files.prepare().catch(() => {}); // a failure is answered to the request that needs the CA
  registerPublicFileRoutes(app, ctx, files);
  registerCertificateRoutes(app, ctx, files);
  registerPadronRoutes(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerControlRoutes(app, ctx);
  registerCsfRoutes(app, ctx);
  registerRegistrationRoutes(
    app,
    createRegistrationFiles(() => ctx.population),
  );
}

/** Generates the population and builds the sandbox app (not listening; tests use app.inject or listen). */
export async function buildSandbox(
  options: SandboxOptions = {},
): Promise<{ app: FastifyInstance; population: Population }> {
  const population = generatePopulation(populationOptions(options));
  return { app: await sandboxApp(population, options), population };
}

export type RunningSandbox = {
  url: string;
  population: Population;
  app: FastifyInstance;
  close(): Promise<void>;
};

type ListenOptions = { port?: number; host?: string; backlog?: number };

/** Builds and listens (port 0 = a free port); `url` has no trailing slash. */
export async function startSandbox(options: SandboxOptions & ListenOptions = {}): Promise<RunningSandbox> {
  const { app, population } = await buildSandbox(options);
  return { url: await listen(app, options), population, app, close: () => app.close() };
}

/**
 * Listens at once; the population is built in slices when `population.build()` is first called (by
 * `padron serve` once it is ready, or by the first request), and requests wait for it.
 */
export async function startSandboxInBackground(options: SandboxOptions & ListenOptions = {}) {
  const population = generatePopulationInSlices(populationOptions(options));
  const app = await sandboxApp(population, options);
  return { url: await listen(app, options), population, close: () => app.close() };
}

const populationOptions = (options: SandboxOptions) => ({
  seed: options.seed ?? 1,
  size: options.size ?? DEFAULT_POPULATION_SIZE,
});

async function sandboxApp(population: Population | PendingPopulation, options: SandboxOptions) {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(sandboxRoutes, {
    population,
    timeScale: options.timeScale ?? 1,
    maxHoldMs: options.maxHoldMs,
  });
  return app;
}

async function listen(app: FastifyInstance, options: ListenOptions): Promise<string> {
  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host, backlog: options.backlog });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return `http://${urlHost}:${port}`;
}
