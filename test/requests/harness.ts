import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { buildApp, type PadronApp } from "../../src/app.ts";
import { type Config, parseConfig } from "../../src/config.ts";
import type { Worker } from "../../src/platform/jobs/start-worker.ts";
import { startAsyncWorker } from "../../src/requests/job-handlers.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { mountTestOperation } from "./fixtures/mount-test-operation.ts";

export interface AsyncApp {
  padron: PadronApp;
  config: Config;
  database: TestDatabase;
  baseUrl: string;
  logs: string[];
  startWorker(overrides?: Record<string, string>): Worker;
  close(): Promise<void>;
}

/** The real app (with the tests' own async operation mounted) on a fresh database, listening on loopback. */
export async function startAsyncApp(env: Record<string, string> = {}): Promise<AsyncApp> {
  const database = await freshDatabase();
  const base = {
    LOG_LEVEL: "warn",
    SANDBOX: "false",
    DEMO_USER: "",
    DATABASE_URL: database.url,
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIME_SCALE: "0.001",
    WORKER_POLL_MS: "20",
    JOB_RETRY_BASE_MS: "20",
    ...env,
  };
  const config = parseConfig(base);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const padron = await buildApp({ config, database, logStream });
  await mountTestOperation(padron, { config, database });
  await padron.app.listen({ port: 0, host: "127.0.0.1" });
  const workers: Worker[] = [];
  return {
    padron,
    config,
    database,
    logs,
    baseUrl: `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`,
    startWorker(overrides = {}) {
      const worker = startAsyncWorker({
        db: database.db,
        engine: database.engine,
        config: parseConfig({ ...base, ...overrides }),
        services: padron.services,
      });
      workers.push(worker);
      return worker;
    },
    async close() {
      await Promise.all(workers.map((w) => w.stop(1000)));
      await padron.app.close();
      await database.close();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field by the tests
export type Json = any;

/** fetch against the app with a key; `json()` typed loosely for assertions. */
export async function callApi(
  baseUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      "x-api-key": key,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (): Promise<Json> => response.json(),
    text: () => response.text(),
  };
}
