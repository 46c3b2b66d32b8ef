import type { Static } from "typebox";
import type { OperationResult } from "../async-requests/operations.ts";
import { listModeOf } from "../registration/data-source.ts";
import { asOfDay, dateOfDay } from "../registration/list-date.ts";
import { type ListedCertificate, readRegistration } from "../registration/read-registration.ts";
import type { RegistrationSchema } from "./local-answer-schemas.ts";
import { readRfc } from "./read-rfc.ts";
import { fullRefund, type RfcContext, type RfcOperation } from "./rfc-context.ts";

/** POST /v1/rfc/registration: what SAT's registered-RFC list and certificate list say of an RFC. */
export type RegistrationResult = Static<typeof RegistrationSchema>;

export const registrationOperation: RfcOperation<{ rfc: string }, { rfc: string }, RegistrationResult> = {
  name: "registration",
  check: (input) => ({ rfc: readRfc(input.rfc).rfc }),
  run: runRegistration,
};

/** An RFC may invoice when it holds an active certificate whose ValidezObligaciones is not 0. */
const mayInvoice = (certificates: readonly ListedCertificate[]) =>
  certificates.some((certificate) => certificate.status === "Activo" && certificate.obligations !== 0);

/** One local read; free of charge (refunded) while no registered-RFC list has been imported. */
async function runRegistration(
  ctx: RfcContext,
  { rfc }: { rfc: string },
): Promise<OperationResult<RegistrationResult>> {
  const { status, listed } = await readRegistration(ctx.db, listModeOf(ctx.auth.mode), rfc);
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
  return status.listDate === null ? { status: 200, body, refund: fullRefund(ctx) } : { status: 200, body };
}
