import type { FileProgress } from "../contributor-lists/progress-meter.ts";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { ListMode, RegistrationList } from "../platform/db/schema.ts";
import { withImportLease } from "./import-lease.ts";
import { failImportRecord, publishImport, readPublishedState, startImportRecord } from "./import-records.ts";
import { dateOfDay, dayOf } from "./list-date.ts";
import type { SnapshotChanges } from "./merge-rfc-snapshot.ts";
import { type PartReader, type PartReport, type PartSource, readPartsSorted } from "./read-parts-sorted.ts";

export type DateImportRequest = {
  mode: ListMode;
  /** `YYYY-MM-DD`: every part given is of this date. */
  date: string;
  parts: readonly PartSource[];
  requireSignature: boolean;
  /** Refuse a list with fewer rows than this share of the published one (a missing part). */
  minRowRatio: number;
  /** Share of a merge's time spent writing; it pauses for the rest (absent: no pauses, decision 0043). */
  writeShare?: number;
  force?: boolean;
  onProgress?: (progress: FileProgress) => void;
};

export type DateImport = {
  list: RegistrationList;
  date: string;
  status: "imported" | "unchanged" | "rejected";
  rows: number;
  parts: PartReport[];
  changes?: SnapshotChanges & { duplicates: number };
  reason?: string;
};

/** What one list does with a date's sorted records: its own tables, written before the date is published. */
export type DateWriter = {
  write(input: {
    listDate: number;
    importId: number;
    published: number | null;
    records: AsyncIterable<Float64Array>;
  }): Promise<Pick<DateImport, "rows" | "changes">>;
  /** Deletes what earlier imports left: before this one starts, and once it is published. */
  prune?(): Promise<void>;
};

/**
 * One date of either list, under the mode's import lease: a date not newer than the published one is
 * unchanged (same) or rejected (older); then every part is read and verified into the sorted stream (a
 * refused part throws here, before anything is written), a list far shorter than the published one is
 * refused, and the list writes the records before the date is published in one short transaction.
 */
export async function importDate(
  database: DatabaseHandle,
  list: RegistrationList,
  request: DateImportRequest,
  reader: PartReader,
  writer: DateWriter,
): Promise<DateImport> {
  const { db } = database;
  const { mode, date } = request;
  const listDate = dayOf(date);
  const reports: PartReport[] = [];
  const done = (status: DateImport["status"], rows: number, reason?: string): DateImport => ({
    list,
    date,
    status,
    rows,
    parts: reports,
    ...(reason ? { reason } : {}),
  });
  return withImportLease(db, mode, list, async () => {
    const state = await readPublishedState(db, mode, list);
    const published = state.published_date;
    if (published !== null && listDate === published) return done("unchanged", 0);
    if (published !== null && listDate < published)
      return done("rejected", 0, `older than the published list (${dateOfDay(published)})`);
    const { counts } = reader;
    const sorted = readPartsSorted(request.parts, {
      ...reader,
      requireSignature: request.requireSignature,
      reports,
      onProgress: request.onProgress,
    })[Symbol.asyncIterator]();
    try {
      const first = await sorted.next();
      if (!request.force && counts.rows === 0)
        return done("rejected", 0, "no rows: SAT's lists are never empty (a header-only or cut part)");
      if (published !== null && !request.force && counts.rows < request.minRowRatio * state.row_count)
        return done(
          "rejected",
          counts.rows,
          `${counts.rows} rows against ${state.row_count} in the published list (below ${request.minRowRatio} of it)`,
        );
      // The first batch is already out (the row count needed every part read); the rest follow it.
      const records = (async function* () {
        for (let next = first; !next.done; next = await sorted.next()) yield next.value;
      })();
      await writer.prune?.();
      const importId = await startImportRecord(db, mode, list, listDate);
      try {
        const { rows, changes } = await writer.write({ listDate, importId, published, records });
        await publishImport(db, {
          mode,
          list,
          importId,
          listDate,
          rows,
          source: request.parts.map((part) => part.origin).join(" "),
          signers: reports.map(({ file, signer }) => ({ file, signer })),
        });
        await writer.prune?.();
        return { list, date, parts: reports, status: "imported", rows, ...(changes ? { changes } : {}) };
      } catch (error) {
        await failImportRecord(db, importId, String((error as Error).message)).catch(() => {});
        throw error;
      }
    } finally {
      // A refused or failed date stops reading early: closing the sort removes its scratch file.
      await sorted.return?.(undefined);
    }
  });
}
