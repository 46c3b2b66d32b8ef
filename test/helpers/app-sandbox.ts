import "reflect-metadata";
import type { ListMode } from "../../src/contributor-lists/list-store-types.ts";
import { syncLists } from "../../src/contributor-lists/sync-lists.ts";
import type { Db } from "../../src/platform/db/connect.ts";
import { importPostalCodes } from "../../src/postal-codes/import-postal-codes.ts";
import type { Scenario } from "../../src/sandbox/scenario-expectations.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import { parseSepomexCatalog } from "../../src/upstreams/postal-catalog/parse-sepomex-catalog.ts";
import { connectorsAt } from "./sandbox-connectors.ts";

export type SandboxOptions = {
  /** Multiplies the sandbox's simulated latencies (docs/sandbox.md); 0, the default, answers at once. */
  timeScale?: number;
  size?: number;
  maxHoldMs?: number;
  /** Timeout of the live connectors aimed at the sandbox. */
  timeoutMs?: number;
  /** Whose contributor lists are loaded from the sandbox before the app starts, as `padron lists sync` would. */
  lists?: ListMode[];
  /** Imports the sandbox's SEPOMEX catalog as the live postal catalog. */
  postalCatalog?: boolean;
};

type PadronStats = { started: number; completed: number; aborted: number };

export type TestSandbox = {
  sandbox: RunningSandbox;
  scenarios: Scenario[];
  sandboxJson(path: string, init?: RequestInit): Promise<unknown>;
  /** The sandbox's padrón endpoint: calls started, completed and aborted since the last reset. */
  sandboxStats(): Promise<PadronStats>;
  resetSandboxStats(): Promise<void>;
};

/**
 * The sandbox on a random loopback port, the settings that aim the live connectors at it (so live keys
 * are charged against sandbox answers), and `load`, which puts its lists and catalog in a database.
 */
export async function startTestSandbox(options: SandboxOptions) {
  const sandbox = await startSandbox({
    port: 0,
    seed: 1,
    size: options.size ?? 300,
    timeScale: options.timeScale ?? 0,
    maxHoldMs: options.maxHoldMs ?? 1000,
  });
  const sandboxJson = async (path: string, init?: RequestInit) =>
    (await (await fetch(`${sandbox.url}${path}`, init)).json()) as unknown;
  const running: TestSandbox = {
    sandbox,
    scenarios: (await sandboxJson("/scenarios")) as Scenario[],
    sandboxJson,
    sandboxStats: async () => ((await sandboxJson("/_control/stats")) as { padron: PadronStats }).padron,
    resetSandboxStats: async () => {
      await fetch(`${sandbox.url}/_control/stats`, { method: "DELETE" });
    },
  };
  const env = {
    ...connectorsAt(sandbox.url, options.timeoutMs ?? 10_000),
    PADRON_CONCURRENCY: "16",
    RATE_LIMIT_PER_MINUTE: "100000",
  };
  async function load(db: Db): Promise<void> {
    for (const mode of options.lists ?? []) {
      await syncLists(db, { mode, baseUrl: sandbox.url, minRowRatio: 0.5, timeoutMs: 30_000, retries: 1 });
    }
    if (options.postalCatalog) {
      const file = Buffer.from(await (await fetch(`${sandbox.url}/sepomex/CPdescarga.txt`)).arrayBuffer());
      await importPostalCodes(db, "live", parseSepomexCatalog(file), "CPdescarga.txt", {
        minCodeRatio: 0.9,
      });
    }
  }
  return { running, env, load };
}
