import type { FastifyInstance } from "fastify";
import { type DatabaseHandle, isReachable } from "../db/connect.ts";
import { sendProblem } from "./problem.ts";

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    if (await isReachable(database.db)) return { status: "ready", database: database.engine };
    return sendProblem(request, reply, "unavailable", "The database is not reachable.", {
      headers: { "retry-after": "5" },
    });
  });
}
