import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../platform/db/connect.ts";
import { createListVersion } from "./create-list-version.ts";
import { deleteListVersion } from "./delete-list-version.ts";
import { INSERT_BATCH_ROWS, insertListEntries } from "./insert-list-entries.ts";
import { type IngestProgress, type IngestRequest, ListDownloadError } from "./list-store-types.ts";
import { parseListFile } from "./parse-list-file.ts";
import { pruneListVersions } from "./prune-list-versions.ts";
import { sortEntriesByRfc } from "./sort-entries-by-rfc.ts";
import { switchCurrentList } from "./switch-current-list.ts";

/**
 * Streams one list file into a new version (multi-row inserts in RFC order, no long transaction), then
 * makes it current atomically, and prunes what it replaced. A failed read, a truncated body, an
 * unreadable file or too few rows leave the current version in place; the partial version is deleted.
 */
export async function ingestListFile(
  db: Db,
  source: AsyncIterable<Uint8Array> | Readable,
  request: IngestRequest,
) {
  const hash = createHash("sha256");
  const progress: IngestProgress = { bytes: 0, rows: 0 };
  const counted = countAndHash(source, hash, progress, request.onProgress);
  const parsed = parseListFile(counted, request.fileName);
  const fetchedAt = Date.now();
  let versionId: number | null = null;
  // The sort reads the whole file before its first rows: a truncated one is refused before any is written.
  const startVersion = async () => {
    const expected = request.provenance.expectedBytes;
    if (expected !== null && expected !== progress.bytes)
      throw new ListDownloadError(
        `${request.fileName}: truncated download (${progress.bytes} of ${expected} bytes)`,
      );
    return createListVersion(db, request, await parsed.meta, fetchedAt);
  };
  try {
    for await (const rows of sortEntriesByRfc(parsed.batches, INSERT_BATCH_ROWS)) {
      versionId ??= await startVersion();
      await insertListEntries(db, versionId, rows);
      progress.rows += rows.length;
      request.onProgress?.(progress);
      // node:sqlite runs statements synchronously: let requests in between, or an ingest would stall them.
      await yieldToEventLoop();
    }
    versionId ??= await startVersion();
    const meta = await parsed.meta;
    const sha256 = hash.digest("hex");
    await db
      .updateTable("list_versions")
      .set({
        row_count: parsed.stats.entries,
        suppressed_count: parsed.stats.suppressed,
        byte_count: progress.bytes,
        sha256,
      })
      .where("id", "=", versionId)
      .execute();
    const outcome = await switchCurrentList(db, {
      mode: request.mode,
      list: meta.list,
      versionId,
      rows: parsed.stats.entries,
      sha256,
      etag: request.provenance.etag,
      lastModified: request.provenance.lastModified,
      minRowRatio: request.minRowRatio,
      force: request.force,
    });
    if (outcome.status !== "replaced") await deleteListVersion(db, versionId);
    await pruneListVersions(db, request.mode);
    return {
      status: outcome.status,
      list: meta.list,
      rows: parsed.stats.entries,
      suppressed: parsed.stats.suppressed,
      contentDate: meta.contentDate,
      sha256,
      bytes: progress.bytes,
      previousRows: outcome.previousRows,
      ...(outcome.status === "rejected" ? { reason: outcome.reason } : {}),
    };
  } catch (error) {
    // If even the clean-up fails, the version stays "loading" and a later prune removes it.
    if (versionId !== null) await deleteListVersion(db, versionId).catch(() => {});
    throw error;
  }
}

async function* countAndHash(
  source: AsyncIterable<Uint8Array> | Readable,
  hash: ReturnType<typeof createHash>,
  progress: IngestProgress,
  onProgress: IngestRequest["onProgress"],
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    progress.bytes += chunk.byteLength;
    onProgress?.(progress);
    yield chunk;
  }
}
