import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "./list-store-types.ts";

/** One current list as `padron lists status --json` prints it. */
export type ListStatus = {
  mode: ListMode;
  list: string;
  article: string;
  file: string;
  content_date: string | null;
  fetched_at: string;
  checked_at: string;
  rows: number;
  suppressed: number;
  bytes: number;
  source: string;
  etag: string | null;
  last_modified: string | null;
  sha256: string;
};

/** Every current list version with its provenance, by mode then list. */
export async function readListStatus(db: Db, mode?: ListMode): Promise<ListStatus[]> {
  let query = db
    .selectFrom("list_current as c")
    .innerJoin("list_versions as v", "v.id", "c.version_id")
    .selectAll("v")
    .orderBy("c.mode")
    .orderBy("c.list_key");
  if (mode) query = query.where("c.mode", "=", mode);
  const rows = await query.execute();
  return rows.map((row) => ({
    mode: row.mode,
    list: row.list_key,
    article: row.article,
    file: row.file_name,
    content_date: row.content_date,
    fetched_at: new Date(row.fetched_at).toISOString(),
    checked_at: new Date(row.checked_at).toISOString(),
    rows: row.row_count,
    suppressed: row.suppressed_count,
    bytes: row.byte_count,
    source: row.source_url,
    etag: row.etag,
    last_modified: row.last_modified,
    sha256: row.sha256,
  }));
}
