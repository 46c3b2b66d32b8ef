import { sql } from "kysely";
import type { Db } from "../../../src/platform/db/connect.ts";
import type { Scenario } from "../../../src/sandbox/scenario-expectations.ts";
import type { SandboxApp } from "../../helpers/app.ts";

/** Net credits a request moved (charges negative, refunds positive), and how many entries it wrote. */
export async function ledgerOf(db: Db, requestId: string): Promise<{ net: number; kinds: string[] }> {
  const rows = await db
    .selectFrom("ledger")
    .select(["kind", sql<number>`credits + allowance`.as("amount")])
    .where("request_id", "=", requestId)
    .orderBy("id")
    .execute();
  return { net: rows.reduce((sum, row) => sum + Number(row.amount), 0), kinds: rows.map((row) => row.kind) };
}

/** An owner's charges and refunds, and what they net to (charges negative, refunds positive). */
export async function ownerChargesOf(db: Db, ownerId: string) {
  const rows = await db
    .selectFrom("ledger")
    .select(["kind", "credits", "request_id"])
    .where("owner_id", "=", ownerId)
    .where("kind", "in", ["charge", "refund"])
    .execute();
  return { rows, net: rows.reduce((sum, row) => sum + Number(row.credits), 0) };
}

/** A call with a live key (charged), with the ledger entries its request wrote. */
export async function chargedCall(h: SandboxApp, path: string, body: unknown, key: string) {
  const answer = await h.call(key, "POST", path, body);
  const requestId = answer.headers.get("x-request-id") as string;
  return { ...answer, ledger: await ledgerOf(h.database.db, requestId) };
}

/** The first scenario with `tag`. */
export function scenarioTagged(h: SandboxApp, tag: string): Scenario {
  const found = h.scenarios.find((s) => s.tags.includes(tag));
  if (!found) throw new Error(`no scenario tagged ${tag}`);
  return found;
}
