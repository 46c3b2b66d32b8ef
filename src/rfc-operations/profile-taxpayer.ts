import { cfdiName } from "../mexico/cfdi-name.ts";
import { type CertificateView, gatherCertificates } from "./gather-certificates.ts";
import { MESSAGES } from "./messages.ts";
import { readRfc } from "./read-rfc.ts";
import { runSynchronously } from "./run-synchronously.ts";
import {
  fullRefund,
  type OperationOutcome,
  partialRefund,
  type TaxpayerContext,
} from "./taxpayer-context.ts";

export type ProfileInput = { rfc: string };

/** Profile result (spec §2.7), from the published certificates; unknown fields are omitted. */
export type ProfileResult = {
  rfc: string;
  found: boolean | null;
  message: string;
  name?: string;
  /** The certificate's name without its régimen de capital, for a CFDI 4.0 `Receptor/@Nombre`. */
  cfdi_name?: string;
  email?: string;
  curp?: string;
  legal_representative_rfc?: string;
  legal_representative_curp?: string;
  certs?: CertificateView[];
  /** `["certs"]` when the certificate search, or a listed `.cer`, could not be had; else []. */
  unavailable: "certs"[];
  /** When the certificates were listed by the local copy of SAT's certificate list. */
  source?: string;
  data_as_of?: string;
};

/** POST /v1/rfc/profile. */
export function profileTaxpayer(
  ctx: TaxpayerContext,
  input: ProfileInput,
): Promise<OperationOutcome<ProfileResult>> {
  return runSynchronously(ctx, "profile", input, { check: (i) => readRfc(i.rfc), run: runProfile });
}

/**
 * Certificate search + downloads + parsing; `found` is false when SAT lists no certificate. A search
 * that fails is not charged; a `.cer` that could not be had makes a partial answer (half the price).
 */
export async function runProfile(
  ctx: TaxpayerContext,
  input: ProfileInput,
  signal?: AbortSignal,
): Promise<OperationOutcome<ProfileResult>> {
  const { rfc, personType } = readRfc(input.rfc);
  const answer = await gatherCertificates(ctx.upstreams, rfc, { signal });
  if (answer.status !== "ok")
    return {
      status: 200,
      body: { rfc, found: null, message: MESSAGES.satUnreachable, unavailable: ["certs"] },
      refund: fullRefund(ctx, "profile"),
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
  return filesUnavailable
    ? { status: 200, body, refund: partialRefund(ctx, "profile") }
    : { status: 200, body };
}
