import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import type { PostalCatalogPort } from "../upstreams/postal-catalog/port.ts";
import { importPostalCodes } from "./import-postal-codes.ts";

export type PostalCodeCatalog = ReturnType<typeof createPostalCodeCatalog>;

type Loaded = { codes: readonly string[]; importedAt: number; checkedAt: number };

const RECHECK_MS = 30_000;

/**
 * The catalog kept in memory (find-zip reads all of it on every call); re-read when an import is newer.
 * The sandbox catalog is downloaded the first time it is needed (shared by concurrent callers).
 */
export function createPostalCodeCatalog(
  db: Db,
  options: { sandboxSource: PostalCatalogPort | null; minCodeRatio: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const loaded = new Map<ListMode, Loaded>();
  const pending = new Map<ListMode, Promise<Loaded | null>>();

  async function importedAt(mode: ListMode): Promise<number | null> {
    const row = await db
      .selectFrom("postal_code_imports")
      .select("imported_at")
      .where("mode", "=", mode)
      .executeTakeFirst();
    return row ? Number(row.imported_at) : null;
  }

  async function downloadSandbox(): Promise<boolean> {
    if (!options.sandboxSource) return false;
    const answer = await options.sandboxSource.download();
    if (answer.status !== "ok") return false;
    const imported = await importPostalCodes(db, "sandbox", answer.value, "sandbox", options);
    return imported.status === "imported";
  }

  async function load(mode: ListMode): Promise<Loaded | null> {
    let stamp = await importedAt(mode);
    if (stamp === null && mode === "sandbox" && (await downloadSandbox())) stamp = await importedAt(mode);
    if (stamp === null) return null;
    const current = loaded.get(mode);
    if (current && current.importedAt === stamp) return { ...current, checkedAt: now() };
    const rows = await db
      .selectFrom("postal_codes")
      .select("zip")
      .where("mode", "=", mode)
      .orderBy("zip")
      .execute();
    return { codes: rows.map((row) => row.zip), importedAt: stamp, checkedAt: now() };
  }

  return {
    /** Distinct postal codes of a mode, sorted; null when the catalog cannot be had (live: not imported). */
    async codes(mode: ListMode): Promise<readonly string[] | null> {
      const current = loaded.get(mode);
      if (current && now() - current.checkedAt < RECHECK_MS) return current.codes;
      let running = pending.get(mode);
      if (!running) {
        running = load(mode).finally(() => pending.delete(mode));
        pending.set(mode, running);
      }
      const fresh = await running;
      if (fresh) loaded.set(mode, fresh);
      return fresh?.codes ?? null;
    },
  };
}
