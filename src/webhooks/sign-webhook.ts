import { createHmac, randomBytes } from "node:crypto";

/** A Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString("base64")}`;

/** Standard Webhooks headers: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the decoded secret. */
export function signWebhook(
  secret: string,
  input: { id: string; timestampSeconds: number; body: string },
): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key)
    .update(`${input.id}.${input.timestampSeconds}.${input.body}`)
    .digest("base64");
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestampSeconds),
    "webhook-signature": `v1,${signature}`,
  };
}
