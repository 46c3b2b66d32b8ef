import type { Static } from "typebox";
import type { OperationResult } from "../async-requests/operations.ts";
import { cfdiName } from "../mexico/cfdi-name.ts";
import type { PersonType } from "../mexico/parse-rfc.ts";
import { gatherCertificates } from "./gather-certificates.ts";
import { MESSAGES } from "./messages.ts";
import { readRfc } from "./read-rfc.ts";
import { fullRefund, partialRefund, type RfcContext, type RfcOperation } from "./rfc-context.ts";
import type { ProfileBody, ProfileSchema } from "./rfc-schemas.ts";

/** Profile result (spec §2.7), from the published certificates; unknown fields are omitted. */
export type ProfileResult = Static<typeof ProfileSchema>;

type ProfileQuery = { rfc: string; personType: PersonType };

/** POST /v1/rfc/profile. */
export const profileOperation: RfcOperation<Static<typeof ProfileBody>, ProfileQuery, ProfileResult> = {
  name: "profile",
  check: (input) => {
    const { rfc, personType } = readRfc(input.rfc);
    return { rfc, personType };
  },
  run: runProfile,
};

/**
 * Certificate search + downloads + parsing; `found` is false when SAT lists no certificate. A search
 * that fails is not charged; a `.cer` that could not be had makes a partial answer (half the price).
 */
async function runProfile(
  ctx: RfcContext,
  { rfc, personType }: ProfileQuery,
  signal?: AbortSignal,
): Promise<OperationResult<ProfileResult>> {
  const answer = await gatherCertificates(ctx.upstreams, rfc, { signal });
  if (answer.status !== "ok")
    return {
      status: 200,
      body: { rfc, found: null, message: MESSAGES.satUnreachable, unavailable: ["certs"] },
      refund: fullRefund(ctx),
    };
  const { certs, holder, filesUnavailable, source } = answer.value;
  if (certs.length === 0)
    return {
      status: 200,
      body: { rfc, found: false, message: MESSAGES.profileNotFound, certs, unavailable: [], ...source },
    };
  const body: ProfileResult = {
    rfc,
    found: true,
    message: MESSAGES.profileFound,
    unavailable: filesUnavailable ? ["certs"] : [],
    ...source,
  };
  if (holder.name) {
    body.name = holder.name;
    body.cfdi_name = cfdiName(holder.name);
  }
  if (holder.email) body.email = holder.email;
  if (personType === "F" && holder.curp) body.curp = holder.curp;
  if (personType === "M" && holder.legalRepresentativeRfc)
    body.legal_representative_rfc = holder.legalRepresentativeRfc;
  if (personType === "M" && holder.legalRepresentativeCurp)
    body.legal_representative_curp = holder.legalRepresentativeCurp;
  body.certs = certs;
  return filesUnavailable ? { status: 200, body, refund: partialRefund(ctx) } : { status: 200, body };
}
