import "reflect-metadata";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { buildApp, type PadronApp } from "../../../src/app.ts";
import { type Config, parseConfig } from "../../../src/config.ts";
import type { ListMode } from "../../../src/contributor-lists/list-store-types.ts";
import { syncLists } from "../../../src/contributor-lists/sync-lists.ts";
import { importPostalCodes } from "../../../src/postal-codes/import-postal-codes.ts";
import type { Scenario } from "../../../src/sandbox/scenario-expectations.ts";
import { type RunningSandbox, startSandbox } from "../../../src/sandbox/server.ts";
import { parseSepomexCatalog } from "../../../src/upstreams/postal-catalog/parse-sepomex-catalog.ts";
import { freshDatabase, type TestDatabase } from "../../helpers/database.ts";
import { mintOwner, type TestOwner } from "../../helpers/owners.ts";
import { connectorsAt } from "../../helpers/sandbox-connectors.ts";

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

export type Harness = {
  sandbox: RunningSandbox;
  padron: PadronApp;
  config: Config;
  database: TestDatabase;
  base: string;
  scenarios: Scenario[];
  /** A sandbox key (pdr_test_) and a live key whose connectors point at the sandbox. */
  sandboxOwner: TestOwner;
  liveOwner: TestOwner;
  post(path: string, body: unknown, key?: string): Promise<Answer>;
  sandboxJson(path: string, init?: RequestInit): Promise<unknown>;
  close(): Promise<void>;
};

type Options = {
  timeScale?: number;
  size?: number;
  env?: Record<string, string>;
  importLiveCatalog?: boolean;
  /** Whose contributor lists are loaded from the sandbox at start (default both). */
  listModes?: ListMode[];
};

/** The sandbox on a random port and the real app over HTTP, live connectors aimed at the sandbox. */
export async function startHarness(options: Options = {}): Promise<Harness> {
  const sandbox = await startSandbox({
    port: 0,
    seed: 1,
    size: options.size ?? 300,
    timeScale: options.timeScale ?? 0,
    maxHoldMs: 1000,
  });
  const database = await freshDatabase();
  const config = parseConfig({
    LOG_LEVEL: "warn",
    SANDBOX: "false",
    DEMO_USER: "",
    DATABASE_URL: database.url,
    ...connectorsAt(sandbox.url, 10_000),
    PADRON_CONCURRENCY: "16",
    RATE_LIMIT_PER_MINUTE: "100000",
    ...options.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  // The sandbox publishes the list files; both modes' stores load them, as `padron lists sync` would.
  for (const mode of options.listModes ?? ["sandbox", "live"]) {
    await syncLists(database.db, {
      mode,
      baseUrl: sandbox.url,
      minRowRatio: 0.5,
      timeoutMs: 30_000,
      retries: 1,
    });
  }
  const padron = await buildApp({
    config,
    database,
    logStream,
  });
  await padron.app.ready();
  await padron.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
  const sandboxJson = async (path: string, init?: RequestInit) =>
    (await (await fetch(`${sandbox.url}${path}`, init)).json()) as unknown;
  if (options.importLiveCatalog ?? true) {
    const file = Buffer.from(await (await fetch(`${sandbox.url}/sepomex/CPdescarga.txt`)).arrayBuffer());
    await importPostalCodes(database.db, "live", parseSepomexCatalog(file), "CPdescarga.txt");
  }
  const sandboxOwner = await mintOwner(database.db, { mode: "test" });
  const liveOwner = await mintOwner(database.db, { mode: "live", credits: 100_000 });
  return {
    sandbox,
    padron,
    config,
    database,
    base,
    scenarios: (await sandboxJson("/scenarios")) as Scenario[],
    sandboxOwner,
    liveOwner,
    sandboxJson,
    async post(path, body, key = sandboxOwner.key) {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
        headers: response.headers,
      };
    },
    async close() {
      await padron.app.close();
      await database.close();
      await sandbox.close();
    },
  };
}
