import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { buildApp, type PadronApp } from "../../src/app.ts";
import { startAsyncWorker } from "../../src/async-requests/job-handlers.ts";
import { type Config, parseConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/platform/db/connect.ts";
import type { Worker } from "../../src/platform/jobs/start-worker.ts";
import { type Answer, callWith, type Json, settledRequest } from "./app-calls.ts";
import { type SandboxOptions, startTestSandbox, type TestSandbox } from "./app-sandbox.ts";
import { freshDatabase, type TestDatabase } from "./database.ts";
import { mintOwner, type TestOwner } from "./owners.ts";

export type { Answer, Json } from "./app-calls.ts";

export type AppOptions = {
  /** Routes of the test's own, mounted before the app is ready. */
  setup?: (padron: PadronApp, deps: { config: Config; database: TestDatabase }) => void | Promise<void>;
  /** Listens on a random loopback port at start (`base`); `listen()` does it later. */
  listen?: boolean;
  /** Runs an async worker in this process. */
  worker?: boolean;
  /** A second instance on that app's database, with a connection of its own, as two `padron serve`. */
  databaseOf?: TestApp;
  /** Starts the sandbox on a random loopback port and aims the live connectors at it. */
  sandbox?: SandboxOptions;
};

export interface TestApp extends PadronApp {
  config: Config;
  /** The settings the app was built with, for child processes. */
  env: Record<string, string>;
  database: TestDatabase;
  logs: string[];
  /** The loopback URL once listening, else "". */
  base: string;
  listen(): Promise<string>;
  /** fetch with a key (none: no x-api-key header); listens first if it does not yet. */
  call(key: string | undefined, method: string, path: string, body?: unknown, headers?: Env): Promise<Answer>;
  /** A user of the test's own with one key (500 credits, live, unless told). */
  owner(options?: Parameters<typeof mintOwner>[1]): Promise<TestOwner>;
  /** An async worker in this process with these settings on top, stopped by close(). */
  startWorker(overrides?: Env): Worker;
  settled(key: string, requestId: string): Promise<Json>;
  close(): Promise<void>;
}

export type SandboxApp = TestApp & TestSandbox;
type Env = Record<string, string>;

/** The real app on a fresh database of its own, logs kept in memory; jobs and webhook retries quick. */
export async function startTestApp(
  env?: Env,
  options?: AppOptions & { sandbox?: undefined },
): Promise<TestApp>;
export async function startTestApp(
  env: Env,
  options: AppOptions & { sandbox: SandboxOptions },
): Promise<SandboxApp>;
export async function startTestApp(env: Env = {}, options: AppOptions = {}): Promise<TestApp> {
  const sandbox = options.sandbox ? await startTestSandbox(options.sandbox) : null;
  const shared = options.databaseOf?.database.url;
  const database = shared ? { ...openDatabase(shared), url: shared } : await freshDatabase();
  const settings: Env = {
    LOG_LEVEL: "info",
    SANDBOX: "false",
    DEMO_USER: "",
    DATABASE_URL: database.url,
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIME_SCALE: "0.001",
    WORKER_POLL_MS: "20",
    JOB_RETRY_BASE_MS: "20",
    ...sandbox?.env,
    ...env,
  };
  const config = parseConfig(settings);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const workers: Worker[] = [];
  let padron: PadronApp | undefined;
  const close = async () => {
    await Promise.all(workers.map((worker) => worker.stop(1000)));
    await padron?.app.close();
    await database.close();
    await sandbox?.running.sandbox.close();
  };
  try {
    await sandbox?.load(database.db);
    padron = await buildApp({ config, database, logStream });
    await options.setup?.(padron, { config, database });
    await padron.app.ready();
  } catch (error) {
    await close();
    throw error;
  }
  const { app, services } = padron;
  const test: TestApp = {
    ...padron,
    config,
    env: settings,
    database,
    logs,
    base: "",
    async listen() {
      await app.listen({ port: 0, host: "127.0.0.1" });
      test.base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return test.base;
    },
    call: async (...args) => callWith(test.base || (await test.listen()), ...args),
    owner: (ownerOptions) => mintOwner(database.db, ownerOptions),
    startWorker(overrides = {}) {
      const { db, engine } = database;
      const worker = startAsyncWorker({
        db,
        engine,
        config: parseConfig({ ...settings, ...overrides }),
        services,
      });
      workers.push(worker);
      return worker;
    },
    settled: (key, requestId) => settledRequest(test.call, key, requestId),
    close,
  };
  if (options.listen) await test.listen();
  if (options.worker) test.startWorker();
  return sandbox ? Object.assign(test, sandbox.running) : test;
}
