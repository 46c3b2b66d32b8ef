import { readListStatus } from "../contributor-lists/read-list-status.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { readPostalCodeStatus } from "../postal-codes/read-postal-code-status.ts";
import { readRegistrationStatus } from "../registration/read-registration-status.ts";

/** One local copy of a government source, as GET /v1/data-sources, the dashboard and /metrics show it. */
export type DataSource = Awaited<ReturnType<typeof describeDataSources>>[number];

/** Seconds since a date (YYYY-MM-DD, from its UTC midnight) or an instant; null when there is none. */
const age = (from: string | null, now: number) =>
  from === null
    ? null
    : Math.max(0, Math.round((now - Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from)) / 1000));

/**
 * Every local source of a mode (or both): SAT's l_RFC and LCO, each contributor list, the postal codes;
 * `date` is the data's own date when it has one, `updated_at` when the copy was last replaced.
 */
export async function describeDataSources(db: Db, mode?: ListMode, now = Date.now()) {
  const [registration, lists, postal] = await Promise.all([
    readRegistrationStatus(db, mode),
    readListStatus(db, mode),
    readPostalCodeStatus(db, mode),
  ]);
  return [
    ...registration.map((s) => ({
      source: s.list === "rfc" ? "sat_rfc_list" : "sat_certificate_list",
      mode: s.mode,
      date: s.date,
      rows: s.rows,
      updated_at: s.published_at,
      age_seconds: age(s.date, now),
      last_sync: s.last_sync,
    })),
    ...lists.map((s) => ({
      source: `contributor_list:${s.list}`,
      mode: s.mode,
      date: s.content_date,
      rows: s.rows ?? 0,
      updated_at: s.fetched_at,
      age_seconds: age(s.content_date ?? s.fetched_at, now),
      last_sync: s.last_refresh
        ? { at: s.last_refresh.at, outcome: s.last_refresh.status, detail: s.last_refresh.reason }
        : null,
    })),
    ...postal.map((s) => ({
      source: "postal_codes",
      mode: s.mode,
      date: null,
      rows: s.codes,
      updated_at: s.imported_at,
      age_seconds: age(s.imported_at, now),
      last_sync: null,
    })),
  ];
}
