import type { FastifyInstance, onResponseHookHandler } from "fastify";
import type { Db } from "../platform/db/connect.ts";
import { rowInserter } from "../platform/db/row-inserter.ts";
import type { ApiRequestsTable } from "../platform/db/schema.ts";
import { appendRouteHook } from "../platform/http/route-hooks.ts";

type Row = Omit<ApiRequestsTable, "id">;

const insertRows = rowInserter("api_requests", [
  "request_id",
  "owner_id",
  "key_id",
  "method",
  "operation",
  "rfc",
  "status",
  "credits",
  "latency_ms",
  "created_at",
]);

export interface RequestLogWriter {
  add(row: Row): void;
  /** Writes what is pending now (the periodic writes go on). */
  flush(): Promise<void>;
  /** Writes what is pending and stops the periodic writes. */
  stop(): Promise<void>;
}

/** Writes request-log rows inside the caller's transaction. */
async function insertApiRequests(trx: Db, rows: readonly Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await insertRows(trx, rows.slice(i, i + 100));
}

/** Buffers request-log rows and writes them in batches, off the request path. */
export function createRequestLogWriter(db: Db, intervalMs = 1000, batchSize = 100): RequestLogWriter {
  let pending: Row[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length > 0)
      writing = writing
        .then(() => db.transaction().execute((trx) => insertApiRequests(trx, batch)))
        .catch(() => {});
    return writing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    add(row) {
      pending.push(row);
      if (pending.length >= batchSize) void flush();
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Records every authenticated API call: never the key, only its id. */
export function logApiRequests(scope: FastifyInstance, writer: RequestLogWriter): void {
  scope.addHook("onRoute", (route) =>
    appendRouteHook(route, "onResponse", logCallsTo(writer, route.url.replace(/^\/v1\//, ""))),
  );
}

function logCallsTo(writer: RequestLogWriter, operation: string): onResponseHookHandler {
  return (request, reply, done) => {
    if (!request.auth) return done();
    const body = request.body as { rfc?: unknown } | undefined;
    writer.add({
      request_id: request.id,
      owner_id: request.auth.owner.id,
      key_id: request.auth.keyId,
      method: request.method,
      operation,
      rfc: typeof body?.rfc === "string" ? body.rfc.slice(0, 20) : null,
      status: reply.statusCode,
      credits: request.ctx?.billing.charged ?? 0,
      latency_ms: Math.round(reply.elapsedTime),
      created_at: Date.now(),
    });
    done();
  };
}

export async function recentApiRequests(db: Db, ownerId: string, limit = 100) {
  return db
    .selectFrom("api_requests")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
