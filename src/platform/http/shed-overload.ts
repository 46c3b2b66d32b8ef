import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";
import { sendProblem } from "./problem.ts";

const RETRY_AFTER_S = 5;
// Liveness and metrics answer under load too: an overloaded process is not a dead one.
const ALWAYS_ANSWERED = new Set(["/healthz", "/metrics"]);

/**
 * Past the configured event-loop delay or heap use, new requests are refused at once with 503 +
 * Retry-After instead of queueing behind work the process cannot finish in time.
 */
export async function shedOverload(
  app: FastifyInstance,
  limits: { eventLoopDelayMs: number; heapUsedMb: number },
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.eventLoopDelayMs,
    maxHeapUsedBytes: limits.heapUsedMb * 1024 * 1024,
    sampleInterval: 250,
    pressureHandler: (request, reply) => {
      if (ALWAYS_ANSWERED.has(request.url)) return;
      // Fastify goes no further once the reply is sent.
      sendProblem(request, reply, "unavailable", `padron is overloaded; retry in ${RETRY_AFTER_S} s`, {
        headers: { "retry-after": String(RETRY_AFTER_S) },
      });
    },
  });
}
