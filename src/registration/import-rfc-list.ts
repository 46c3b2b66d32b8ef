import type { DatabaseHandle } from "../platform/db/connect.ts";
import { appendFirstSnapshot } from "./append-first-snapshot.ts";
import { failImportRecord, publishImport, startImportRecord } from "./import-records.ts";
import { mergeRfcSnapshot } from "./merge-rfc-snapshot.ts";
import { type DateImport, type DateImportRequest, isDone, readDateParts } from "./read-date-parts.ts";
import { type RfcLineCounts, readRfcLines } from "./read-rfc-lines.ts";
import { keyOffset } from "./rfc-key.ts";
import { undoUnpublished } from "./undo-unpublished.ts";
import { withImportLease } from "./with-import-lease.ts";

/**
 * Imports one date of the registered-RFC list: reads and verifies every part into a sorted stream
 * (nothing written if any part is refused), undoes what a killed import left, applies the snapshot
 * (appended the first time, merged after) and publishes the date in one short transaction.
 */
export async function importRfcList(
  database: DatabaseHandle,
  request: DateImportRequest,
): Promise<DateImport> {
  const { db } = database;
  const { mode } = request;
  const counts: RfcLineCounts = { rows: 0, skipped: 0, unpacked: new Map() };
  const offset = keyOffset(mode);
  return withImportLease(db, mode, "rfc", async () => {
    const read = await readDateParts(db, "rfc", request, {
      width: 1,
      counts,
      read: (content) => readRfcLines(content, { keyOffset: offset, counts }),
    });
    if (isDone(read)) return read;
    const { listDate, reports } = read;
    const published = read.state.published_date;
    const base = { list: "rfc" as const, date: request.date, parts: reports };
    const distinct = { rows: 0, duplicates: 0 };
    const snapshot = distinctKeys(read.first, read.sorted, distinct);
    const importId = await startImportRecord(db, mode, "rfc", listDate);
    try {
      await undoUnpublished(db, offset, published);
      const changes =
        published === null
          ? await appendFirstSnapshot(database, { listDate, snapshot }).then(() => undefined)
          : await mergeRfcSnapshot(db, { offset, listDate, snapshot });
      for (const [key, rfc] of counts.unpacked)
        await db
          .insertInto("registered_rfc_texts")
          .values({ key: key + offset, rfc })
          .onConflict((oc) => oc.column("key").doNothing())
          .execute();
      await publishImport(db, {
        mode,
        list: "rfc",
        importId,
        listDate,
        rows: distinct.rows,
        source: request.parts.map((part) => part.origin).join(" "),
        signers: reports.map(({ file, signer }) => ({ file, signer })),
      });
      return {
        ...base,
        status: "imported",
        rows: distinct.rows,
        ...(changes ? { changes: { ...changes, duplicates: distinct.duplicates } } : {}),
      };
    } catch (error) {
      await failImportRecord(db, importId, String((error as Error).message)).catch(() => {});
      throw error;
    }
  });
}

/** The sorted snapshot with each RFC once (the last of equal keys: the highest flags). */
async function* distinctKeys(
  first: IteratorResult<Float64Array>,
  rest: AsyncIterator<Float64Array>,
  counts: { rows: number; duplicates: number },
): AsyncGenerator<Float64Array> {
  let previousKey = -1;
  for (let next = first; !next.done; next = await rest.next()) {
    const batch = next.value;
    const out = new Float64Array(batch.length);
    let filled = 0;
    for (const value of batch) {
      const key = Math.floor(value / 4);
      if (key === previousKey) {
        counts.duplicates++;
        if (filled > 0) out[filled - 1] = value;
        continue;
      }
      previousKey = key;
      out[filled++] = value;
    }
    counts.rows += filled;
    if (filled > 0) yield out.subarray(0, filled);
  }
}
