import { readRfc } from "../taxpayers/read-rfc.ts";
import { runSynchronously } from "../taxpayers/run-synchronously.ts";
import { fullRefund, type OperationOutcome, type TaxpayerContext } from "../taxpayers/taxpayer-context.ts";
import { listModeOf } from "./data-source.ts";
import { asOfDay, dateOfDay } from "./list-date.ts";
import { mayInvoice, readListedCertificates } from "./read-listed-certificates.ts";
import { readRfcStatus } from "./read-rfc-status.ts";

/** POST /v1/rfc/registration: what SAT's registered-RFC list and certificate list say of an RFC. */
export type RegistrationResult = {
  rfc: string;
  /** null only when no registered-RFC list was ever imported. */
  registered: boolean | null;
  /** YYYY-MM-DD: the start of its current (or last) stay on the list. */
  registered_since: string | null;
  /** false when that is the first list date imported: on the list at least since then. */
  registered_since_exact: boolean;
  removed_on: string | null;
  sncf: boolean | null;
  subcontracting: boolean | null;
  /** An active CSD whose ValidezObligaciones is not 0; null without a certificate list. */
  can_invoice: boolean | null;
  certificates: {
    serial: string;
    status: string;
    valid_from_utc: string;
    valid_to_utc: string;
    obligations: number;
  }[];
  data_as_of: { rfc_list: string | null; certificate_list: string | null };
};

export function checkRegistration(
  ctx: TaxpayerContext,
  input: { rfc: string },
): Promise<OperationOutcome<RegistrationResult>> {
  return runSynchronously(ctx, "registration", input, { check: (i) => readRfc(i.rfc), run: runRegistration });
}

/** Two local reads; free of charge (refunded) while no registered-RFC list has been imported. */
export async function runRegistration(
  ctx: TaxpayerContext,
  input: { rfc: string },
): Promise<OperationOutcome<RegistrationResult>> {
  const { rfc } = readRfc(input.rfc);
  const mode = listModeOf(ctx.auth.mode);
  const [status, listed] = await Promise.all([
    readRfcStatus(ctx.db, mode, rfc),
    readListedCertificates(ctx.db, mode, rfc),
  ]);
  const day = (value: number | null) => (value === null ? null : dateOfDay(value));
  const body: RegistrationResult = {
    rfc,
    registered: status.registered,
    registered_since: day(status.since),
    registered_since_exact: status.sinceExact,
    removed_on: status.registered === false ? day(status.removedOn) : null,
    sncf: status.sncf,
    subcontracting: status.subcontracting,
    can_invoice:
      listed.listDate === null ? null : status.registered !== false && mayInvoice(listed.certificates),
    certificates: listed.certificates.map((c) => ({
      serial: c.serial,
      status: c.status,
      valid_from_utc: c.validFromUtc,
      valid_to_utc: c.validToUtc,
      obligations: c.obligations,
    })),
    data_as_of: {
      rfc_list: status.listDate === null ? null : asOfDay(status.listDate),
      certificate_list: listed.listDate === null ? null : asOfDay(listed.listDate),
    },
  };
  return status.listDate === null
    ? { status: 200, body, refund: fullRefund(ctx, "registration") }
    : { status: 200, body };
}
