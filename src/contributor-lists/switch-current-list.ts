import type { Db } from "../platform/db/connect.ts";
import { LIST_FILES, type ListFileSpec } from "./catalog.ts";
import type { ListMode } from "./list-store-types.ts";

type SwitchOutcome =
  | { status: "replaced"; previousRows: number | null }
  | { status: "unchanged"; previousRows: number }
  | { status: "rejected"; reason: string; previousRows: number | null };

type SwitchRequest = {
  mode: ListMode;
  list: ListFileSpec;
  versionId: number;
  rows: number;
  sha256: string;
  etag: string | null;
  lastModified: string | null;
  /** Refuse a version with fewer than this share of the current version's rows (e.g. 0.5). */
  minRowRatio: number;
  force?: boolean;
};

/** A per-situation file of 69-B / 69-B Bis: its rows are all in that article's complete file. */
function isSubsetList(list: ListFileSpec): boolean {
  return list.article !== "69" && list.subList !== null;
}

/**
 * Makes a loaded version current in ONE short transaction: readers, which join through `list_current`,
 * see the old version or the new one, never a mix. The previous version is only marked retired here;
 * deleting its rows happens afterwards, outside the transaction. Two switches of one list (two workers
 * refreshing at once) run one after the other: each first writes the list's `list_current` row.
 */
export async function switchCurrentList(db: Db, request: SwitchRequest): Promise<SwitchOutcome> {
  const { mode, list } = request;
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("list_current")
      .values({ mode, list_key: list.key, version_id: request.versionId, switched_at: now })
      .onConflict((oc) => oc.columns(["mode", "list_key"]).doNothing())
      .executeTakeFirst();
    const first = Number(created.numInsertedOrUpdatedRows ?? 0) > 0;
    // A write to the row holds it until commit: the other switch then reads the version this one made current.
    if (!first)
      await trx
        .updateTable("list_current")
        .set((eb) => ({ switched_at: eb.ref("switched_at") }))
        .where("mode", "=", mode)
        .where("list_key", "=", list.key)
        .execute();
    const current = first
      ? undefined
      : await trx
          .selectFrom("list_current as c")
          .innerJoin("list_versions as v", "v.id", "c.version_id")
          .select(["v.id", "v.row_count", "v.sha256"])
          .where("c.mode", "=", mode)
          .where("c.list_key", "=", list.key)
          .executeTakeFirst();
    const previousRows = current?.row_count ?? null;
    const refuse = async (reason: string): Promise<SwitchOutcome> => {
      // A first switch wrote the list's row only to hold it: a refused first version leaves the list unloaded.
      if (first)
        await trx
          .deleteFrom("list_current")
          .where("mode", "=", mode)
          .where("list_key", "=", list.key)
          .execute();
      return { status: "rejected", reason, previousRows };
    };
    if (current && current.sha256 === request.sha256) {
      await trx
        .updateTable("list_versions")
        .set({ checked_at: now, etag: request.etag, last_modified: request.lastModified })
        .where("id", "=", current.id)
        .execute();
      return { status: "unchanged", previousRows: current.row_count };
    }
    if (!request.force && request.rows === 0)
      return refuse("no rows: SAT's lists are never empty (a header-only or cut file)");
    if (current && !request.force && request.rows < request.minRowRatio * current.row_count)
      return refuse(
        `${request.rows} rows against ${current.row_count} in the current version (below ${request.minRowRatio} of it)`,
      );
    if (isSubsetList(list)) {
      const complete = LIST_FILES.find((file) => file.article === list.article && file.subList === null);
      if (!complete) throw new Error(`no complete file for article ${list.article}`);
      const hasComplete = await trx
        .selectFrom("list_current")
        .select("version_id")
        .where("mode", "=", mode)
        .where("list_key", "=", complete.key)
        .executeTakeFirst();
      if (hasComplete)
        return refuse(
          `${list.fileName} is part of ${complete.fileName}, which is loaded: import that file instead`,
        );
    }
    if (!first)
      await trx
        .updateTable("list_current")
        .set({ version_id: request.versionId, switched_at: now })
        .where("mode", "=", mode)
        .where("list_key", "=", list.key)
        .execute();
    await trx
      .updateTable("list_versions")
      .set({ status: "current" })
      .where("id", "=", request.versionId)
      .execute();
    const retiredIds = current ? [current.id] : [];
    if (!isSubsetList(list) && list.article !== "69")
      retiredIds.push(...(await dropSubsets(trx, mode, list)));
    if (retiredIds.length > 0)
      await trx
        .updateTable("list_versions")
        .set({ status: "retired" })
        .where("id", "in", retiredIds)
        .execute();
    return { status: "replaced", previousRows };
  });
}

/** A complete file supersedes per-situation files imported by hand earlier (no double counting). */
async function dropSubsets(trx: Db, mode: ListMode, complete: ListFileSpec): Promise<number[]> {
  const subsetKeys = LIST_FILES.filter((file) => file.article === complete.article && isSubsetList(file)).map(
    (file) => file.key,
  );
  const pointers = await trx
    .selectFrom("list_current")
    .select("version_id")
    .where("mode", "=", mode)
    .where("list_key", "in", subsetKeys)
    .execute();
  if (pointers.length === 0) return [];
  await trx.deleteFrom("list_current").where("mode", "=", mode).where("list_key", "in", subsetKeys).execute();
  return pointers.map((pointer) => pointer.version_id);
}
