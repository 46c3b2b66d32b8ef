import type { Db } from "../platform/db/connect.ts";

export type KeySummary = Awaited<ReturnType<typeof listApiKeys>>[number];

export function listApiKeys(db: Db, ownerId: string) {
  return db
    .selectFrom("api_keys")
    .select([
      "id",
      "label",
      "mode",
      "display_prefix as displayPrefix",
      "created_at as createdAt",
      "last_used_at as lastUsedAt",
    ])
    .where("owner_id", "=", ownerId)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .execute();
}
