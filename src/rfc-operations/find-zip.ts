import { ServiceError } from "../platform/errors.ts";
import { MESSAGES } from "./messages.ts";
import { readName, readRfc } from "./read-rfc.ts";
import { runSynchronously } from "./run-synchronously.ts";
import { searchPostalCode } from "./search-postal-code.ts";
import { fullRefund, type OperationOutcome, type TaxpayerContext } from "./taxpayer-context.ts";

export type FindZipInput = { rfc: string; name: string };

/** Postal-code result (spec §2.6); `zip` is omitted when it was not recovered. */
export type FindZipResult = { rfc: string; valid: boolean | null; zip?: string; message: string };

/** POST /v1/rfc/find-zip. */
export function findZip(ctx: TaxpayerContext, input: FindZipInput): Promise<OperationOutcome<FindZipResult>> {
  return runSynchronously(ctx, "find-zip", input, { check: checkFindZipInput, run: runFindZip });
}

export function checkFindZipInput(input: FindZipInput): { rfc: string; name: string } {
  const { rfc } = readRfc(input.rfc);
  const name = readName(input.name);
  if (name === undefined)
    throw new ServiceError("invalid_request", "name must not be blank.", {
      errors: [{ path: "/name", message: "must not be blank" }],
    });
  return { rfc, name };
}

/** Recovers the registered postal code of an RFC + name pair from the catalog (no certificate step). */
export async function runFindZip(
  ctx: TaxpayerContext,
  input: FindZipInput,
  signal?: AbortSignal,
): Promise<OperationOutcome<FindZipResult>> {
  const { rfc, name } = checkFindZipInput(input);
  const outcome = await searchPostalCode(ctx, { rfc, name }, signal);
  switch (outcome.status) {
    case "found":
      return { status: 200, body: { rfc, valid: true, zip: outcome.zip, message: outcome.verdict.legend } };
    case "rejected":
      return { status: 200, body: { rfc, valid: false, message: outcome.verdict.legend } };
    case "not_in_catalog":
      return { status: 200, body: { rfc, valid: false, message: MESSAGES.zipNotInCatalog } };
    case "unavailable": {
      const message = outcome.cause === "catalog" ? MESSAGES.catalogUnavailable : MESSAGES.satUnreachable;
      return { status: 200, body: { rfc, valid: null, message }, refund: fullRefund(ctx, "find-zip") };
    }
  }
}
