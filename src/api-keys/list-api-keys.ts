import type { Db } from "../platform/db/connect.ts";

export interface KeySummary {
  id: string;
  label: string;
  mode: "live" | "test";
  displayPrefix: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export async function listApiKeys(db: Db, ownerId: string): Promise<KeySummary[]> {
  const rows = await db
    .selectFrom("api_keys")
    .select(["id", "label", "mode", "display_prefix", "created_at", "last_used_at"])
    .where("owner_id", "=", ownerId)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    mode: r.mode,
    displayPrefix: r.display_prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}
