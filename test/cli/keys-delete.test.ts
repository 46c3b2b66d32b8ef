import assert from "node:assert/strict";
import { test } from "node:test";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import { mintOwner } from "../helpers/owners.ts";
import { ownCli } from "./own-cli.ts";

const cli = ownCli("keys-delete");
const padron = (...args: string[]) => cli.padron(args);

/** Two customers whose keys share one display prefix (62^6 values: it happens among many keys). */
async function sharedPrefix() {
  const alice = await mintOwner(cli.database.db);
  const bob = await mintOwner(cli.database.db);
  const aliceKey = await issueApiKey(cli.database.db, {
    ownerId: alice.ownerId,
    label: "prod",
    mode: "live",
  });
  const bobKey = await issueApiKey(cli.database.db, { ownerId: bob.ownerId, label: "prod", mode: "live" });
  await cli.database.db
    .updateTable("api_keys")
    .set({ display_prefix: aliceKey.displayPrefix })
    .where("id", "=", bobKey.id)
    .execute();
  return { alice, bob, aliceKey, bobKey, prefix: aliceKey.displayPrefix };
}

const isLive = async (id: string) =>
  (await cli.database.db
    .selectFrom("api_keys")
    .select("id")
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst()) !== undefined;

test("a whole key deletes that key only, not another customer's with the same prefix", async () => {
  const { aliceKey, bobKey, prefix } = await sharedPrefix();
  const ran = await padron("keys", "delete", "--prefix", aliceKey.key);
  assert.equal(ran.code, 0, ran.stderr);
  assert.equal(ran.stdout, `deleted the key with prefix ${prefix}\n`);
  assert.equal(await isLive(aliceKey.id), false);
  assert.equal(await isLive(bobKey.id), true);
});

test("a prefix two live keys share deletes neither and says so; --owner says which", async () => {
  const { bob, aliceKey, bobKey, prefix } = await sharedPrefix();
  const ran = await padron("keys", "delete", "--prefix", prefix);
  assert.equal(ran.code, 1);
  assert.equal(
    ran.stderr,
    `padron keys delete: 2 live keys have the prefix ${prefix}: none deleted; ` +
      "give the whole key, or its owner, to say which\n",
  );
  assert.equal(await isLive(aliceKey.id), true);
  assert.equal(await isLive(bobKey.id), true);

  const owned = await padron("keys", "delete", "--prefix", prefix, "--owner", `user:${bob.email}`);
  assert.equal(owned.code, 0, owned.stderr);
  assert.equal(await isLive(aliceKey.id), true);
  assert.equal(await isLive(bobKey.id), false);
  // With Bob's gone, the prefix names one live key again.
  assert.equal((await padron("keys", "delete", "--prefix", prefix)).code, 0);
  assert.equal(await isLive(aliceKey.id), false);
});
