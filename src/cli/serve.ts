import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { prepareDemoAccess } from "../accounts/prepare-demo-access.ts";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { ConfigurationError } from "../platform/configuration-error.ts";
import { type DatabaseHandle, dataDirectoryOf, openDatabase } from "../platform/db/connect.ts";
import { prepareDatabase } from "../platform/db/prepare-database.ts";
import { logThrough } from "../platform/log.ts";
import type { Command } from "./command.ts";
import { stopOnSignals } from "./session.ts";
import { startBackgroundWork } from "./worker.ts";

// How long abandoned requests get to write their refunds (short transactions) before the process exits.
const ABANDON_WAIT_MS = 2000;

export const serve: Command = {
  usage: "[--port 8080] [--host 127.0.0.1] [--no-worker] [--no-sandbox]",
  options: {
    port: { type: "string" },
    host: { type: "string" },
    "no-worker": { type: "boolean" },
    "no-sandbox": { type: "boolean" },
  },
  async run(values) {
    const config = loadConfig({
      PORT: values.port as string | undefined,
      HOST: values.host as string | undefined,
      ...(values["no-sandbox"] ? { SANDBOX: "false" } : {}),
    });
    const database = openDatabase(config.database.url, config.database);
    await prepareDatabase(database, config.database.url);
    const demo = config.accounts.demoUser ? await demoAccess(database, config) : null;
    // The sandbox listens at once; its population is built once the service is ready (calls wait).
    const sandbox = config.sandbox.enabled
      ? await portOf("SANDBOX_PORT", async () =>
          (await import("../sandbox/server.ts")).startSandboxInBackground({
            ...config.sandbox,
            host: config.server.host,
          }),
        )
      : null;
    const padron = await buildApp({
      config,
      database,
      sandbox: sandbox ? { url: sandbox.url, state: sandbox.state } : undefined,
    });
    // Ready first: background work (jobs, list refreshes, the sandbox population) starts after listening.
    const address = await portOf("PORT", () =>
      padron.app.listen({ port: config.server.port, host: config.server.host }),
    );
    const background = values["no-worker"]
      ? null
      : startBackgroundWork({
          database,
          config,
          services: padron.services,
          sandboxUrl: sandbox?.url ?? null,
          log: logThrough(padron.app.log),
        });
    sandbox?.population
      .build()
      .catch((error) => padron.app.log.error({ error }, "sandbox population failed"));
    // Installed in the turn that listened: a SIGTERM as soon as /readyz answers still stops cleanly.
    stopOnSignals(async (signal) => {
      padron.app.log.info({ signal }, "shutting down");
      padron.beginShutdown();
      const closed = padron.app.close();
      if (!(await within(Promise.all([closed, background?.stop()]), config.server.shutdownGraceMs))) {
        // Requests still running would keep charges for answers never sent: end them, refunded, first.
        padron.abandonRequests();
        await within(closed, ABANDON_WAIT_MS);
        process.exit(1);
      }
      await sandbox?.close();
      await database.close();
      process.exit(0);
    });
    const base = config.server.publicUrl || address;
    if (demo) {
      const kept = demo.kept ? "the same at every start" : "new, and kept for the next starts";
      process.stdout.write(
        `\npadron is running at ${base}  (database: ${database.engine})\n` +
          `sandbox key for ${demo.email} (${kept}; in ${demo.keyFile}):\n  ${demo.key}\ntry it:\n` +
          `  curl -s ${base}/v1/account -H 'x-api-key: ${demo.key}'\n` +
          `API reference: ${base}/docs\n` +
          (sandbox
            ? `sandbox scenarios: ${base}/sandbox/scenarios (sandbox upstreams at ${sandbox.url})\n\n`
            : "\n"),
      );
    }
  },
};

/** The demo user's sandbox key, kept in the data directory, before listening: nothing is awaited after. */
async function demoAccess(database: DatabaseHandle, config: Config) {
  const directory = dataDirectoryOf(config.database.url);
  mkdirSync(directory, { recursive: true });
  const keyFile = join(directory, "demo-key");
  const demo = await prepareDemoAccess(database.db, {
    email: config.accounts.demoUser,
    signupCredits: config.accounts.signupCredits,
    keyFile,
  });
  return { ...demo, keyFile };
}

/** Whether `work` was done within `ms`. */
const within = (work: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([work.then(() => true), sleep(ms, false)]);

/** A port already taken is the operator's to fix: the message names the setting that chose it. */
async function portOf<T>(setting: string, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const message = `${(error as Error).message}: another process listens there; stop it or set ${setting}`;
    throw new ConfigurationError(message, { cause: error });
  }
}
