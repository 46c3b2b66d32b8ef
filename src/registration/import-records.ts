import type { Db } from "../platform/db/connect.ts";
import type { ListMode, RegistrationList } from "../platform/db/schema.ts";

export async function readPublishedState(db: Db, mode: ListMode, list: RegistrationList) {
  const row = await db
    .selectFrom("registration_lists")
    .select(["published_date", "first_date", "version", "row_count"])
    .where((eb) => eb.and({ mode, list }))
    .executeTakeFirst();
  return row ?? { published_date: null, first_date: null, version: null, row_count: 0 };
}

/** The import's own row (its id is the certificate list's version). */
export async function startImportRecord(db: Db, mode: ListMode, list: RegistrationList, listDate: number) {
  const row = await db
    .insertInto("registration_imports")
    .values({ mode, list, list_date: listDate, status: "loading", started_at: Date.now(), row_count: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type Publication = {
  mode: ListMode;
  list: RegistrationList;
  importId: number;
  listDate: number;
  rows: number;
  source: string;
  signers: unknown;
};

/**
 * Makes an imported date what readers see, in one short transaction: they read the published date
 * (and version) with every answer, so they see the old date or the new one, never a mix.
 */
export async function publishImport(db: Db, publication: Publication): Promise<void> {
  const { mode, list, importId, listDate } = publication;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("registration_lists")
      .set((eb) => ({
        published_date: listDate,
        importing_date: null,
        first_date: eb.fn.coalesce("first_date", eb.val(listDate)),
        version: list === "certificates" ? importId : null,
        row_count: publication.rows,
        published_at: now,
        source: publication.source,
        signers: JSON.stringify(publication.signers),
      }))
      .where((eb) => eb.and({ mode, list }))
      .execute();
    await trx
      .updateTable("registration_imports")
      .set({ status: "retired" })
      .where((eb) => eb.and({ mode, list, status: "current" }))
      .execute();
    await trx
      .updateTable("registration_imports")
      .set({ status: "current", finished_at: now, row_count: publication.rows })
      .where("id", "=", importId)
      .execute();
  });
}

export async function failImportRecord(db: Db, importId: number, detail: string): Promise<void> {
  await db
    .updateTable("registration_imports")
    .set({ status: "failed", finished_at: Date.now(), detail })
    .where("id", "=", importId)
    .execute();
}

/**
 * Tells readers that the mode's RFC list is being rewritten for `listDate`: until it is published they
 * answer from that date's history rows. Set after a killed import is undone, before a row is written.
 */
export async function markImporting(db: Db, mode: ListMode, listDate: number): Promise<void> {
  await db
    .updateTable("registration_lists")
    .set({ importing_date: listDate })
    .where((eb) => eb.and({ mode, list: "rfc" }))
    .execute();
}
