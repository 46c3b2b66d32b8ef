// Write tasks for the write-thread tests: loaded by module URL on the thread, like the service's own.
import { sql } from "kysely";
import type { Db } from "../../src/platform/db/connect.ts";
import { writeTask } from "../../src/platform/db/write-task.ts";

export async function addNote(trx: Db, body: string): Promise<number> {
  await sql`insert into notes (body) values (${body})`.execute(trx);
  const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
  return Number(rows.rows[0].n);
}

/** Writes a note, then fails: the note must not stay. */
export async function addNoteThenFail(trx: Db, body: string): Promise<never> {
  await sql`insert into notes (body) values (${body})`.execute(trx);
  throw new Error(`refused ${body}`);
}

export const addNoteTask = writeTask<string, number>(import.meta.url, "addNote");
export const addNoteThenFailTask = writeTask<string, never>(import.meta.url, "addNoteThenFail");
