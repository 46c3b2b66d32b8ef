import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { startTestApp, type TestApp } from "../helpers/app.ts";

/** Every ledger write of this owner fails, as a lock timeout or a lost connection would. */
async function failLedgerWritesOf(h: TestApp, ownerId: string): Promise<void> {
  if (h.database.engine === "sqlite") {
    await sql
      .raw(`create trigger fail_writes before insert on ledger when new.owner_id = '${ownerId}'
            begin select raise(abort, 'injected failure'); end`)
      .execute(h.database.db);
    return;
  }
  await sql
    .raw(`create function fail_writes() returns trigger language plpgsql as $$
          begin if new.owner_id = '${ownerId}' then raise exception 'injected failure'; end if;
          return new; end $$`)
    .execute(h.database.db);
  await sql
    .raw("create trigger fail_writes before insert on ledger for each row execute function fail_writes()")
    .execute(h.database.db);
}

test("a charge the database fails fails only its own request; the batch's others stand", async () => {
  const h = await startTestApp();
  try {
    const payer = await h.owner({ mode: "live", credits: 100 });
    const broken = await h.owner({ mode: "live", credits: 100 });
    await failLedgerWritesOf(h, broken.ownerId);
    const call = (key: string) =>
      h.app.inject({
        method: "POST",
        url: "/v1/rfc/registration",
        headers: { "x-api-key": key },
        payload: { rfc: "AAA010101AAA" },
      });
    // Sent together, so their charges go in one batch: the payer's first, the failing one last.
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => call(payer.key)),
      call(broken.key),
    ]);
    const failed = answers.pop();
    assert.deepEqual(
      answers.map((answer) => [answer.statusCode, answer.headers["x-credits-charged"]]),
      Array.from({ length: 10 }, () => [200, "0"]),
      "no list imported yet: each charged, then refunded",
    );
    assert.equal(failed?.statusCode, 500);
    const payerAccount = await h.call(payer.key, "GET", "/v1/account");
    assert.equal(payerAccount.body.credits.balance, 100);
    const brokenAccount = await h.call(broken.key, "GET", "/v1/account");
    assert.equal(brokenAccount.body.credits.balance, 100);
  } finally {
    await h.close();
  }
});
