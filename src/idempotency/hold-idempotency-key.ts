import type { Db } from "../platform/db/connect.ts";

export interface HeldKey {
  /** Stops renewing: the request has its answer (stored or released). */
  release(): void;
}

/**
 * Renews the lease on a claimed key every third of the lease while its request runs, so a retry waits
 * for it however slow the upstream is; a crashed process stops renewing and the key lapses.
 */
export function holdIdempotencyKey(
  db: Db,
  held: { ownerId: string; key: string; leaseMs: number },
  onError: (error: unknown) => void,
): HeldKey {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewing
        .then(() =>
          db
            .updateTable("idempotency_keys")
            .set({ locked_until: Date.now() + held.leaseMs })
            .where("owner_id", "=", held.ownerId)
            .where("key", "=", held.key)
            .where("status", "=", "running")
            .execute(),
        )
        .catch(onError);
    },
    Math.max(1, Math.floor(held.leaseMs / 3)),
  );
  // A request still running must not keep a stopping process alive on its own.
  timer.unref();
  return { release: () => clearInterval(timer) };
}
