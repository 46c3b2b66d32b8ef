import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { bulkAppender } from "../platform/db/append-rows.ts";
import type { DatabaseHandle, Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { distinctCertificates } from "./distinct-certificates.ts";
import { type DateImport, type DateImportRequest, importDate } from "./import-date.ts";
import {
  CERTIFICATE_RECORD,
  CERTIFICATE_STATUSES,
  type CertificateCounts,
  readCertificateList,
  serialOf,
} from "./read-certificate-list.ts";
import { keyOffset } from "./rfc-key.ts";

const ROWS_PER_CHUNK = 1_000;
const appendEntries = bulkAppender("certificate_list_entries", [
  "version",
  "rfc_key",
  "serial",
  "status",
  "valid_from",
  "valid_to",
  "obligations",
]);

/**
 * Imports one date of the certificate list as a new version (rows in RFC order, each certificate once,
 * invisible until the version is published in one short transaction), then deletes the versions it
 * replaced.
 */
export async function importCertificateList(
  database: DatabaseHandle,
  request: DateImportRequest,
): Promise<DateImport> {
  const { db } = database;
  const { mode } = request;
  const counts: CertificateCounts = { rows: 0, skipped: 0 };
  const reader = {
    width: CERTIFICATE_RECORD,
    counts,
    read: (content: AsyncIterable<Uint8Array>) =>
      readCertificateList(content, { keyOffset: keyOffset(mode), counts }),
  };
  return importDate(database, "certificates", request, reader, {
    async write({ importId, records }) {
      const distinct = { rows: 0, duplicates: 0 };
      await appendEntries(database, entryValues(importId, distinctCertificates(records, distinct)));
      return { rows: distinct.rows };
    },
    prune: () => pruneCertificateVersions(db, mode),
  });
}

/**
 * The sorted records as rows of values, a thousand rows at a time: small arrays die young, where a
 * whole batch's values (114,688 of them) would outlive a few event-loop turns and swell the old heap.
 */
async function* entryValues(
  importId: number,
  sorted: AsyncIterable<Float64Array>,
): AsyncGenerator<unknown[]> {
  const chunk = ROWS_PER_CHUNK * CERTIFICATE_RECORD;
  for await (const batch of sorted) {
    for (let start = 0; start < batch.length; start += chunk) {
      const end = Math.min(batch.length, start + chunk);
      const values: unknown[] = [];
      for (let at = start; at < end; at += CERTIFICATE_RECORD)
        values.push(
          importId,
          batch[at],
          serialOf(batch[at + 1], batch[at + 2]),
          CERTIFICATE_STATUSES[batch[at + 3]],
          batch[at + 4],
          batch[at + 5],
          batch[at + 6],
        );
      yield values;
    }
  }
}

/** Deletes the entries of every version of the mode but the published one, a few thousand at a time. */
async function pruneCertificateVersions(db: Db, mode: ListMode): Promise<void> {
  const stale = await db
    .selectFrom("registration_imports")
    .select("id")
    .where("mode", "=", mode)
    .where("list", "=", "certificates")
    .where("status", "!=", "current")
    .execute();
  for (const { id } of stale) {
    for (;;) {
      const keys = await db
        .selectFrom("certificate_list_entries")
        .select("rfc_key")
        .where("version", "=", id)
        .orderBy("rfc_key")
        .limit(5_000)
        .execute();
      if (keys.length === 0) break;
      await db
        .deleteFrom("certificate_list_entries")
        .where("version", "=", id)
        .where("rfc_key", "<=", Number(keys[keys.length - 1].rfc_key))
        .execute();
      await yieldToEventLoop();
    }
  }
}
