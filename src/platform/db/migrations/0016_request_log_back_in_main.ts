import { type Kysely, sql } from "kysely";
import type { Engine } from "../connect.ts";

/**
 * The request log leaves its own file (decision 0020) for the main one, rows and ids kept: the old
 * file is attached as `requests` while migrations run (old-request-log-file.ts), which removes it
 * after. Safe to run again: rows already copied are not copied twice.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "sqlite") return;
  const { rows: files } = await sql<{ name: string }>`pragma database_list`.execute(db);
  if (!files.some((file) => file.name === "requests")) return;
  const { rows: schema } = await sql<{
    type: string;
    sql: string;
  }>`select type, sql from requests.sqlite_master
    where tbl_name = 'api_requests' and sql is not null order by type = 'table' desc`.execute(db);
  if (schema.length === 0) return;
  const { rows: columns } = await sql<{ name: string }>`pragma requests.table_info(api_requests)`.execute(db);
  const names = sql.join(columns.map((column) => sql.ref(column.name)));
  await db.transaction().execute(async (trx) => {
    // Unqualified, CREATE makes the table and its indexes in the main file.
    for (const { sql: text } of schema)
      await sql.raw(text.replace(/^create (table|index)\s+/i, "create $1 if not exists ")).execute(trx);
    await sql`insert or ignore into main.api_requests (${names})
      select ${names} from requests.api_requests`.execute(trx);
  });
}
