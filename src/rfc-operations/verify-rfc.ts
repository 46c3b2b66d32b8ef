import type { Static } from "typebox";
import type { OperationResult } from "../async-requests/operations.ts";
import { ServiceError } from "../platform/errors.ts";
import { answerFromRfcList } from "../registration/answer-from-rfc-list.ts";
import { listModeOf } from "../registration/data-source.ts";
import { validityOf } from "../upstreams/padron/padron-exchange.ts";
import { MESSAGES } from "./messages.ts";
import { readIdCif } from "./read-id-cif.ts";
import { readName, readRfc } from "./read-rfc.ts";
import { fullRefund, type RfcContext, type RfcOperation } from "./rfc-context.ts";
import type { VerifyBody, VerifySchema } from "./rfc-schemas.ts";
import { verifyByCsf } from "./verify-by-csf.ts";

/** Simple verification result (spec §2.5); `valid` is null when SAT could not be reached. */
export type VerifyResult = Static<typeof VerifySchema>;

type VerifyQuery = { rfc: string; name?: string; zip?: string; idCif?: string };

/** POST /v1/rfc/verify. */
export const verifyOperation: RfcOperation<Static<typeof VerifyBody>, VerifyQuery, VerifyResult> = {
  name: "verify",
  check: checkVerifyInput,
  run: runVerification,
};

/** RFC structure, name and zip given together or not at all, and an idCIF's digits. */
function checkVerifyInput(input: Static<typeof VerifyBody>): VerifyQuery {
  const { rfc } = readRfc(input.rfc);
  const name = readName(input.name);
  const zip = input.zip?.trim() || undefined;
  if ((name === undefined) !== (zip === undefined))
    throw new ServiceError("name_zip_pair_required", "Send both name and zip, or neither.", {
      errors: [{ path: name === undefined ? "/name" : "/zip", message: "required together with the other" }],
    });
  return { rfc, name, zip, ...(input.id_cif === undefined ? {} : { idCif: readIdCif(input.id_cif) }) };
}

/** Unknown (SAT, or the list standing in for it, could not answer): nothing is charged. */
async function runVerification(
  ctx: RfcContext,
  query: VerifyQuery,
  signal?: AbortSignal,
): Promise<OperationResult<VerifyResult>> {
  const body = { rfc: query.rfc, ...(await verdictOf(ctx, query, signal)) };
  return body.valid === null ? { status: 200, body, refund: fullRefund(ctx) } : { status: 200, body };
}

/** RFC alone (the padrón's RFC-only check) or RFC + name + postal code (the full padrón check). */
async function verdictOf(
  ctx: RfcContext,
  { rfc, name, zip, idCif }: VerifyQuery,
  signal?: AbortSignal,
): Promise<Omit<VerifyResult, "rfc">> {
  if (idCif !== undefined) {
    const { record: _, ...verdict } = await verifyByCsf(
      ctx.upstreams.satCsf,
      { rfc, idCif, name, zip },
      signal,
    );
    return verdict;
  }
  const answer =
    name !== undefined && zip !== undefined
      ? await ctx.upstreams.padron.checkRecord({ rfc, name, zip }, signal)
      : await ctx.upstreams.padron.checkRfc(rfc, signal);
  if (answer.status === "unavailable" && answer.reason === "not_configured")
    return answerFromRfcList(ctx.db, listModeOf(ctx.auth.mode), { rfc, name, zip });
  if (answer.status !== "ok") return { valid: null, message: MESSAGES.satUnreachable };
  return { valid: validityOf(answer.value.outcome), message: answer.value.legend };
}
