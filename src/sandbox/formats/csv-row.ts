const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV cell the way SAT's files quote it: double quotes only when needed, inner quotes doubled. */
function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV record (no line terminator); missing trailing cells are padded to `width`. */
export function csvRow(cells: readonly string[], width = cells.length): string {
  const padded = cells.length < width ? [...cells, ...Array(width - cells.length).fill("")] : cells;
  return padded.map(csvCell).join(",");
}

/** A preamble line: the first cell always quoted (as in SAT's 69-B files), then padding commas. */
export function preambleRow(text: string, width: number): string {
  return `"${text.replaceAll('"', '""')}"${",".repeat(width - 1)}`;
}

/** Trailing rows of bare commas that SAT leaves at the end of its exports. */
export function paddingRows(count: number, width: number): string[] {
  return Array.from({ length: count }, () => ",".repeat(width - 1));
}
