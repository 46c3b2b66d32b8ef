import { sql } from "kysely";
import type { Db } from "../../../src/platform/db/connect.ts";

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
