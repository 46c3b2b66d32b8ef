import { compiledOnce } from "../platform/db/compiled-once.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { type ListedCertificates, listedCertificatesOf } from "./listed-certificates.ts";
import { modeStartOf } from "./rfc-blocks.ts";
import { rfcKey } from "./rfc-key.ts";
import { type RfcStatus, rfcStatusOf } from "./rfc-status.ts";

/**
 * Both lists in one statement, so one consistent state and one round trip: the registered-RFC list's
 * row (its published date, the block that would hold the RFC and, when an import not yet published
 * changed the RFC, its history row: the state readers must still see), then one row per listed
 * certificate of the RFC (one with no certificate when the certificate list holds none for it).
 */
const registrationQuery = compiledOnce((db, a: { mode: ListMode; key: number; modeStart: number }) =>
  db
    .selectFrom("registration_lists as l")
    // The one date after the published one (an import undoes a killed one's before writing) by an
    // index seek, then the RFC's row of that date: not a scan of an import's changes so far.
    .leftJoin("registered_rfc_changes as c", (join) =>
      join
        .on("l.list", "=", "rfc")
        .on("c.key", "=", a.key)
        .on((eb) =>
          eb(
            "c.list_date",
            "=",
            eb
              .selectFrom("registered_rfc_changes as u")
              .select((u) => u.fn.min("u.list_date").as("list_date"))
              .whereRef("u.list_date", ">", "l.published_date"),
          ),
        ),
    )
    .leftJoin("certificate_list_entries as e", (join) =>
      join.on("l.list", "=", "certificates").onRef("e.version", "=", "l.version").on("e.rfc_key", "=", a.key),
    )
    .select((eb) => [
      "l.list",
      "l.published_date",
      "l.first_date",
      "c.list_date as unpublished_date",
      "c.prev_since",
      "c.prev_flags",
      "c.prev_removed_on",
      eb
        .selectFrom("registered_rfc_blocks as b")
        .select("b.entries")
        .where("l.list", "=", "rfc")
        .where("b.first_key", ">=", a.modeStart)
        .where("b.first_key", "<=", a.key)
        .orderBy("b.first_key", "desc")
        .limit(1)
        .as("entries"),
      "e.serial",
      "e.status",
      "e.valid_from",
      "e.valid_to",
      "e.obligations",
    ])
    .where("l.mode", "=", a.mode),
);

/** What SAT's registered-RFC list and certificate list say of one RFC, as published. */
export async function readRegistration(
  db: Db,
  mode: ListMode,
  rfc: string,
  now = Date.now(),
): Promise<{ status: RfcStatus; listed: ListedCertificates }> {
  const key = rfcKey(rfc, mode);
  const rows = await registrationQuery(db, { mode, key, modeStart: modeStartOf(key) });
  return {
    status: rfcStatusOf(
      rows.find((row) => row.list === "rfc"),
      key,
    ),
    listed: listedCertificatesOf(
      rows.filter((row) => row.list === "certificates"),
      now,
    ),
  };
}
