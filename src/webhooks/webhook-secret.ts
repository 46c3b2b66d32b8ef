import type { Db } from "../platform/db/connect.ts";
import { newWebhookSecret } from "./sign-webhook.ts";

/** The owner's signing secret, created on first use (two racing first uses agree on one). */
export async function webhookSecretOf(db: Db, ownerId: string): Promise<string> {
  const existing = await db
    .selectFrom("webhook_secrets")
    .select("secret")
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  if (existing) return existing.secret;
  await db
    .insertInto("webhook_secrets")
    .values({ owner_id: ownerId, secret: newWebhookSecret(), created_at: Date.now() })
    .onConflict((oc) => oc.column("owner_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("webhook_secrets")
    .select("secret")
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** Replaces the owner's secret; deliveries signed from now on use the new one. */
export async function rotateWebhookSecret(db: Db, ownerId: string): Promise<string> {
  const secret = newWebhookSecret();
  await db
    .insertInto("webhook_secrets")
    .values({ owner_id: ownerId, secret, created_at: Date.now() })
    .onConflict((oc) => oc.column("owner_id").doUpdateSet({ secret, created_at: Date.now() }))
    .execute();
  return secret;
}
