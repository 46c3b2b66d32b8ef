import Fastify, { type FastifyInstance } from "fastify";
import { DEFAULT_POPULATION_SIZE, generatePopulationInSlices } from "./population/generate-population.ts";
import { registerCertificateRoutes } from "./routes/certificate-routes.ts";
import { registerControlRoutes } from "./routes/control-routes.ts";
import { registerCsfRoutes } from "./routes/csf-routes.ts";
import { registerIdentityRoutes } from "./routes/identity-routes.ts";
import { registerPadronRoutes } from "./routes/padron-routes.ts";
import { registerPublicFileRoutes } from "./routes/public-file-routes.ts";
import { registerRegistrationRoutes } from "./routes/registration-routes.ts";
import { createSandboxState, type SandboxState } from "./sandbox-state.ts";

export type SandboxOptions = {
  seed?: number;
  size?: number;
  /** Multiplies every simulated latency; 0 answers at once. */
  timeScale?: number;
  /** Longest a "timeout" fault holds a connection (default 120 s). */
  maxHoldMs?: number;
};

/**
 * Every sandbox route, as a Fastify plugin: mount it at the root or under a prefix (`/sandbox`); each
 * mount of one `state` serves the same sandbox (faults and all). The routes are left out of the
 * OpenAPI document: they simulate the government's services, they are not padron's API.
 */
export async function sandboxRoutes(app: FastifyInstance, { state }: { state: SandboxState }): Promise<void> {
  const { ctx, files, ready } = state;
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addHook("onRequest", ready);
  registerPublicFileRoutes(app, ctx, files);
  registerCertificateRoutes(app, ctx, files);
  registerPadronRoutes(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerControlRoutes(app, ctx);
  registerCsfRoutes(app, ctx);
  registerRegistrationRoutes(app, state.registrationFiles);
}

type ListenOptions = { port?: number; host?: string; backlog?: number };

/** Listens, then builds the population and the certificate authority; `url` has no trailing slash. */
export async function startSandbox(options: SandboxOptions & ListenOptions = {}) {
  const running = await startSandboxInBackground(options);
  await running.state.ready().catch(async (error) => {
    await running.close();
    throw error;
  });
  return { ...running, population: running.state.ctx.population };
}

/**
 * Listens at once (port 0 = a free port); the population is built in slices when `population.build()`
 * is first called (by `padron serve` once it is ready, or by the first request), and requests wait for it.
 */
export async function startSandboxInBackground(options: SandboxOptions & ListenOptions = {}) {
  const population = generatePopulationInSlices({
    seed: options.seed ?? 1,
    size: options.size ?? DEFAULT_POPULATION_SIZE,
  });
  const state = createSandboxState({
    population,
    timeScale: options.timeScale ?? 1,
    maxHoldMs: options.maxHoldMs,
  });
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(sandboxRoutes, { state });
  return { url: await listen(app, options), population, state, close: () => app.close() };
}

export type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;

async function listen(app: FastifyInstance, options: ListenOptions): Promise<string> {
  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host, backlog: options.backlog });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return `http://${urlHost}:${port}`;
}
