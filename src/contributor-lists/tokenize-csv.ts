/**
 * Incremental RFC 4180 tokenizer (CRLF/LF/CR, any cell count) as lenient as csv-parse's relax_quotes:
 * stray quotes are kept, text after a closing quote appended. Written because csv-parse alone took
 * 10–12 s per million rows here (bench/lists-parse.ts).
 */
type CsvTokenizer = {
  /** Records completed by this text; an unfinished record is kept for the next call. */
  push(text: string): string[][];
  /** Records left at the end of input; throws CsvSyntaxError on an unclosed quote. */
  end(): string[][];
};

export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
}

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;

export function createCsvTokenizer(maxRecordCharacters = 1 << 20): CsvTokenizer {
  let pending = "";
  let recordNumber = 0;

  function tokenize(text: string, final: boolean): string[][] {
    const records: string[][] = [];
    let position = 0;
    while (position < text.length) {
      const parsed = readRecord(text, position, final);
      if (!parsed) break;
      records.push(parsed.cells);
      recordNumber++;
      position = parsed.next;
    }
    pending = text.slice(position);
    if (pending.length > maxRecordCharacters) {
      throw new CsvSyntaxError(`record ${recordNumber + 1} exceeds ${maxRecordCharacters} characters`);
    }
    if (final && pending.length > 0) throw new CsvSyntaxError(`unclosed quote in record ${recordNumber + 1}`);
    return records;
  }

  return { push: (text) => tokenize(pending + text, false), end: () => tokenize(pending, true) };
}

/** One record from `start`, or null when the text ends inside it (and more input may come). */
function readRecord(text: string, start: number, final: boolean): { cells: string[]; next: number } | null {
  const cells: string[] = [];
  let position = start;
  for (;;) {
    let cell: string;
    if (text.charCodeAt(position) === QUOTE) {
      const quoted = readQuoted(text, position, final);
      if (!quoted) return null;
      cell = quoted.value;
      position = quoted.next;
    } else {
      const end = findCellEnd(text, position);
      cell = text.slice(position, end);
      position = end;
    }
    cells.push(cell);
    if (position >= text.length) return final ? { cells, next: position } : null;
    const code = text.charCodeAt(position);
    if (code === COMMA) {
      position++;
      if (position >= text.length && !final) return null;
      continue;
    }
    if (code === CR && position + 1 >= text.length && !final) return null; // a CRLF may be split
    const next = code === CR && text.charCodeAt(position + 1) === LF ? position + 2 : position + 1;
    return { cells, next };
  }
}

function findCellEnd(text: string, from: number): number {
  let position = from;
  while (position < text.length) {
    const code = text.charCodeAt(position);
    if (code === COMMA || code === LF || code === CR) return position;
    position++;
  }
  return position;
}

function readQuoted(text: string, start: number, final: boolean): { value: string; next: number } | null {
  let value = "";
  let position = start + 1;
  for (;;) {
    const quote = text.indexOf('"', position);
    if (quote < 0) return null;
    if (quote + 1 >= text.length && !final) return null; // a `""` escape may be split across chunks
    value += text.slice(position, quote);
    if (text.charCodeAt(quote + 1) === QUOTE) {
      value += '"';
      position = quote + 2;
      continue;
    }
    const end = findCellEnd(text, quote + 1);
    return { value: value + text.slice(quote + 1, end), next: end };
  }
}
