import type { Db } from "../platform/db/connect.ts";
import { newId } from "../platform/ids.ts";
import { displayPrefixOf, generateApiKey, hashApiKey, type KeyMode } from "./key-format.ts";

export type IssuedKey = Awaited<ReturnType<typeof issueApiKey>>;

/** Creates a key for an owner. The clear key is returned once and never stored. */
export async function issueApiKey(
  db: Db,
  input: { ownerId: string; label: string; mode: KeyMode; createdBy?: string | null },
) {
  const key = generateApiKey(input.mode);
  const row = {
    id: newId("key"),
    owner_id: input.ownerId,
    mode: input.mode,
    label: input.label,
    display_prefix: displayPrefixOf(key),
    hash: hashApiKey(key),
    created_by: input.createdBy ?? null,
    created_at: Date.now(),
    last_used_at: null,
    deleted_at: null,
  };
  await db.insertInto("api_keys").values(row).execute();
  return {
    id: row.id,
    key,
    label: row.label,
    mode: row.mode,
    displayPrefix: row.display_prefix,
    createdAt: row.created_at,
  };
}
