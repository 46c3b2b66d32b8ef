import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import { readBalance } from "../../src/credits/read-balance.ts";
import { mintOwner } from "../helpers/owners.ts";
import { ownCli } from "./own-cli.ts";

const cli = ownCli("stray");
const padron = (...args: string[]) => cli.padron(args);

/** Refused in one line naming the stray word, exit 1, nothing on stdout. */
function assertRefused(ran: { code: number; stdout: string; stderr: string }, command: string, word: string) {
  assert.equal(ran.code, 1, ran.stdout);
  assert.equal(ran.stdout, "");
  assert.match(ran.stderr, new RegExp(`^padron ${command}: Unexpected argument '${word}'[^\\n]*\\n$`));
}

test("a stray word after the options is refused, and nothing changes", async () => {
  const owner = await mintOwner(cli.database.db, { credits: 0 });
  const who = `user:${owner.email}`;
  assertRefused(
    await padron("credits", "grant", "--owner", who, "--credits", "10", "000"),
    "credits grant",
    "000",
  );
  assert.equal((await readBalance(cli.database.db, owner.ownerId)).credits, 0);

  assertRefused(
    await padron("credits", "plan", "--owner", who, "--allowance", "5", "000"),
    "credits plan",
    "000",
  );
  const { plan } = await cli.database.db
    .selectFrom("owners")
    .select("plan")
    .where("id", "=", owner.ownerId)
    .executeTakeFirstOrThrow();
  assert.equal(plan, "payg");

  const a = await issueApiKey(cli.database.db, { ownerId: owner.ownerId, label: "a", mode: "live" });
  const b = await issueApiKey(cli.database.db, { ownerId: owner.ownerId, label: "b", mode: "live" });
  assertRefused(
    await padron("keys", "delete", "--prefix", a.displayPrefix, b.displayPrefix),
    "keys delete",
    b.displayPrefix,
  );
  const live = await cli.database.db
    .selectFrom("api_keys")
    .select("id")
    .where("owner_id", "=", owner.ownerId)
    .where("deleted_at", "is", null)
    .execute();
  assert.equal(live.length, 3, "the owner's keys are all still live");
});

test("commands that take files still take them", async () => {
  const missing = await padron("cert", "inspect", join(cli.cwd, "none.cer"));
  assert.match(missing.stderr, /ENOENT/);
  const lists = await padron("lists", "import", join(cli.cwd, "none.csv"), "--json");
  assert.equal(JSON.parse(lists.stdout)[0].status, "failed");
});
