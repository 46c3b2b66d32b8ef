import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parseConfig } from "../../src/config.ts";
import { readRegistration } from "../../src/registration/read-registration.ts";
import { refreshConfiguredRegistration } from "../../src/registration/refresh-configured-registration.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";
import { signedPart, startContainerServer } from "./container-server.ts";

const rows = readFileSync("test/fixtures/registration/datasample-contents.txt", "latin1").replace(
  /\n/g,
  "\r\n",
);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe("the daily registration sync of `padron serve`, in a process of its own", () => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startContainerServer>>;
  let downloads: string;
  before(async () => {
    database = await freshDatabase();
    server = await startContainerServer();
    downloads = mkdtempSync(join(tmpdir(), "padron-refresh-process-"));
    server.publish(`l_RFC_${yesterday.replaceAll("-", "_")}_1.txt.gz`, await signedPart(rows));
  });
  after(async () => {
    await server.close();
    await database.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  it("imports through a connection of its own; the serving one sees the new date, the outcome is logged", async () => {
    const config = parseConfig({
      DATABASE_URL: database.url,
      REGISTRATION_REFRESH_MODES: "live",
      REGISTRATION_LIVE_BASE_URL: server.url,
      REGISTRATION_DOWNLOAD_DIR: downloads,
    });
    const logged: [string, string, Record<string, unknown> | undefined][] = [];
    const refresh = refreshConfiguredRegistration({
      database,
      config,
      sandboxUrl: null,
      log: (level, message, fields) => logged.push([level, message, fields]),
    });
    assert.ok(refresh);
    await refresh.runNow();
    await refresh.stop();
    const status = (await readRegistration(database.db, "live", "CIFM750811MFA")).status;
    assert.equal(status.registered, true);
    assert.deepEqual(
      logged.map(([level, message, fields]) => [level, message, fields?.list, fields?.status, fields?.date]),
      [
        ["info", "registration list synced", "rfc", "imported", yesterday],
        ["error", "registration list synced", "certificates", "failed", null],
      ],
    );
  });

  it("stopping during a sync ends its process at once: nothing published, nothing logged as failed", async () => {
    const stalled = await freshDatabase();
    const part = `l_RFC_${yesterday.replaceAll("-", "_")}_1.txt.gz`;
    const other = await startContainerServer();
    other.publish(part, await signedPart(rows));
    other.fault(part, "stall");
    try {
      const logged: string[] = [];
      const refresh = refreshConfiguredRegistration({
        database: stalled,
        config: parseConfig({
          DATABASE_URL: stalled.url,
          REGISTRATION_REFRESH_MODES: "live",
          REGISTRATION_LIVE_BASE_URL: other.url,
          REGISTRATION_DOWNLOAD_DIR: downloads,
        }),
        sandboxUrl: null,
        log: (level, message) => logged.push(`${level} ${message}`),
      });
      assert.ok(refresh);
      const downloading = () => other.requests.some((request) => request.path.endsWith(part));
      while (!downloading() && logged.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(downloading(), logged.join("; "));
      await refresh.stop();
      assert.deepEqual(logged, []);
      assert.equal((await readRegistration(stalled.db, "live", "CIFM750811MFA")).status.listDate, null);
    } finally {
      await other.close();
      await stalled.close();
    }
  });
});
