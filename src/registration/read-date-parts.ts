import type { Db } from "../platform/db/connect.ts";
import type { ListMode, RegistrationList } from "../platform/db/schema.ts";
import { type PublishedState, readPublishedState } from "./import-records.ts";
import { dateOfDay, dayOf } from "./list-date.ts";
import type { SnapshotChanges } from "./merge-rfc-snapshot.ts";
import { type PartProgress, type PartReport, type PartSource, readPartsSorted } from "./read-parts-sorted.ts";

export type DateImportRequest = {
  mode: ListMode;
  /** `YYYY-MM-DD`: every part given is of this date. */
  date: string;
  parts: readonly PartSource[];
  requireSignature: boolean;
  /** Refuse a list with fewer rows than this share of the published one (a missing part). */
  minRowRatio: number;
  force?: boolean;
  onProgress?: (progress: PartProgress) => void;
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

type Counts = { rows: number; skipped: number };
export type DateParts = {
  listDate: number;
  state: PublishedState;
  reports: PartReport[];
  first: IteratorResult<Float64Array>;
  sorted: AsyncIterator<Float64Array>;
};

/**
 * What both lists' imports do first: a date not newer than the published one is unchanged (same) or
 * rejected (older); then every part is read and verified into the sorted stream (a refused part
 * throws here, before anything is written), and a list far shorter than the published one is refused.
 */
export async function readDateParts(
  db: Db,
  list: RegistrationList,
  request: DateImportRequest,
  reader: {
    width: number;
    counts: Counts;
    read: (content: AsyncIterable<Uint8Array>) => AsyncIterable<Float64Array>;
  },
): Promise<DateParts | DateImport> {
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
  const first = await sorted.next();
  if (published !== null && !request.force && counts.rows < request.minRowRatio * state.row_count)
    return done(
      "rejected",
      counts.rows,
      `${counts.rows} rows against ${state.row_count} in the published list (below ${request.minRowRatio} of it)`,
    );
  return { listDate, state, reports, first, sorted };
}

export const isDone = (read: DateParts | DateImport): read is DateImport => "status" in read;
