import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { freePort } from "../helpers/free-port.ts";

// `padron serve` gets SIGTERM from systemd, Docker or Ctrl-C at any moment after it is ready; it must
// stop cleanly (exit 0), not be killed by the signal's default action nor wait out the grace period.
describe("padron serve stopped by SIGTERM", { timeout: 120_000 }, () => {
  let database: TestDatabase;
  const silent = createServer(() => {});
  before(async () => {
    database = await freshDatabase();
    silent.listen(0, "127.0.0.1");
    await once(silent, "listening");
  });
  after(async () => {
    silent.closeAllConnections();
    silent.close();
    await database.close();
  });

  /** Starts serve, sends SIGTERM once /readyz answers 200 and `also` settled, gives how it ended. */
  async function stopWhenReady(
    extraEnv: Record<string, string>,
    args: string[] = [],
    also?: Promise<unknown>,
  ) {
    const cwd = mkdtempSync(join(tmpdir(), "padron-stop-"));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [resolve("bin/padron.js"), "serve", "--port", String(port), ...args],
      {
        cwd,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          LOG_LEVEL: "silent",
          SANDBOX_PORT: "0",
          DEMO_USER: "stop@padron.local",
          SHUTDOWN_GRACE_MS: "60000",
          ...extraEnv,
        },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      for (;;) {
        assert.equal(child.exitCode, null, `serve ended before it was ready: ${errors}`);
        const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) break;
        await sleep(2);
      }
      await also;
      child.kill("SIGTERM");
      const [code, signal] = await exited;
      return { ended: { code, signal }, errors };
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }

  it("exits 0 when stopped the moment it is ready, its sandbox still being built", async () => {
    const { ended, errors } = await stopWhenReady({});
    assert.deepEqual(ended, { code: 0, signal: null }, errors);
  });

  it("exits 0 at once while its list refresh waits on a server that never answers", async () => {
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    const { ended, errors } = await stopWhenReady(
      { LISTS_REFRESH_MODES: "live", LISTS_LIVE_BASE_URL: silentUrl, REGISTRATION_REFRESH_MODES: "" },
      ["--no-sandbox"],
      once(silent, "request"),
    );
    assert.deepEqual(ended, { code: 0, signal: null }, errors);
  });
});
