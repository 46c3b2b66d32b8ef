import type { KeyMode } from "../api-keys/key-format.ts";
import type { Db } from "../platform/db/connect.ts";
import { newWebhookSecret } from "./sign-webhook.ts";

/**
 * The owner's signing secret for one mode: live requests' deliveries are signed with the live one,
 * sandbox requests' with the test one. Created on first use (two racing first uses agree on one).
 */
export async function webhookSecretOf(db: Db, ownerId: string, mode: KeyMode): Promise<string> {
  const select = () =>
    db
      .selectFrom("webhook_secrets")
      .select("secret")
      .where("owner_id", "=", ownerId)
      .where("mode", "=", mode);
  const existing = await select().executeTakeFirst();
  if (existing) return existing.secret;
  await db
    .insertInto("webhook_secrets")
    .values({ owner_id: ownerId, mode, secret: newWebhookSecret(), created_at: Date.now() })
    .onConflict((oc) => oc.columns(["owner_id", "mode"]).doNothing())
    .execute();
  return (await select().executeTakeFirstOrThrow()).secret;
}

/** Replaces the owner's secret of one mode; deliveries of that mode signed from now on use the new one. */
export async function rotateWebhookSecret(db: Db, ownerId: string, mode: KeyMode): Promise<string> {
  const secret = newWebhookSecret();
  await db
    .insertInto("webhook_secrets")
    .values({ owner_id: ownerId, mode, secret, created_at: Date.now() })
    .onConflict((oc) => oc.columns(["owner_id", "mode"]).doUpdateSet({ secret, created_at: Date.now() }))
    .execute();
  return secret;
}
