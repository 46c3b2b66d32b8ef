import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";

const DAY_MS = 86_400_000;

export type Usage = Awaited<ReturnType<typeof readUsage>>;

/**
 * Credits spent (charges net of refunds, from the ledger) and API requests (from the request log) of
 * one owner over the last `days` days, per UTC day and per operation. Integer division by the day
 * length groups identically on SQLite and PostgreSQL.
 */
export async function readUsage(db: Db, ownerId: string, days = 30, now = Date.now()) {
  const firstDay = Math.floor(now / DAY_MS) - (days - 1);
  const since = firstDay * DAY_MS;
  const day = sql<number>`created_at / 86400000`;
  const spent = sql<number>`-sum(credits + allowance)`;
  const counted = sql<number>`count(*)`;
  const charges = () =>
    db
      .selectFrom("ledger")
      .where("owner_id", "=", ownerId)
      .where("kind", "in", ["charge", "refund"])
      .where("created_at", ">=", since);
  const requests = () =>
    db.selectFrom("api_requests").where("owner_id", "=", ownerId).where("created_at", ">=", since);
  const [ledgerDays, requestDays, ledgerOps, requestOps] = await Promise.all([
    charges()
      .select([day.as("day"), spent.as("credits")])
      .groupBy(day)
      .execute(),
    requests()
      .select([day.as("day"), counted.as("requests")])
      .groupBy(day)
      .execute(),
    charges()
      .select(["operation", spent.as("credits")])
      .groupBy("operation")
      .execute(),
    requests()
      .select(["operation", counted.as("requests")])
      .groupBy("operation")
      .execute(),
  ]);
  const creditsOn = new Map(ledgerDays.map((row) => [Number(row.day), Number(row.credits)]));
  const requestsOn = new Map(requestDays.map((row) => [Number(row.day), Number(row.requests)]));
  const perDay = Array.from({ length: days }, (_, i) => firstDay + i).map((d) => ({
    day: d * DAY_MS,
    credits: creditsOn.get(d) ?? 0,
    requests: requestsOn.get(d) ?? 0,
  }));
  const byOperation = new Map<string, { operation: string; credits: number; requests: number }>();
  const operationOf = (name: string) => {
    const entry = byOperation.get(name) ?? { operation: name, credits: 0, requests: 0 };
    byOperation.set(name, entry);
    return entry;
  };
  for (const row of ledgerOps) operationOf(row.operation ?? "other").credits = Number(row.credits);
  // The request log names the route (`rfc/verify`), the ledger the operation (`verify`).
  for (const row of requestOps)
    operationOf(row.operation.replace(/^rfc\//, "")).requests = Number(row.requests);
  const operations = [...byOperation.values()].sort(
    (a, b) => b.credits - a.credits || b.requests - a.requests,
  );
  return { days: perDay, operations };
}
