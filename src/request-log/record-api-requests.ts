import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ReportFailure } from "../platform/background-failures.ts";
import type { Db } from "../platform/db/connect.ts";
import { jsonRowsInserter } from "../platform/db/json-rows.ts";
import type { ApiRequestsTable } from "../platform/db/schema.ts";

type Row = Omit<ApiRequestsTable, "id">;

export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;

const insertApiRequests = jsonRowsInserter("api_requests", [
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
  "mode",
  "outcome",
] satisfies (keyof Row)[]);

/**
 * Buffers request-log rows and writes them in batches on the database's connection, off the request
 * path: one statement a second, or sooner once `batchSize` rows wait (decision 0020).
 */
export function createRequestLogWriter(db: Db, report: ReportFailure, intervalMs = 1000, batchSize = 100) {
  let pending: Row[] = [];
  let writing: Promise<void> = Promise.resolve();
  // Writes what is pending now (the periodic writes go on).
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length > 0)
      writing = writing
        .then(() => insertApiRequests(db, batch))
        .catch((error) => report("request log write", error, { rows: batch.length }));
    return writing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    add(row: Row) {
      pending.push(row);
      if (pending.length >= batchSize) void flush();
    },
    flush,
    // Writes what is pending and stops the periodic writes.
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Records every authenticated API call: never the key, only its id. */
export function logApiRequests(scope: FastifyInstance, writer: RequestLogWriter): void {
  const outcomes = new WeakMap<FastifyRequest, string>();
  scope.addHook("preSerialization", (request, reply, payload, done) => {
    const outcome = outcomeOf(payload, reply.statusCode);
    if (outcome !== null) outcomes.set(request, outcome);
    done(null, payload);
  });
  scope.addHook("onResponse", (request, reply, done) => {
    if (!request.auth) return done();
    const body = request.body as { rfc?: unknown } | undefined;
    writer.add({
      request_id: request.id,
      owner_id: request.auth.owner.id,
      key_id: request.auth.keyId,
      method: request.method,
      operation: (request.routeOptions.url ?? "").replace(/^\/v1\//, ""),
      rfc: typeof body?.rfc === "string" ? firstCodePoints(body.rfc, 20) : null,
      status: reply.statusCode,
      credits: request.ctx?.billing.charged ?? 0,
      latency_ms: Math.round(reply.elapsedTime),
      created_at: Date.now(),
      mode: request.auth.mode,
      outcome: outcomes.get(request) ?? null,
    });
    done();
  });
}

/** At most `count` code points: a cut never splits a surrogate pair (PostgreSQL refuses half of one). */
function firstCodePoints(text: string, count: number): string {
  let end = 0;
  for (const character of text) {
    if (count-- === 0) break;
    end += character.length;
  }
  return text.slice(0, end);
}

/**
 * What an answer said, in a word for the log: `accepted` (202), the error code, its `valid` / `found`
 * (`true`, `false`, or `null` when a source could not answer), whether a list lookup found the RFC.
 */
function outcomeOf(payload: unknown, status: number): string | null {
  if (typeof payload !== "object" || payload === null) return null;
  const body = payload as Record<string, unknown>;
  if (status === 202) return "accepted";
  if (status >= 400) return typeof body.code === "string" ? body.code : null;
  if ("valid" in body) return String(body.valid);
  if ("found" in body) return String(body.found);
  if ("sat_lists" in body) return listedOutcome(body.sat_lists);
  return typeof body.status === "string" ? body.status : null;
}

const listedOutcome = (lists: unknown): string =>
  Array.isArray(lists) ? (lists.length > 0 ? "listed" : "not listed") : "null";

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
