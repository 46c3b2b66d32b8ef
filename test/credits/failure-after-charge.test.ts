import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { startTestApp } from "../helpers/app.ts";

test("a request that fails after its charge gets the charge back: a 500 costs nothing", async () => {
  const h = await startTestApp();
  try {
    const owner = await h.owner({ mode: "live", credits: 10 });
    // The lookup's table gone: the read fails after the charge, as a database error would.
    await sql`drop table certificate_list_entries`.execute(h.database.db);
    const failed = await h.call(owner.key, "POST", "/v1/rfc/registration", { rfc: "AAA010101AAA" });
    assert.equal(failed.status, 500);
    assert.equal(failed.headers.get("x-credits-charged"), "0");
    const account = await h.call(owner.key, "GET", "/v1/account");
    assert.equal(account.body.credits.balance, 10);
  } finally {
    await h.close();
  }
});
