import type { ReportFailure } from "../platform/background-failures.ts";
import type { Db } from "../platform/db/connect.ts";

// Last-used times are kept in memory and written in one batch per interval, so an authenticated
// request never waits on a write.
export type KeyUseRecorder = ReturnType<typeof createKeyUseRecorder>;

export function createKeyUseRecorder(db: Db, report: ReportFailure, intervalMs = 10_000) {
  let pending = new Map<string, number>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    await db.transaction().execute(async (trx) => {
      for (const [id, at] of batch) {
        await trx.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
      }
    });
  };
  const timer = setInterval(
    () => void flush().catch((error) => report("key last-use write", error)),
    intervalMs,
  );
  timer.unref();
  return {
    record: (keyId: string) => void pending.set(keyId, Date.now()),
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
