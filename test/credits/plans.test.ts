import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { sql } from "kysely";
import { readBalance } from "../../src/credits/read-balance.ts";
import { refundCredits } from "../../src/credits/refund-credits.ts";
import { periodOf } from "../../src/credits/renew-allowance.ts";
import { setPlan } from "../../src/credits/set-plan.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mountEchoRoute } from "../helpers/echo-route.ts";
import { mintOwner } from "../helpers/owners.ts";

const run = promisify(execFile);
let padron: TestApp;
before(async () => {
  // Webhook URLs on loopback are accepted (nothing is delivered: no worker runs here).
  padron = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "true" }, { setup: mountEchoRoute });
});
after(() => padron.close());

async function padronCli(...args: string[]): Promise<string> {
  const env = { ...process.env, DATABASE_URL: padron.database.url, LOG_LEVEL: "silent" };
  const { stdout } = await run(process.execPath, ["bin/padron.js", ...args], { env });
  return stdout;
}

const account = async (key: string) =>
  (await padron.app.inject({ method: "GET", url: "/v1/account", headers: { "x-api-key": key } })).json();

async function charge(key: string) {
  const response = await padron.app.inject({
    method: "POST",
    url: "/v1-test/echo",
    headers: { "x-api-key": key, "content-type": "application/json" },
    payload: { rfc: "EKU9003173C9" },
  });
  assert.equal(response.statusCode, 200);
  return response;
}

async function ledgerSums(ownerId: string) {
  const row = await padron.database.db
    .selectFrom("ledger")
    .select([sql<number>`sum(credits)`.as("credits"), sql<number>`sum(allowance)`.as("allowance")])
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  return { credits: Number(row.credits), allowance: Number(row.allowance) };
}

test("credits plan gives an owner a monthly allowance that /v1/account shows and calls spend first", async () => {
  const owner = await mintOwner(padron.database.db, { credits: 40 });
  const printed = JSON.parse(
    await padronCli("credits", "plan", "--owner", `user:${owner.email}`, "--allowance", "3", "--json"),
  );
  assert.deepEqual(printed, {
    owner: `user:${owner.email}`,
    plan: "pro",
    monthly_credits: 3,
    allowance_left: 3,
  });
  const planned = await account(owner.key);
  assert.deepEqual(planned.plan, { name: "pro", active: true, monthly_credits: 3, expires_at: null });
  assert.deepEqual(planned.credits, { balance: 40, allowance_left: 3 });

  // Each call costs 1: the allowance pays the first three, the balance the fourth.
  for (let i = 0; i < 3; i++) assert.equal((await charge(owner.key)).headers["x-credits-remaining"], "40");
  assert.equal((await charge(owner.key)).headers["x-credits-remaining"], "39");
  assert.deepEqual((await account(owner.key)).credits, { balance: 39, allowance_left: 0 });

  // Setting the same figure again does not hand out a second allowance this month.
  const again = JSON.parse(
    await padronCli("credits", "plan", "--owner", `user:${owner.email}`, "--allowance", "3", "--json"),
  );
  assert.equal(again.allowance_left, 0);
  const raised = await padronCli("credits", "plan", "--owner", `user:${owner.email}`, "--allowance", "10");
  assert.match(raised, /plan of 10 credits a month; 7 left this month/);

  const removed = await padronCli("credits", "plan", "--owner", `user:${owner.email}`, "--allowance", "0");
  assert.match(removed, /no plan now/);
  const payg = await account(owner.key);
  assert.deepEqual(payg.plan, { name: "payg", active: false, monthly_credits: 0, expires_at: null });
  assert.deepEqual(payg.credits, { balance: 39, allowance_left: 0 });
  assert.deepEqual(await ledgerSums(owner.ownerId), { credits: 39, allowance: 0 });
  assert.deepEqual(await readBalance(padron.database.db, owner.ownerId), { credits: 39, allowance: 0 });
});

test("a plan set in an earlier month shows its whole allowance until the first charge renews it", async () => {
  const owner = await mintOwner(padron.database.db, { credits: 5 });
  const lastMonth = Date.UTC(2026, 0, 15);
  await padron.database.db
    .transaction()
    .execute((trx) => setPlan(trx, { ownerId: owner.ownerId, monthlyCredits: 8, now: lastMonth }));
  assert.deepEqual((await account(owner.key)).credits, { balance: 5, allowance_left: 8 });
  await charge(owner.key);
  assert.deepEqual((await account(owner.key)).credits, { balance: 5, allowance_left: 7 });
  assert.deepEqual(await ledgerSums(owner.ownerId), { credits: 5, allowance: 7 });
});

test("work accepted for a webhook is paid from the plan's allowance first too", async () => {
  const owner = await mintOwner(padron.database.db, { credits: 30 });
  await padron.database.db
    .transaction()
    .execute((trx) => setPlan(trx, { ownerId: owner.ownerId, monthlyCredits: 5 }));
  const accepted = await padron.app.inject({
    method: "POST",
    url: "/v1/rfc/verify",
    headers: { "x-api-key": owner.key, "content-type": "application/json" },
    payload: { rfc: "EKU9003173C9", webhook_url: "http://127.0.0.1:9/hooks" },
  });
  assert.equal(accepted.statusCode, 202);
  assert.equal(accepted.headers["x-credits-charged"], "1");
  assert.equal(accepted.headers["x-credits-remaining"], "30");
  assert.deepEqual((await account(owner.key)).credits, { balance: 30, allowance_left: 4 });
});

test("a refund gives the allowance back within its month only, never above the plan", async () => {
  const owner = await mintOwner(padron.database.db, { credits: 5 });
  const { db } = padron.database;
  await db.transaction().execute((trx) => setPlan(trx, { ownerId: owner.ownerId, monthlyCredits: 10 }));
  const lastMonthsCharge = (await charge(owner.key)).headers["x-request-id"] as string;
  // The month turns before that request is refunded: its charge and the balance row are last month's.
  const lastMonth = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 28);
  await db
    .updateTable("ledger")
    .set({ created_at: lastMonth })
    .where("request_id", "=", lastMonthsCharge)
    .execute();
  await db
    .updateTable("balances")
    .set({ allowance_period: periodOf(lastMonth) })
    .where("owner_id", "=", owner.ownerId)
    .execute();
  const thisMonthsCharge = (await charge(owner.key)).headers["x-request-id"] as string;
  assert.deepEqual((await account(owner.key)).credits, { balance: 5, allowance_left: 9 });
  const refund = (requestId: string) =>
    db
      .transaction()
      .execute((trx) => refundCredits(trx, { ownerId: owner.ownerId, requestId, operation: "verify" }));
  assert.equal(await refund(lastMonthsCharge), 0, "last month's allowance lapsed with its month");
  assert.deepEqual((await account(owner.key)).credits, { balance: 5, allowance_left: 9 });
  assert.equal(await refund(thisMonthsCharge), 1);
  assert.deepEqual((await account(owner.key)).credits, { balance: 5, allowance_left: 10 });
});

test("credits plan refuses what is not a whole number of credits, and unknown owners", async () => {
  const owner = await mintOwner(padron.database.db);
  for (const bad of ["-5", "1.5", "lots"])
    await assert.rejects(
      padronCli("credits", "plan", "--owner", `user:${owner.email}`, `--allowance=${bad}`),
      (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr, /--allowance must be a whole number of credits/);
        return true;
      },
    );
  await assert.rejects(
    padronCli("credits", "plan", "--owner", "org:no-such-org", "--allowance", "5"),
    /no owner org:no-such-org/,
  );
});
