import type { Db } from "../platform/db/connect.ts";
import { catalogOrderOf, LIST_FILES, syncedListFiles } from "./catalog.ts";
import { LIST_MODES, type ListMode } from "./list-store-types.ts";

/**
 * One list of one mode as `padron lists status --json` prints it: every list a sync loads (loaded or
 * not), and any other list loaded by hand. The version fields are null while the list is not loaded.
 */
export type ListStatus = {
  mode: ListMode;
  list: string;
  article: string;
  loaded: boolean;
  file: string;
  content_date: string | null;
  fetched_at: string | null;
  checked_at: string | null;
  rows: number | null;
  suppressed: number | null;
  bytes: number | null;
  source: string | null;
  etag: string | null;
  last_modified: string | null;
  sha256: string | null;
  /** How the last refresh of the list went (`lists sync` or the worker's refresh). */
  last_refresh: { status: string; at: string; attempts: number; reason: string | null } | null;
};

const iso = (at: number) => new Date(at).toISOString();

/** A list's version fields while no version of it is loaded. */
const NOT_LOADED = {
  content_date: null,
  fetched_at: null,
  checked_at: null,
  rows: null,
  suppressed: null,
  bytes: null,
  source: null,
  etag: null,
  last_modified: null,
  sha256: null,
};

/** The lists of one mode (or both), in catalog order: what is loaded, from where, and the last refresh. */
export async function readListStatus(db: Db, mode?: ListMode): Promise<ListStatus[]> {
  let versions = db
    .selectFrom("list_current as c")
    .innerJoin("list_versions as v", "v.id", "c.version_id")
    .selectAll("v");
  let refreshes = db.selectFrom("list_refreshes").selectAll();
  if (mode) {
    versions = versions.where("c.mode", "=", mode);
    refreshes = refreshes.where("mode", "=", mode);
  }
  const [loaded, refreshed] = await Promise.all([versions.execute(), refreshes.execute()]);
  const statuses = new Map<string, ListStatus>();
  const entry = (listMode: ListMode, list: string, article: string, file: string) => {
    const key = `${listMode}|${list}`;
    let status = statuses.get(key);
    if (!status) {
      status = { mode: listMode, list, article, loaded: false, file, ...NOT_LOADED, last_refresh: null };
      statuses.set(key, status);
    }
    return status;
  };
  for (const listMode of mode ? [mode] : LIST_MODES)
    for (const file of syncedListFiles()) entry(listMode, file.key, file.article, file.fileName);
  for (const row of loaded)
    Object.assign(entry(row.mode, row.list_key, row.article, row.file_name), {
      loaded: true,
      file: row.file_name,
      content_date: row.content_date,
      fetched_at: iso(row.fetched_at),
      checked_at: iso(row.checked_at),
      rows: row.row_count,
      suppressed: row.suppressed_count,
      bytes: row.byte_count,
      source: row.source_url,
      etag: row.etag,
      last_modified: row.last_modified,
      sha256: row.sha256,
    });
  for (const row of refreshed) {
    const spec = LIST_FILES.find((file) => file.key === row.list_key);
    entry(row.mode, row.list_key, spec?.article ?? "", spec?.fileName ?? "").last_refresh = {
      status: row.status,
      at: iso(row.refreshed_at),
      attempts: row.attempts,
      reason: row.reason,
    };
  }
  return [...statuses.values()].sort(byModeThenCatalog);
}

function byModeThenCatalog(a: ListStatus, b: ListStatus): number {
  return (
    LIST_MODES.indexOf(a.mode) - LIST_MODES.indexOf(b.mode) ||
    catalogOrderOf(a.list) - catalogOrderOf(b.list) ||
    (a.list < b.list ? -1 : a.list > b.list ? 1 : 0)
  );
}
