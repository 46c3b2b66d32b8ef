import { readListStatus } from "../contributor-lists/read-list-status.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { readPostalCodeStatus } from "../postal-codes/read-postal-code-status.ts";
import { readRegistrationStatus } from "../registration/read-registration-status.ts";

/** One local copy of a government source, as GET /v1/data-sources, the dashboard and /metrics show it. */
export type DataSource = {
  source: string;
  mode: ListMode;
  /** The data's own date (YYYY-MM-DD) when it has one. */
  date: string | null;
  rows: number;
  /** When the copy was last replaced. */
  updated_at: string | null;
  /** Seconds since `date` (or `updated_at` when it has no date). */
  age_seconds: number | null;
  last_sync: { at: string; outcome: string; detail: string | null } | null;
};

const age = (from: string | null, now: number) =>
  from === null
    ? null
    : Math.max(0, Math.round((now - Date.parse(from.length === 10 ? `${from}T00:00:00Z` : from)) / 1000));

/** Every local source of a mode (or both): SAT's l_RFC and LCO, each contributor list, the postal codes. */
export async function describeDataSources(db: Db, mode?: ListMode, now = Date.now()): Promise<DataSource[]> {
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
