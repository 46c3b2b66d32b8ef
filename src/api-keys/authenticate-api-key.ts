import { sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import { reusableQuery } from "../platform/db/reusable-query.ts";
import type { OwnersTable } from "../platform/db/schema.ts";
import { checkApiKeyFormat, hashApiKey, type KeyMode } from "./key-format.ts";

export interface KeyContext {
  keyId: string;
  label: string;
  mode: KeyMode;
  displayPrefix: string;
  owner: {
    id: string;
    kind: OwnersTable["kind"];
    name: string;
    plan: OwnersTable["plan"];
    planExpiresAt: number | null;
    planMonthlyCredits: number | null;
  };
}

type KeyRow = {
  id: string;
  label: string;
  mode: KeyMode;
  display_prefix: string;
  owner_id: string;
  kind: OwnersTable["kind"];
  name: string;
  plan: OwnersTable["plan"];
  plan_expires_at: number | null;
  plan_monthly_credits: number | null;
};
// Compiled once: every API call runs it (building it with Kysely each time cost more than running it).
const selectKey = reusableQuery<KeyRow, [string]>(
  (hash) =>
    sql`select k.id, k.label, k.mode, k.display_prefix, o.id as owner_id, o.kind, o.name, o.plan,
          o.plan_expires_at, o.plan_monthly_credits
        from api_keys k join owners o on o.id = k.owner_id
        where k.hash = ${hash} and k.deleted_at is null`,
  1,
);

/**
 * Resolves a presented key to its owner; null for any kind of bad key, so callers answer alike.
 * Looked up on every call, never cached: a deleted key fails at once on every process (DESIGN §3.6).
 */
export async function authenticateApiKey(db: Db, raw: string | undefined): Promise<KeyContext | null> {
  if (!raw || checkApiKeyFormat(raw) === null) return null;
  const [row] = await selectKey(db, hashApiKey(raw));
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
