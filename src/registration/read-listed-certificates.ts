import { compiledOnce } from "../platform/db/compiled-once.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { rfcKey } from "./rfc-key.ts";

export type ListedCertificate = {
  serial: string;
  status: "Activo" | "Revocado" | "Caduco";
  validFromUtc: string;
  validToUtc: string;
  /** ValidezObligaciones as listed. */
  obligations: number;
};

const certificatesQuery = compiledOnce((db, a: { mode: ListMode; key: number }) =>
  db
    .selectFrom("registration_lists as l")
    .leftJoin("certificate_list_entries as e", (join) =>
      join.onRef("e.version", "=", "l.version").on("e.rfc_key", "=", a.key),
    )
    .select(["l.published_date", "e.serial", "e.status", "e.valid_from", "e.valid_to", "e.obligations"])
    .where("l.mode", "=", a.mode)
    .where("l.list", "=", "certificates"),
);

/** The published certificate list's entries for an RFC (newest first); `listDate` null: none imported. */
export async function readListedCertificates(
  db: Db,
  mode: ListMode,
  rfc: string,
  now = Date.now(),
): Promise<{ listDate: number | null; certificates: ListedCertificate[] }> {
  const rows = await certificatesQuery(db, { mode, key: rfcKey(rfc, mode) });
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

/** An RFC may invoice when it holds an active certificate whose ValidezObligaciones is not 0. */
export const mayInvoice = (certificates: readonly ListedCertificate[]) =>
  certificates.some((certificate) => certificate.status === "Activo" && certificate.obligations !== 0);
