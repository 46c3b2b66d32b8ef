import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { buildApp, type PadronApp } from "../../src/app.ts";
import { type Config, parseConfig } from "../../src/config.ts";
import { freshDatabase, type TestDatabase } from "./database.ts";

export interface TestApp extends PadronApp {
  config: Config;
  database: TestDatabase;
  logs: string[];
  /** Listens on a random loopback port and returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** The real app on a fresh database, logs captured in memory. */
export async function startTestApp(
  env: Record<string, string> = {},
  setup?: (padron: PadronApp, deps: { config: Config; database: TestDatabase }) => void | Promise<void>,
): Promise<TestApp> {
  const database = await freshDatabase();
  const config = parseConfig({
    LOG_LEVEL: "info",
    SANDBOX: "false",
    DEMO_USER: "",
    DATABASE_URL: database.url,
    ...env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const padron = await buildApp({ config, database, logStream });
  await setup?.(padron, { config, database });
  await padron.app.ready();
  return {
    ...padron,
    config,
    database,
    logs,
    async listen() {
      await padron.app.listen({ port: 0, host: "127.0.0.1" });
      return `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
    },
    async close() {
      await padron.app.close();
      await database.close();
    },
  };
}
