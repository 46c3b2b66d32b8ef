import { compiledOnce } from "../platform/db/compiled-once.ts";
import type { Db } from "../platform/db/connect.ts";
import { checkApiKeyFormat, hashApiKey } from "./key-format.ts";

export type KeyContext = NonNullable<Awaited<ReturnType<typeof authenticateApiKey>>>;

const keyQuery = compiledOnce((db, a: { hash: string }) =>
  db
    .selectFrom("api_keys as k")
    .innerJoin("owners as o", "o.id", "k.owner_id")
    .select([
      "k.id",
      "k.label",
      "k.mode",
      "k.display_prefix",
      "o.id as owner_id",
      "o.kind",
      "o.name",
      "o.plan",
      "o.plan_expires_at",
      "o.plan_monthly_credits",
    ])
    .where("k.hash", "=", a.hash)
    .where("k.deleted_at", "is", null),
);

/**
 * Resolves a presented key to its owner; null for any kind of bad key, so callers answer alike.
 * Looked up on every call, never cached: a deleted key fails at once on every process (DESIGN §3.6).
 */
export async function authenticateApiKey(db: Db, raw: string | undefined) {
  if (!raw || checkApiKeyFormat(raw) === null) return null;
  const [row] = await keyQuery(db, { hash: hashApiKey(raw) });
  if (!row) return null;
  return {
    keyId: row.id,
    label: row.label,
    mode: row.mode,
    displayPrefix: row.display_prefix,
    owner: {
      id: row.owner_id,
      kind: row.kind,
      name: row.name,
      plan: row.plan,
      planExpiresAt: row.plan_expires_at,
      planMonthlyCredits: row.plan_monthly_credits,
    },
  };
}
