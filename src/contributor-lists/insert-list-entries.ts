import { CompiledQuery, sql } from "kysely";
import type { Db } from "../platform/db/connect.ts";
import type { PositionedEntry } from "./sort-entries-by-rfc.ts";

const COLUMNS = [
  "version_id",
  "position",
  "rfc",
  "sub_list",
  "situation",
  "name",
  "person_type",
  "state",
  "suppressed",
  "raw",
] as const;

/**
 * Rows per INSERT statement. On SQLite each runs on the request thread (about a millisecond at 250);
 * PostgreSQL loads faster with bigger ones (1M rows: 13 s at 500, 15 s at 250, 17.6 s at 100).
 */
export const INSERT_BATCH_ROWS = 250;

/**
 * One multi-row INSERT (its own short transaction). Built as text because Kysely's builder spends longer
 * compiling a 500-row VALUES list than the database spends running it; the dialect supplies the
 * placeholder style (`?` or `$n`), so the SQL stays engine-neutral.
 */
export async function insertListEntries(
  db: Db,
  versionId: number,
  rows: readonly PositionedEntry[],
): Promise<void> {
  if (rows.length === 0) return;
  const parameters: unknown[] = [];
  for (const { position, entry } of rows) {
    parameters.push(
      versionId,
      position,
      entry.rfc,
      entry.sub_list,
      entry.situation,
      entry.name,
      entry.person_type,
      entry.state,
      entry.suppressed ? 1 : 0,
      entry.raw ? JSON.stringify(entry.raw) : null,
    );
  }
  await db.executeQuery(CompiledQuery.raw(insertText(placeholderStyle(db), rows.length), parameters));
}

// Nearly every statement has INSERT_BATCH_ROWS rows: build each statement text once, not per batch.
const insertTexts = new Map<string, string>();

function insertText(style: "question" | "numbered", rows: number): string {
  const key = `${style}:${rows}`;
  let text = insertTexts.get(key);
  if (!text) {
    const tuples = Array.from({ length: rows }, (_, row) =>
      style === "numbered" ? tupleOf(row * COLUMNS.length) : QUESTION_TUPLE,
    );
    text = `insert into list_entries (${COLUMNS.join(", ")}) values ${tuples.join(", ")}`;
    if (insertTexts.size < 64) insertTexts.set(key, text);
  }
  return text;
}

const QUESTION_TUPLE = `(${COLUMNS.map(() => "?").join(", ")})`;

function tupleOf(base: number): string {
  return `(${COLUMNS.map((_, index) => `$${base + index + 1}`).join(", ")})`;
}

const styles = new WeakMap<Db, "question" | "numbered">();

function placeholderStyle(db: Db): "question" | "numbered" {
  let style = styles.get(db);
  if (!style) {
    style = sql`${1}`.compile(db).sql.startsWith("$") ? "numbered" : "question";
    styles.set(db, style);
  }
  return style;
}
