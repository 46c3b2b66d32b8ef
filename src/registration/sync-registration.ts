import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Dispatcher } from "undici";
import type { FileProgress } from "../contributor-lists/progress-meter.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { ListMode, RegistrationList } from "../platform/db/schema.ts";
import { downloadPart } from "./download-part.ts";
import { findPublishedDates } from "./find-published-dates.ts";
import { importCertificateList } from "./import-certificate-list.ts";
import type { DateImport } from "./import-date.ts";
import { ensureListRow } from "./import-lease.ts";
import { readPublishedState } from "./import-records.ts";
import { importRfcList } from "./import-rfc-list.ts";
import { dateOfDay } from "./list-date.ts";

export type RegistrationSyncOptions = {
  mode: ListMode;
  /** The container, e.g. `https://cfdisat.blob.core.windows.net/lco`. */
  baseUrl: string;
  downloadDir: string;
  minRowRatio: number;
  /** Share of the merge's time spent writing (decision 0043); absent: no pauses. */
  writeShare?: number;
  timeoutMs: number;
  retries: number;
  retryDelayMs?: number;
  /** On a first sync, how many of the newest complete dates are imported, oldest first. */
  firstDates?: number;
  lists?: readonly RegistrationList[];
  now?: Date;
  dispatcher?: Dispatcher;
  onProgress?: (progress: FileProgress) => void;
};

export type ListSyncResult = {
  list: RegistrationList;
  status: "imported" | "up_to_date" | "rejected" | "failed";
  date: string | null;
  imports: DateImport[];
  reason?: string;
};

/** Dates missed while padron was down are caught up, a week at most. */
const CATCH_UP_DATES = 7;

/**
 * `padron registration sync`: per list, the complete dates newer than the published one are
 * downloaded (resumable, Content-Length and Content-MD5 checked) and imported in order with their
 * signatures required; the outcome is kept as the list's last sync.
 */
export async function syncRegistration(
  database: DatabaseHandle,
  options: RegistrationSyncOptions,
): Promise<ListSyncResult[]> {
  const results: ListSyncResult[] = [];
  for (const list of options.lists ?? (["rfc", "certificates"] as const)) {
    const result = await syncList(database, list, options).catch(
      (error): ListSyncResult => ({
        list,
        status: "failed",
        date: null,
        imports: [],
        reason: (error as Error).message,
      }),
    );
    await recordSync(database, options.mode, list, result);
    results.push(result);
  }
  return results;
}

async function syncList(
  database: DatabaseHandle,
  list: RegistrationList,
  options: RegistrationSyncOptions,
): Promise<ListSyncResult> {
  const dates = await findPublishedDates(options.baseUrl, list, options);
  if (dates.length === 0)
    throw new Error(`no complete ${list === "rfc" ? "l_RFC" : "LCO"} date in ${options.baseUrl}`);
  const published = (await readPublishedState(database.db, options.mode, list)).published_date;
  const newer = dates.filter((date) => published === null || date.date > dateOfDay(published));
  const pending = newer.slice(0, published === null ? (options.firstDates ?? 1) : CATCH_UP_DATES).reverse();
  if (pending.length === 0) return { list, status: "up_to_date", date: dates[0].date, imports: [] };
  const imports: DateImport[] = [];
  const dir = join(options.downloadDir, options.mode);
  for (const { date, parts } of pending) {
    const files: string[] = [];
    for (const [fileIndex, part] of parts.entries())
      files.push(
        await downloadPart(part, dir, {
          ...options,
          onProgress: (bytes, total) =>
            options.onProgress?.({
              file: part.name,
              fileIndex,
              fileCount: parts.length,
              bytes,
              totalBytes: total,
              rows: 0,
            }),
        }),
      );
    const request = {
      mode: options.mode,
      date,
      requireSignature: true,
      minRowRatio: options.minRowRatio,
      writeShare: options.writeShare,
      onProgress: options.onProgress,
      parts: parts.map((part, index) => ({
        name: part.name,
        origin: part.url,
        bytes: part.bytes,
        open: () => createReadStream(files[index]),
      })),
    };
    const result =
      list === "rfc"
        ? await importRfcList(database, request)
        : await importCertificateList(database, request);
    imports.push(result);
    if (result.status === "rejected")
      return { list, status: "rejected", date, imports, reason: result.reason };
    await Promise.all(files.map((file) => rm(file, { force: true })));
  }
  return { list, status: "imported", date: pending[pending.length - 1].date, imports };
}

async function recordSync(
  database: DatabaseHandle,
  mode: ListMode,
  list: RegistrationList,
  result: ListSyncResult,
) {
  await ensureListRow(database.db, mode, list);
  await database.db
    .updateTable("registration_lists")
    .set({
      last_sync_at: Date.now(),
      last_sync_outcome: result.status,
      last_sync_detail: result.reason ?? null,
    })
    .where((eb) => eb.and({ mode, list }))
    .execute();
}
