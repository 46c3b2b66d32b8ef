import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { reusableQuery } from "../platform/db/reusable-query.ts";
import type { LedgerTable } from "../platform/db/schema.ts";

export interface LedgerEntry {
  ownerId: string;
  kind: LedgerTable["kind"];
  credits: number;
  allowance?: number;
  operation?: string | null;
  requestId?: string | null;
  note?: string | null;
  at?: number;
}

const insertEntry = reusableQuery<
  never,
  [string, string, number, number, string | null, string | null, string | null, number]
>(
  (owner, kind, credits, allowance, operation, requestId, note, at) =>
    sql`insert into ledger (owner_id, kind, credits, allowance, operation, request_id, note, created_at)
        values (${owner}, ${kind}, ${credits}, ${allowance}, ${operation}, ${requestId}, ${note}, ${at})`,
  8,
);

/** The ledger is append-only: every change of a balance row is written here in the same transaction. */
export async function appendLedgerEntry(trx: Db, entry: LedgerEntry): Promise<void> {
  await insertEntry(
    trx,
    entry.ownerId,
    entry.kind,
    entry.credits,
    entry.allowance ?? 0,
    entry.operation ?? null,
    entry.requestId ?? null,
    entry.note ?? null,
    entry.at ?? Date.now(),
  );
}
