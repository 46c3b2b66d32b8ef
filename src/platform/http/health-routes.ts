import type { FastifyInstance } from "fastify";
import { type DatabaseHandle, isReachable } from "../db/connect.ts";
import { probeWrite } from "../db/probe-write.ts";
import type { SharedRedis } from "../redis/shared-redis.ts";
import { sendProblem } from "./problem.ts";

const RETRY = { headers: { "retry-after": "5" } };

/**
 * `/healthz`: the process runs. `/readyz`: the database answers a read and takes a write (a read-only one
 * fails every charge). An unreachable Redis only reports `degraded`: limits fall back to per process,
 * while taking every API process out of the load balancer would be an outage.
 */
export function healthRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  redis: SharedRedis | null,
): void {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    if (!(await isReachable(database.db)))
      return sendProblem(request, reply, "unavailable", "The database is not reachable.", RETRY);
    try {
      await probeWrite(database.db);
    } catch (error) {
      request.log.warn({ error }, "readyz: the database refuses writes");
      return sendProblem(request, reply, "unavailable", "The database refuses writes.", RETRY);
    }
    return { status: "ready", database: database.engine, ...(redis ? { redis: await redis.state() } : {}) };
  });
}
