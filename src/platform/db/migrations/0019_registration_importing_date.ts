import type { Kysely } from "kysely";
import type { Engine } from "../connect.ts";

// The date of an RFC-list import that wrote and did not publish (yet): readers take its history rows
// for what was published. Found by a lookup of the first later date before, which another mode's
// dates could answer. Set here for an import killed before this version: the same lookup, per mode.
const KEY_RANGES = { live: [0, 2 ** 50], sandbox: [2 ** 50, 2 ** 51] } as const;

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("registration_lists").addColumn("importing_date", "integer").execute();
  const registration = db as Kysely<{
    registered_rfc_changes: { list_date: number; key: number };
    registration_lists: {
      mode: string;
      list: string;
      published_date: number | null;
      importing_date: number | null;
    };
  }>;
  const lists = await registration
    .selectFrom("registration_lists")
    .select(["mode", "published_date"])
    .where("list", "=", "rfc")
    .where("published_date", "is not", null)
    .execute();
  for (const { mode, published_date } of lists) {
    const [start, end] = KEY_RANGES[mode as keyof typeof KEY_RANGES];
    const later = await registration
      .selectFrom("registered_rfc_changes")
      .select((eb) => eb.fn.min("list_date").as("list_date"))
      .where("list_date", ">", published_date as number)
      .where("key", ">=", start)
      .where("key", "<", end)
      .executeTakeFirst();
    if (later?.list_date == null) continue;
    await registration
      .updateTable("registration_lists")
      .set({ importing_date: Number(later.list_date) })
      .where("list", "=", "rfc")
      .where("mode", "=", mode)
      .execute();
  }
}
