import { payForRequest, refundRequest } from "../credits/pay-for-request.ts";
import { ServiceError } from "../platform/errors.ts";
import { MESSAGES } from "./messages.ts";
import { readName, readRfc } from "./read-rfc.ts";
import type { TaxpayerContext, VerbOptions, VerbResult } from "./taxpayer-context.ts";

export type VerifyInput = { rfc: string; name?: string; zip?: string };

/** Simple verification result (spec §2.5); `valid` is null when SAT could not be reached. */
export type VerifyResult = { rfc: string; valid: boolean | null; message: string };

/** RFC alone (the padrón's RFC-only check) or RFC + name + postal code (the full padrón check). */
export async function verifyRfc(
  ctx: TaxpayerContext,
  input: VerifyInput,
  options: VerbOptions = {},
): Promise<VerbResult<VerifyResult>> {
  const { rfc } = readRfc(input.rfc);
  const name = readName(input.name);
  const zip = input.zip?.trim() || undefined;
  if ((name === undefined) !== (zip === undefined))
    throw new ServiceError("name_zip_pair_required", "Send both name and zip, or neither.", {
      errors: [{ path: name === undefined ? "/name" : "/zip", message: "required together with the other" }],
    });
  if (!options.prepaid) await payForRequest(ctx, "verify");
  const answer =
    name !== undefined && zip !== undefined
      ? await ctx.upstreams.padron.checkRecord({ rfc, name, zip })
      : await ctx.upstreams.padron.checkRfc(rfc);
  if (answer.status !== "ok") {
    await refundRequest(ctx, "verify");
    return { status: 200, body: { rfc, valid: null, message: MESSAGES.satUnreachable } };
  }
  return {
    status: 200,
    body: { rfc, valid: answer.value.outcome === "valid", message: answer.value.legend },
  };
}
