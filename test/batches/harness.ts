import "reflect-metadata";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { buildApp, type PadronApp } from "../../src/app.ts";
import { type Config, parseConfig } from "../../src/config.ts";
import type { Worker } from "../../src/platform/jobs/start-worker.ts";
import { startAsyncWorker } from "../../src/requests/job-handlers.ts";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { connectorsAt } from "../helpers/sandbox-connectors.ts";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the tests
export type Json = any;

type PadronStats = { started: number; completed: number; aborted: number };

export type BatchHarness = {
  sandbox: RunningSandbox;
  padron: PadronApp;
  config: Config;
  /** The settings the app was built with, for child processes. */
  env: Record<string, string>;
  database: TestDatabase;
  base: string;
  scenarios: Scenario[];
  call(
    key: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; headers: Headers; body: Json }>;
  sandboxStats(): Promise<{ started: number; completed: number; aborted: number }>;
  resetSandboxStats(): Promise<void>;
  /** Polls GET /v1/requests/{id} until it is done and its webhook is no longer pending. */
  settled(key: string, requestId: string): Promise<Json>;
  close(): Promise<void>;
};

/**
 * The sandbox on a random port, the real app over HTTP with a worker in the same process; live keys'
 * padrón connector is the sandbox too, so live charges and refunds happen against it. The sandbox
 * answers at once unless `sandboxTimeScale` scales its simulated latencies (docs/sandbox.md).
 */
export async function startBatchHarness(
  env: Record<string, string> = {},
  options: { worker?: boolean; sandboxTimeScale?: number } = {},
): Promise<BatchHarness> {
  const timeScale = options.sandboxTimeScale ?? 0;
  const sandbox = await startSandbox({ port: 0, seed: 1, size: 300, timeScale, maxHoldMs: 500 });
  const database = await freshDatabase();
  const settings = {
    LOG_LEVEL: "warn",
    SANDBOX: "false",
    DEMO_USER: "",
    DATABASE_URL: database.url,
    ...connectorsAt(sandbox.url, 4000),
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIME_SCALE: "0.001",
    WORKER_POLL_MS: "20",
    JOB_RETRY_BASE_MS: "20",
    ...env,
  };
  const config = parseConfig(settings);
  const padron = await buildApp({ config, database });
  await padron.app.listen({ port: 0, host: "127.0.0.1" });
  const worker: Worker | null =
    options.worker === false
      ? null
      : startAsyncWorker({ db: database.db, engine: database.engine, config, services: padron.services });
  const base = `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
  const call: BatchHarness["call"] = async (key, method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const stats = async () =>
    ((await (await fetch(`${sandbox.url}/_control/stats`)).json()) as { padron: PadronStats }).padron;
  return {
    sandbox,
    padron,
    config,
    env: settings,
    database,
    base,
    scenarios: (await (await fetch(`${sandbox.url}/scenarios`)).json()) as Scenario[],
    call,
    sandboxStats: stats,
    resetSandboxStats: async () => {
      await fetch(`${sandbox.url}/_control/stats`, { method: "DELETE" });
    },
    async settled(key, requestId) {
      for (let i = 0; i < 1500; i++) {
        const record = (await call(key, "GET", `/v1/requests/${requestId}`)).body;
        if (record.status !== "processing" && record.webhook?.status !== "pending") return record;
        await sleep(20);
      }
      throw new Error(`request ${requestId} never settled`);
    },
    async close() {
      await worker?.stop(1000);
      await padron.app.close();
      await database.close();
      await sandbox.close();
    },
  };
}
