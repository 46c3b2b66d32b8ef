import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// The request that holds a running key: a retry that takes over a dead holder's key refunds what that
// request was charged, and a holder that lost its key never stores or frees it over the new one's.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("idempotency_keys").addColumn("request_id", "text").execute();
}
