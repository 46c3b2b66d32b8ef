import { compiledOnce } from "../platform/db/compiled-once.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { modeStartOf } from "./rfc-blocks.ts";
import { findEntry } from "./rfc-entries.ts";
import { rfcKey } from "./rfc-key.ts";

/**
 * Both lists in one statement, so one consistent state and one round trip: the registered-RFC list's
 * row (its published date, the block that would hold the RFC and, when an import not yet published
 * changed the RFC, its history row: the state readers must still see), then one row per listed
 * certificate of the RFC (one with no certificate when the certificate list holds none for it).
 */
const registrationQuery = compiledOnce((db, a: { mode: ListMode; key: number; modeStart: number }) =>
  db
    .selectFrom("registration_lists as l")
    // The RFC's history row of the date being imported, if any, by its primary key.
    .leftJoin("registered_rfc_changes as c", (join) =>
      join.on("l.list", "=", "rfc").onRef("c.list_date", "=", "l.importing_date").on("c.key", "=", a.key),
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

type RegistrationRow = Awaited<ReturnType<typeof registrationQuery>>[number];

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

/** What the published registered-RFC list says about one RFC; `listDate` null: none imported yet. */
type RfcStatus = {
  listDate: number | null;
  registered: boolean | null;
  /** The start of its current (or last) stay on the list. */
  since: number | null;
  /** False when `since` is the first list date imported: on the list at least since then. */
  sinceExact: boolean;
  removedOn: number | null;
  sncf: boolean | null;
  subcontracting: boolean | null;
};

/** The status of the RFC with `key` from the list's row (none: no list imported yet). */
function rfcStatusOf(found: RegistrationRow | undefined, key: number): RfcStatus {
  const none = { since: null, sinceExact: false, removedOn: null, sncf: null, subcontracting: null };
  if (!found || found.published_date === null) return { listDate: null, registered: null, ...none };
  const state =
    found.unpublished_date !== null
      ? found.prev_since === null
        ? null
        : { since: found.prev_since, flags: found.prev_flags ?? 0, removed_on: found.prev_removed_on }
      : found.entries
        ? findEntry(found.entries, key)
        : null;
  if (!state) return { listDate: found.published_date, registered: false, ...none };
  const registered = state.removed_on === null;
  return {
    listDate: found.published_date,
    registered,
    since: state.since,
    sinceExact: state.since !== found.first_date,
    removedOn: state.removed_on,
    sncf: registered ? (state.flags & 1) === 1 : null,
    subcontracting: registered ? (state.flags & 2) === 2 : null,
  };
}

export type ListedCertificate = {
  serial: string;
  status: "Activo" | "Revocado" | "Caduco";
  validFromUtc: string;
  validToUtc: string;
  /** ValidezObligaciones as listed. */
  obligations: number;
};

/** The published certificate list's entries for an RFC (newest first); `listDate` null: none imported. */
type ListedCertificates = { listDate: number | null; certificates: ListedCertificate[] };

function listedCertificatesOf(rows: readonly RegistrationRow[], now: number): ListedCertificates {
  const listDate = rows[0]?.published_date ?? null;
  const certificates = rows
    .filter((row) => row.serial !== null && listDate !== null)
    .map((row) => ({
      serial: row.serial as string,
      status: statusOf(row.status as string, Number(row.valid_to), now),
      validFromUtc: iso(Number(row.valid_from)),
      validToUtc: iso(Number(row.valid_to)),
      obligations: row.obligations as number,
    }))
    .sort((a, b) => (a.validFromUtc < b.validFromUtc ? 1 : -1));
  return { listDate, certificates };
}

/** A listed active certificate past its end date has expired since the list was made. */
function statusOf(status: string, validTo: number, now: number): ListedCertificate["status"] {
  if (status === "R") return "Revocado";
  if (status === "C" || validTo < now) return "Caduco";
  return "Activo";
}

const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
