import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { MAX_BALANCE_CREDITS } from "../../src/credits/grant-credits.ts";
import { mintOwner } from "../helpers/owners.ts";
import { ownCli } from "./own-cli.ts";

const cli = ownCli("grant");
const grant = (email: string, credits: string) =>
  cli.padron(["credits", "grant", "--owner", `user:${email}`, "--credits", credits]);

/** The balance as text (a value past 2^53 would still show) and the sum of the owner's ledger. */
async function stored(ownerId: string) {
  const { rows } = await sql<{ balance: string; ledger: string }>`
    select cast(b.credits as text) as balance,
           (select cast(sum(l.credits) as text) from ledger l where l.owner_id = b.owner_id) as ledger
    from balances b where b.owner_id = ${ownerId}`.execute(cli.database.db);
  return rows[0];
}

test("a grant past the balance cap is refused in one line and writes nothing", async () => {
  const owner = await mintOwner(cli.database.db, { credits: 500 });
  const ran = await grant(owner.email, String(Number.MAX_SAFE_INTEGER));
  assert.equal(ran.code, 1);
  assert.equal(
    ran.stderr,
    "padron credits grant: a balance holds at most 1,000,000,000,000 credits: " +
      "adding 9,007,199,254,740,991 would pass it\n",
  );
  assert.deepEqual({ ...(await stored(owner.ownerId)) }, { balance: "500", ledger: "500" });

  const upToCap = await grant(owner.email, String(MAX_BALANCE_CREDITS - 500));
  assert.equal(upToCap.code, 0, upToCap.stderr);
  assert.match(upToCap.stdout, /; balance 1000000000000\n$/);
  const oneMore = await grant(owner.email, "1");
  assert.equal(oneMore.code, 1);
  assert.match(oneMore.stderr, /would pass it\n$/);
  assert.equal((await stored(owner.ownerId)).balance, String(MAX_BALANCE_CREDITS));
});

test("--credits takes plain decimal digits: hex, exponents and signs are refused", async () => {
  const owner = await mintOwner(cli.database.db, { credits: 500 });
  for (const amount of ["0x10", "1e3", "+5", "1_000", "10.0", "0"]) {
    const ran = await grant(owner.email, amount);
    assert.equal(ran.code, 1, `${amount}: ${ran.stdout}`);
    assert.equal(
      ran.stderr,
      `padron credits grant: --credits must be a whole number of credits in digits, 1 or more, got "${amount}"\n`,
    );
  }
  assert.equal((await stored(owner.ownerId)).balance, "500");
});
