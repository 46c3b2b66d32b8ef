import { setTimeout as sleep } from "node:timers/promises";
import type { Dispatcher } from "undici";
import type { Db } from "../platform/db/connect.ts";
import { type ListFileSpec, listFileUrl, syncedListFiles } from "./catalog.ts";
import { downloadListFile } from "./download-list-file.ts";
import { ingestListFile } from "./ingest-list-file.ts";
import { ListFileError } from "./list-file-error.ts";
import { ListDownloadError, type ListMode, type SyncFileResult } from "./list-store-types.ts";
import type { FileProgress } from "./progress-meter.ts";
import { recordListRefresh } from "./record-list-refresh.ts";

export type SyncOptions = {
  mode: ListMode;
  baseUrl: string;
  minRowRatio: number;
  timeoutMs: number;
  retries: number;
  /** First retry delay; doubles each attempt. */
  retryDelayMs?: number;
  files?: readonly ListFileSpec[];
  dispatcher?: Dispatcher;
  onProgress?: (progress: FileProgress) => void;
  /** Ends the sync: the download under way is cut, no retry waits, `signal.reason` is thrown. */
  signal?: AbortSignal;
};

/**
 * Brings every synced list of a mode up to date from its base URL: a conditional GET per file (304 only
 * records the check), retried when the network, the server or the body fails. One file's failure never
 * stops the others, and never touches that file's current version. Each file's outcome is recorded.
 */
export async function syncLists(db: Db, options: SyncOptions): Promise<SyncFileResult[]> {
  const files = options.files ?? syncedListFiles();
  const results: SyncFileResult[] = [];
  for (const [fileIndex, file] of files.entries()) {
    options.signal?.throwIfAborted();
    const result = await syncOneFile(db, file, options, fileIndex, files.length);
    await recordListRefresh(db, options.mode, result);
    results.push(result);
  }
  return results;
}

async function syncOneFile(
  db: Db,
  file: ListFileSpec,
  options: SyncOptions,
  fileIndex: number,
  fileCount: number,
): Promise<SyncFileResult> {
  const url = listFileUrl(file, options.baseUrl);
  let attempts = 0;
  const outcome = (
    status: SyncFileResult["status"],
    rows: number | null,
    content_date: string | null,
    reason?: string,
  ): SyncFileResult => ({
    list: file.key,
    file: file.fileName,
    status,
    rows,
    content_date,
    attempts,
    ...(reason === undefined ? {} : { reason }),
  });
  for (;;) {
    attempts++;
    const current = await currentVersion(db, options.mode, file.key);
    try {
      const download = await downloadListFile({
        url,
        etag: current?.etag ?? null,
        lastModified: current?.last_modified ?? null,
        timeoutMs: options.timeoutMs,
        dispatcher: options.dispatcher,
        signal: options.signal,
      });
      if (download.status === "not_modified") {
        if (current)
          await db
            .updateTable("list_versions")
            .set({ checked_at: Date.now() })
            .where("id", "=", current.id)
            .execute();
        return outcome("not_modified", current?.row_count ?? null, current?.content_date ?? null);
      }
      try {
        const result = await ingestListFile(db, download.body, {
          mode: options.mode,
          fileName: file.fileName,
          provenance: download.provenance,
          minRowRatio: options.minRowRatio,
          expectedListKey: file.key,
          onProgress: ({ bytes, rows }) =>
            options.onProgress?.({ file: file.fileName, fileIndex, fileCount, bytes, rows }),
        });
        return outcome(result.status, result.rows, result.contentDate, result.reason);
      } finally {
        download.abort();
      }
    } catch (error) {
      // Stopped, not failed: nothing is recorded for this file.
      options.signal?.throwIfAborted();
      if (!isTransient(error) || attempts > options.retries)
        return outcome("failed", null, null, String((error as Error).message ?? error));
      await sleep((options.retryDelayMs ?? 1000) * 2 ** (attempts - 1), undefined, {
        signal: options.signal,
      }).catch(() => options.signal?.throwIfAborted());
    }
  }
}

/** Network trouble, a 5xx or a cut body is worth retrying; a file that is not a list is not. */
function isTransient(error: unknown): boolean {
  if (error instanceof ListDownloadError)
    return !/HTTP 4\d\d$/.test(error.message) || / 429$/.test(error.message);
  if (error instanceof ListFileError)
    return error.cause !== undefined && !(error.cause instanceof ListFileError);
  return false;
}

async function currentVersion(db: Db, mode: ListMode, listKey: string) {
  return db
    .selectFrom("list_current as c")
    .innerJoin("list_versions as v", "v.id", "c.version_id")
    .select(["v.id", "v.etag", "v.last_modified", "v.row_count", "v.content_date"])
    .where("c.mode", "=", mode)
    .where("c.list_key", "=", listKey)
    .executeTakeFirst();
}
