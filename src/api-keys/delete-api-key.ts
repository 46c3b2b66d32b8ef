import type { Db } from "../platform/db/connect.ts";

/** Soft-deletes a key of the given owner (or any owner when ownerId is omitted, for operators). */
export async function deleteApiKey(
  db: Db,
  match: { id?: string; displayPrefix?: string; ownerId?: string },
): Promise<number> {
  if (!match.id && !match.displayPrefix) return 0;
  let query = db.updateTable("api_keys").set({ deleted_at: Date.now() }).where("deleted_at", "is", null);
  if (match.id) query = query.where("id", "=", match.id);
  if (match.displayPrefix) query = query.where("display_prefix", "=", match.displayPrefix);
  if (match.ownerId) query = query.where("owner_id", "=", match.ownerId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
