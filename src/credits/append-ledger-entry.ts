import type { Db } from "../platform/db/connect.ts";
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

/** The ledger row of an entry: what it leaves out is 0, null, or now. */
export const ledgerRow = (entry: LedgerEntry) => ({
  owner_id: entry.ownerId,
  kind: entry.kind,
  credits: entry.credits,
  allowance: entry.allowance ?? 0,
  operation: entry.operation ?? null,
  request_id: entry.requestId ?? null,
  note: entry.note ?? null,
  created_at: entry.at ?? Date.now(),
});

/** The ledger is append-only: every change of a balance row is written here in the same transaction. */
export async function appendLedgerEntry(trx: Db, entry: LedgerEntry): Promise<void> {
  await trx.insertInto("ledger").values(ledgerRow(entry)).execute();
}
