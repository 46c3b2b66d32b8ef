import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { ownCli } from "./own-cli.ts";

const cli = ownCli("live-sync");

/** A command's exit code and output, run in a folder of its own with `env` on top of the test's. */
const padron = (env: Record<string, string>, ...args: string[]) =>
  cli.padron(args, { REGISTRATION_DOWNLOAD_DIR: join(cli.cwd, "downloads"), SANDBOX_SIZE: "100", ...env });

/** Rows of the live lists, registered RFCs and certificates: what live keys are answered from. */
async function liveRows(): Promise<number> {
  const counts = await Promise.all(
    (["list_versions", "registration_imports"] as const).map((table) =>
      cli.database.db.selectFrom(table).select("mode").where("mode", "=", "live").execute(),
    ),
  );
  return counts.flat().length;
}

test("a live sync with its live URL set empty is refused: the sandbox's lists never go live", async () => {
  for (const [command, setting] of [
    ["lists", "LISTS_LIVE_BASE_URL"],
    ["registration", "REGISTRATION_LIVE_BASE_URL"],
  ]) {
    const ran = await padron({ [setting]: "" }, command, "sync", "--mode", "live", "--json");
    assert.equal(ran.code, 1, `${command} sync: ${ran.stdout.slice(0, 200)}`);
    assert.equal(
      ran.stderr,
      `padron ${command} sync: no live source: ${setting} is empty; set it or give --url\n`,
    );
    assert.equal(ran.stdout, "");
  }
  assert.equal(await liveRows(), 0);
  assert.deepEqual(readdirSync(cli.cwd), [], "nothing written in the working folder");
});
