import { hostname } from "node:os";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode, RegistrationList } from "../platform/db/schema.ts";

const HEARTBEAT_MS = 10_000;
const STALE_MS = 60_000;

export class ImportBusyError extends Error {
  constructor(mode: ListMode, list: RegistrationList) {
    super(
      `another import of the ${mode} ${list === "rfc" ? "registered-RFC" : "certificate"} list is running`,
    );
    this.name = "ImportBusyError";
  }
}

/**
 * Runs `work` holding the mode's import lease for the list: one import per mode and list at a time,
 * across processes, by a holder and a heartbeat on the list's row. A holder that stopped beating (a
 * minute) or whose process on this host is gone (kill -9) is taken over at once; a live one refuses.
 */
export async function withImportLease<T>(
  db: Db,
  mode: ListMode,
  list: RegistrationList,
  work: () => Promise<T>,
): Promise<T> {
  await ensureListRow(db, mode, list);
  const me = `${hostname()}:${process.pid}`;
  const row = await db
    .selectFrom("registration_lists")
    .select(["import_holder", "import_heartbeat_at"])
    .where((eb) => eb.and({ mode, list }))
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const free =
    row.import_holder === null ||
    row.import_holder === me ||
    (row.import_heartbeat_at ?? 0) < now - STALE_MS ||
    holderIsGone(row.import_holder);
  if (!free) throw new ImportBusyError(mode, list);
  const taken = await db
    .updateTable("registration_lists")
    .set({ import_holder: me, import_heartbeat_at: now })
    .where((eb) => eb.and({ mode, list }))
    .where((eb) =>
      row.import_holder === null
        ? eb("import_holder", "is", null)
        : eb("import_holder", "=", row.import_holder),
    )
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new ImportBusyError(mode, list);
  const ownRow = () =>
    db.updateTable("registration_lists").where((eb) => eb.and({ mode, list, import_holder: me }));
  const beat = setInterval(() => {
    void ownRow()
      .set({ import_heartbeat_at: Date.now() })
      .execute()
      .catch(() => {});
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    return await work();
  } finally {
    clearInterval(beat);
    await ownRow().set({ import_holder: null, import_heartbeat_at: null }).execute();
  }
}

export async function ensureListRow(db: Db, mode: ListMode, list: RegistrationList): Promise<void> {
  await db
    .insertInto("registration_lists")
    .values({ mode, list, row_count: 0 })
    .onConflict((oc) => oc.columns(["mode", "list"]).doNothing())
    .execute();
}

function holderIsGone(holder: string): boolean {
  const [host, pid] = holder.split(":");
  if (host !== hostname() || !/^\d+$/.test(pid ?? "")) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
