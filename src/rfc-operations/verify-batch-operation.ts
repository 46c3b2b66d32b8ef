import type { AsyncOperation } from "../async-requests/operations.ts";
import { answerFromRfcList } from "../registration/answer-from-rfc-list.ts";
import { listModeOf } from "../registration/data-source.ts";
import type { UpstreamRegistry } from "../upstreams/create-upstreams.ts";
import { answerBatch } from "./answer-batch.ts";
import type { BatchRecord } from "./batch-schemas.ts";

export const VERIFY_BATCH = "verify-batch";

/** What the job gets: the records, and the price per record paid at acceptance (refunds use it). */
export type VerifyBatchInput = { records: BatchRecord[]; creditsPerRecord: number };

/**
 * The job behind POST /v1/rfc/verify-batch. Charged at acceptance; returns the refund for records
 * not sent upstream or left unknown, which the request runner applies once with the result.
 */
export function verifyBatchOperation(upstreams: UpstreamRegistry): AsyncOperation {
  return {
    name: VERIFY_BATCH,
    eventType: "rfc.verify_batch.completed",
    async run(ctx, input: VerifyBatchInput, tools) {
      const total = input.records.length;
      const sources = upstreams.forMode(ctx.auth.mode);
      const answer = await answerBatch(sources.padron, input.records, {
        csf: sources.satCsf,
        owner: ctx.auth.owner.id,
        signal: tools.signal,
        progress: (done) => tools.progress(done, total),
        fallback: (query) => answerFromRfcList(ctx.db, listModeOf(ctx.auth.mode), query),
      });
      return { status: 200, body: answer.body, refund: answer.refundable * input.creditsPerRecord };
    },
  };
}
