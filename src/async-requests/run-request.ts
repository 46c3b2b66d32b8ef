import type { KeyContext } from "../api-keys/authenticate-api-key.ts";
import { readRequestCharge } from "../credits/read-request-charge.ts";
import { refundCredits } from "../credits/refund-credits.ts";
import type { Db } from "../platform/db/connect.ts";
import type { RequestsTable } from "../platform/db/schema.ts";
import { ERRORS, isServiceError } from "../platform/errors.ts";
import { problemOf } from "../platform/http/problem.ts";
import type { JobHandler, RunningJob } from "../platform/jobs/job-types.ts";
import type { RequestContext } from "../request-context.ts";
import { createDelivery } from "../webhooks/create-delivery.ts";
import type { OperationResult } from "./operations.ts";

type Deps = Pick<RequestContext, "db" | "engine" | "config" | "services">;

/**
 * The `request.run` job: runs the accepted operation and, in one transaction, stores its result and
 * enqueues the webhook. The store is conditional (still processing), so a rerun after a crash changes
 * nothing twice. A job that keeps failing or crashing gives up: `failed` with a 500 problem, refunded.
 */
export function runRequestHandler(deps: Deps): JobHandler {
  const run = async (payload: { requestId: string; input: unknown }, job: RunningJob): Promise<void> => {
    const { db } = deps;
    const row = await processingRequest(db, payload.requestId);
    if (!row) return;
    const operation = deps.services.operations.find(row.operation);
    if (!operation) throw new Error(`operation "${row.operation}" is not registered in this process`);
    const ctx = await contextFor(deps, row);
    let outcome: OperationResult & { failed: boolean };
    let lastProgressAt = 0;
    try {
      const result = await operation.run(ctx, payload.input as never, {
        signal: job.signal,
        progress: async (done, total) => {
          // At most 4 writes a second: progress is for people polling, not worth a write per record.
          if (done < total && Date.now() - lastProgressAt < 250) return;
          lastProgressAt = Date.now();
          await db
            .updateTable("requests")
            .set({ progress_done: done, progress_total: total })
            .where("request_id", "=", row.request_id)
            .where("status", "=", "processing")
            .execute();
        },
      });
      outcome = { ...result, failed: false };
    } catch (error) {
      if (!isServiceError(error)) throw error;
      const body = problemOf(error.code, error.message, row.request_id, error.errors);
      outcome = { status: ERRORS[error.code].status, body, failed: true };
    }
    // Cut short (the worker stopping, a lost lease): the steps it aborted are not the answer. The
    // attempt fails, so the job runs again, rather than store them and refund by the partial rules.
    job.signal.throwIfAborted();
    await storeOutcome(db, row, operation.eventType, outcome);
  };
  const giveUp = async (payload: { requestId: string }): Promise<void> => {
    const row = await processingRequest(deps.db, payload.requestId);
    if (!row) return;
    const detail = "Something went wrong on our side. Quote the request id if you contact us.";
    const eventType = deps.services.operations.find(row.operation)?.eventType ?? `${row.operation}.completed`;
    const body = problemOf("internal_error", detail, row.request_id);
    await storeOutcome(deps.db, row, eventType, { status: 500, body, failed: true });
  };
  return { run, giveUp };
}

const processingRequest = async (db: Db, requestId: string) => {
  const row = await db
    .selectFrom("requests")
    .selectAll()
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  return row?.status === "processing" ? row : null;
};

/** Stores the result once (only while still processing), refunds what is owed and enqueues the webhook. */
async function storeOutcome(
  db: Db,
  row: RequestsTable,
  eventType: string,
  outcome: OperationResult & { failed: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stored = await trx
      .updateTable("requests")
      .set({
        status: outcome.failed ? "failed" : "completed",
        result_status: outcome.status,
        result_body: JSON.stringify(outcome.body),
        completed_at: Date.now(),
      })
      .where("request_id", "=", row.request_id)
      .where("status", "=", "processing")
      .executeTakeFirst();
    if (Number(stored.numUpdatedRows) !== 1) return;
    const refund = outcome.failed ? undefined : (outcome.refund ?? 0);
    if (row.mode === "live" && refund !== 0)
      await refundCredits(trx, {
        ownerId: row.owner_id,
        requestId: row.request_id,
        operation: row.operation,
        amount: refund,
      });
    if (row.webhook_url)
      await createDelivery(trx, {
        ownerId: row.owner_id,
        mode: row.mode,
        requestId: row.request_id,
        url: row.webhook_url,
        type: outcome.failed ? eventType.replace(/\.completed$/, ".failed") : eventType,
        status: outcome.status,
        body: outcome.body,
      });
  });
}

async function contextFor(deps: Deps, row: RequestsTable): Promise<RequestContext> {
  const owner = await deps.db
    .selectFrom("owners")
    .select([
      "id",
      "kind",
      "name",
      "plan",
      "plan_expires_at as planExpiresAt",
      "plan_monthly_credits as planMonthlyCredits",
    ])
    .where("id", "=", row.owner_id)
    .executeTakeFirstOrThrow();
  const key = await deps.db
    .selectFrom("api_keys")
    .select(["label", "display_prefix"])
    .where("id", "=", row.key_id)
    .executeTakeFirst();
  const auth: KeyContext = {
    keyId: row.key_id,
    label: key?.label ?? "",
    mode: row.mode,
    displayPrefix: key?.display_prefix ?? "",
    owner,
  };
  const charged = await readRequestCharge(deps.db, { ownerId: row.owner_id, requestId: row.request_id });
  return { ...deps, auth, requestId: row.request_id, billing: { charged, remaining: null } };
}
