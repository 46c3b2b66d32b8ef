import type { DatabaseHandle } from "../platform/db/connect.ts";
import { appendFirstSnapshot } from "./append-first-snapshot.ts";
import { type DateImport, type DateImportRequest, importDate } from "./import-date.ts";
import { mergeRfcSnapshot } from "./merge-rfc-snapshot.ts";
import { type RfcLineCounts, readRfcLines } from "./read-rfc-lines.ts";
import { keyOffset } from "./rfc-key.ts";
import { undoUnpublished } from "./undo-unpublished.ts";

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
  const counts: RfcLineCounts = { rows: 0, skipped: 0, unpacked: new Map() };
  const offset = keyOffset(request.mode);
  const reader = {
    width: 1,
    counts,
    read: (content: AsyncIterable<Uint8Array>) => readRfcLines(content, { keyOffset: offset, counts }),
  };
  return importDate(database, "rfc", request, reader, {
    async write({ listDate, published, records }) {
      const distinct = { rows: 0, duplicates: 0 };
      const snapshot = distinctKeys(records, distinct);
      await undoUnpublished(db, offset, published);
      const changes =
        published === null
          ? await appendFirstSnapshot(database, { listDate, snapshot }).then(() => undefined)
          : await mergeRfcSnapshot(db, {
              mode: request.mode,
              listDate,
              snapshot,
              writeShare: request.writeShare,
            });
      for (const [key, rfc] of counts.unpacked)
        await db
          .insertInto("registered_rfc_texts")
          .values({ key: key + offset, rfc })
          .onConflict((oc) => oc.column("key").doNothing())
          .execute();
      return {
        rows: distinct.rows,
        ...(changes ? { changes: { ...changes, duplicates: distinct.duplicates } } : {}),
      };
    },
  });
}

/**
 * The sorted snapshot with each RFC once (the last of equal keys: the highest flags). The last value
 * of a batch is held back until a greater key shows it is final: its twin may open the next batch.
 */
async function* distinctKeys(
  sorted: AsyncIterable<Float64Array>,
  counts: { rows: number; duplicates: number },
): AsyncGenerator<Float64Array> {
  let held = Number.NaN;
  for await (const batch of sorted) {
    const out = new Float64Array(batch.length);
    let filled = 0;
    for (const value of batch) {
      if (Math.floor(value / 4) === Math.floor(held / 4)) counts.duplicates++;
      else if (!Number.isNaN(held)) out[filled++] = held;
      held = value;
    }
    counts.rows += filled;
    if (filled > 0) yield out.subarray(0, filled);
  }
  if (Number.isNaN(held)) return;
  counts.rows++;
  yield Float64Array.of(held);
}
