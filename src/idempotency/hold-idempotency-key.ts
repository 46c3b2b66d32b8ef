import type { Db } from "../platform/db/connect.ts";
import { columnsOf, type IdempotencyKey } from "./claim-idempotency-key.ts";

export type HeldKey = ReturnType<typeof holdIdempotencyKey>;

/**
 * Renews the lease on a claimed key every third of the lease while its request runs, so a retry waits
 * for it however slow the upstream is; a crashed process stops renewing and the key lapses.
 */
export function holdIdempotencyKey(
  db: Db,
  id: IdempotencyKey,
  requestId: string,
  leaseMs: number,
  onError: (error: unknown) => void,
) {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewing
        .then(() =>
          db
            .updateTable("idempotency_keys")
            .set({ locked_until: Date.now() + leaseMs })
            .where((eb) => eb.and(columnsOf(id)))
            .where("status", "=", "running")
            .where("request_id", "=", requestId)
            .execute(),
        )
        .catch(onError);
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  // A request still running must not keep a stopping process alive on its own.
  timer.unref();
  // Released once the request has its answer (stored or released): renewing stops.
  return { release: () => clearInterval(timer) };
}
