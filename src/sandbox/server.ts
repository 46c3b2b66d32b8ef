import Fastify, { type FastifyInstance } from "fastify";
import {
  DEFAULT_POPULATION_SIZE,
  generatePopulation,
  generatePopulationInSlices,
} from "./population/generate-population.ts";
import { registerCertificateRoutes } from "./routes/certificate-routes.ts";
import { registerControlRoutes } from "./routes/control-routes.ts";
import { registerCsfRoutes } from "./routes/csf-routes.ts";
import { registerIdentityRoutes } from "./routes/identity-routes.ts";
import { registerPadronRoutes } from "./routes/padron-routes.ts";
import { registerPublicFileRoutes } from "./routes/public-file-routes.ts";
import { registerRegistrationRoutes } from "./routes/registration-routes.ts";
import { createSandboxState, type SandboxState, type SandboxStateOptions } from "./sandbox-state.ts";

export type SandboxOptions = {
  seed?: number;
  size?: number;
  /** Multiplies every simulated latency; 0 answers at once. */
  timeScale?: number;
  /** Longest a "timeout" fault holds a connection (default 120 s). */
  maxHoldMs?: number;
};

type SandboxRoutesOptions = SandboxStateOptions | { state: SandboxState };

/**
 * Every sandbox route, as a Fastify plugin: mount it at the root or under a prefix (`/sandbox`). Given
 * a `state`, it serves that sandbox (faults and all) rather than one of its own. The routes are left
 * out of the OpenAPI document: they simulate the government's services, they are not padron's API.
 */
export async function sandboxRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  const state = "state" in options ? options.state : createSandboxState(options);
  const { ctx, files, ready } = state;
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  if (ready) app.addHook("onRequest", ready);
  registerPublicFileRoutes(app, ctx, files);
  registerCertificateRoutes(app, ctx, files);
  registerPadronRoutes(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerControlRoutes(app, ctx);
  registerCsfRoutes(app, ctx);
  registerRegistrationRoutes(app, state.registrationFiles);
}

type ListenOptions = { port?: number; host?: string; backlog?: number };

/** Builds and listens (port 0 = a free port); `url` has no trailing slash. */
export async function startSandbox(options: SandboxOptions & ListenOptions = {}) {
  const population = generatePopulation(populationOptions(options));
  const app = await sandboxApp({ population, ...timing(options) });
  return { url: await listen(app, options), population, app, close: () => app.close() };
}

/**
 * Listens at once; the population is built in slices when `population.build()` is first called (by
 * `padron serve` once it is ready, or by the first request), and requests wait for it.
 */
export async function startSandboxInBackground(options: SandboxOptions & ListenOptions = {}) {
  const population = generatePopulationInSlices(populationOptions(options));
  const state = createSandboxState({ population, ...timing(options) });
  const app = await sandboxApp({ state });
  return { url: await listen(app, options), population, state, close: () => app.close() };
}

export type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;

const populationOptions = (options: SandboxOptions) => ({
  seed: options.seed ?? 1,
  size: options.size ?? DEFAULT_POPULATION_SIZE,
});
const timing = (options: SandboxOptions) => ({
  timeScale: options.timeScale ?? 1,
  maxHoldMs: options.maxHoldMs,
});

async function sandboxApp(options: SandboxRoutesOptions) {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(sandboxRoutes, options);
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
