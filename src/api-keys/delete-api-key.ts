import type { Db } from "../platform/db/connect.ts";
import { ServiceError } from "../platform/errors.ts";
import { hashApiKey } from "./key-format.ts";

/**
 * Soft-deletes the one live key that matches: by id, by the whole key (its hash), or by display prefix,
 * of the given owner (or any owner when ownerId is omitted, for operators). Display prefixes are not
 * unique, so a prefix that several live keys share deletes none and says how many.
 */
export async function deleteApiKey(
  db: Db,
  match: { id?: string; key?: string; displayPrefix?: string; ownerId?: string },
): Promise<number> {
  if (!match.id && !match.key && !match.displayPrefix) return 0;
  let query = db.selectFrom("api_keys").select("id").where("deleted_at", "is", null);
  if (match.id) query = query.where("id", "=", match.id);
  if (match.key) query = query.where("hash", "=", hashApiKey(match.key));
  if (match.displayPrefix) query = query.where("display_prefix", "=", match.displayPrefix);
  if (match.ownerId) query = query.where("owner_id", "=", match.ownerId);
  const matching = await query.execute();
  if (matching.length > 1)
    throw new ServiceError(
      "invalid_request",
      `${matching.length} live keys have the prefix ${match.displayPrefix}: none deleted; ` +
        "give the whole key, or its owner, to say which",
    );
  if (matching.length === 0) return 0;
  const result = await db
    .updateTable("api_keys")
    .set({ deleted_at: Date.now() })
    .where("id", "=", matching[0].id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
