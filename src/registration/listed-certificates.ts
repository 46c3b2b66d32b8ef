export type ListedCertificate = {
  serial: string;
  status: "Activo" | "Revocado" | "Caduco";
  validFromUtc: string;
  validToUtc: string;
  /** ValidezObligaciones as listed. */
  obligations: number;
};

/** The published certificate list's entries for an RFC (newest first); `listDate` null: none imported. */
export type ListedCertificates = { listDate: number | null; certificates: ListedCertificate[] };

/** The certificate list's rows as `readRegistration` reads them: one per entry, or one with none. */
export type CertificateListRow = {
  published_date: number | null;
  serial: string | null;
  status: string | null;
  valid_from: number | null;
  valid_to: number | null;
  obligations: number | null;
};

export function listedCertificatesOf(rows: readonly CertificateListRow[], now: number): ListedCertificates {
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
