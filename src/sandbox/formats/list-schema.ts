import type { ListRow } from "./list-row.ts";

/** How one list file is laid out: preamble lines, header cells, and a row's cells. */
export type ListSchema = {
  /** Declared columns: every line (preamble, padding, data) has this many cells. */
  width: number;
  preamble: (contentDate: Date) => { quoted: string; title: string } | null;
  header: readonly string[];
  cells: (row: ListRow, position: number) => string[];
};
