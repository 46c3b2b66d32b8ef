import type { Config } from "../config.ts";
import type { Db, Engine } from "../platform/db/connect.ts";
import { startWorker, type Worker } from "../platform/jobs/start-worker.ts";
import type { Log } from "../platform/log.ts";
import type { Services } from "../services.ts";
import { DELIVER_WEBHOOK } from "../webhooks/create-delivery.ts";
import { deliverWebhookHandler } from "../webhooks/deliver-webhook.ts";
import { createWebhookAgents } from "../webhooks/send-webhook.ts";
import { RUN_REQUEST, runRequestJob } from "./accept-async.ts";
import { runRequestHandler } from "./run-request.ts";
import { sweepExpired } from "./sweep-expired.ts";

/** What a worker runs with: the operations it knows are those registered in `services`. */
type WorkerDeps = { db: Db; engine: Engine; config: Config; services: Services };

/** The worker `padron worker` and `padron serve` run, plus the hourly retention sweep. */
export function startAsyncWorker(deps: WorkerDeps, log?: Log): Worker {
  const { config } = deps;
  const agents = createWebhookAgents();
  const runRequest = runRequestHandler(deps);
  const worker = startWorker({
    db: deps.db,
    engine: deps.engine,
    // Every job this service knows, by name; `request.run` alone was enqueued before jobs named the operation.
    handlers: {
      [RUN_REQUEST]: runRequest,
      ...Object.fromEntries(
        deps.services.operations.names().map((name) => [runRequestJob(name), runRequest]),
      ),
      [DELIVER_WEBHOOK]: deliverWebhookHandler({ ...deps, agents }),
    },
    concurrency: config.worker.concurrency,
    leaseMs: config.worker.leaseMs,
    pollMs: config.worker.pollMs,
    retryBaseMs: config.worker.retryBaseMs,
    log,
  });
  const sweep = setInterval(
    () =>
      void sweepExpired(deps.db).catch((error) =>
        log?.("error", "retention sweep failed", { error: String(error) }),
      ),
    3_600_000,
  );
  sweep.unref();
  return {
    id: worker.id,
    stop: async (graceMs) => {
      clearInterval(sweep);
      await worker.stop(graceMs);
      await agents.close();
    },
  };
}
