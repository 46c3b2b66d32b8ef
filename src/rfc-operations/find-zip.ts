import type { Static } from "typebox";
import type { OperationResult } from "../async-requests/operations.ts";
import { ServiceError } from "../platform/errors.ts";
import { MESSAGES } from "./messages.ts";
import { readName, readRfc } from "./read-rfc.ts";
import { fullRefund, type RfcContext, type RfcOperation } from "./rfc-context.ts";
import type { FindZipSchema } from "./rfc-schemas.ts";
import { searchPostalCode } from "./search-postal-code.ts";

export type FindZipInput = { rfc: string; name: string };

/** Postal-code result (spec §2.6); `zip` is omitted when it was not recovered. */
export type FindZipResult = Static<typeof FindZipSchema>;

/** POST /v1/rfc/find-zip. */
export const findZipOperation: RfcOperation<FindZipInput, FindZipInput, FindZipResult> = {
  name: "find-zip",
  check: checkFindZipInput,
  run: runFindZip,
};

function checkFindZipInput(input: FindZipInput): FindZipInput {
  const { rfc } = readRfc(input.rfc);
  const name = readName(input.name);
  if (name === undefined)
    throw new ServiceError("invalid_request", "name must not be blank.", {
      errors: [{ path: "/name", message: "must not be blank" }],
    });
  return { rfc, name };
}

/** Recovers the registered postal code of an RFC + name pair from the catalog (no certificate step). */
async function runFindZip(
  ctx: RfcContext,
  { rfc, name }: FindZipInput,
  signal?: AbortSignal,
): Promise<OperationResult<FindZipResult>> {
  const outcome = await searchPostalCode(ctx, { rfc, name }, signal);
  switch (outcome.status) {
    case "found":
      return { status: 200, body: { rfc, valid: true, zip: outcome.zip, message: outcome.verdict.legend } };
    case "rejected":
      return { status: 200, body: { rfc, valid: false, message: outcome.verdict.legend } };
    case "not_in_catalog":
      // RFC and name are SAT's; only the code is unknown, and it is what find-zip sells.
      return {
        status: 200,
        body: { rfc, valid: true, message: MESSAGES.zipNotInCatalog },
        refund: fullRefund(ctx),
      };
    case "unrecognized":
      return {
        status: 200,
        body: { rfc, valid: null, message: outcome.verdict.legend },
        refund: fullRefund(ctx),
      };
    case "unavailable": {
      const message = outcome.cause === "catalog" ? MESSAGES.catalogUnavailable : MESSAGES.satUnreachable;
      return { status: 200, body: { rfc, valid: null, message }, refund: fullRefund(ctx) };
    }
  }
}
