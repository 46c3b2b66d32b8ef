import { acceptAsync } from "../async-requests/accept-async.ts";
import { ServiceError } from "../platform/errors.ts";
import type { RequestContext } from "../request-context.ts";
import { type BatchRecord, MAX_BATCH_RECORDS } from "./batch-schemas.ts";
import { readName } from "./read-rfc.ts";
import { VERIFY_BATCH, type VerifyBatchInput } from "./verify-batch-operation.ts";

/** Accepts a batch: vets the webhook URL, charges every record and enqueues the job (one transaction). */
export async function acceptVerifyBatch(
  ctx: RequestContext,
  request: { records: BatchRecord[]; webhook_url: string },
) {
  const count = request.records.length;
  if (count > MAX_BATCH_RECORDS)
    throw new ServiceError(
      "batch_too_large",
      `A batch holds at most ${MAX_BATCH_RECORDS} records; this one has ${count}. Split it.`,
      { errors: [{ path: "/records", message: `at most ${MAX_BATCH_RECORDS} items` }] },
    );
  for (const [index, record] of request.records.entries()) readName(record.name, `/records/${index}/name`);
  const creditsPerRecord = ctx.config.prices["verify-batch"];
  const input: VerifyBatchInput = { records: request.records, creditsPerRecord };
  return acceptAsync(ctx, {
    operation: VERIFY_BATCH,
    input,
    webhookUrl: request.webhook_url,
    credits: count * creditsPerRecord,
    total: count,
  });
}
