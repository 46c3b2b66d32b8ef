import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// A redelivery starts a round of retries of its own; a round that is not the delivery's latest stops
// and never writes its outcome over the latest's.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable("webhook_deliveries")
    .addColumn("round", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
