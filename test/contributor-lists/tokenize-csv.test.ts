import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { CsvSyntaxError, createCsvTokenizer } from "../../src/contributor-lists/tokenize-csv.ts";

/** Our tokenizer fed the text split at `cut`; csv-parse (the reference) gets it whole. */
function tokenizeSplit(text: string, cut: number): string[][] {
  const tokenizer = createCsvTokenizer();
  return [...tokenizer.push(text.slice(0, cut)), ...tokenizer.push(text.slice(cut)), ...tokenizer.end()];
}

function reference(text: string): string[][] {
  return parse(text, { relax_column_count: true, relax_quotes: true });
}

const SAMPLES: Record<string, string> = {
  "quoted commas and CRLF": 'RFC,NOMBRE\r\nAAA010101AAA,"UNO, DOS SA"\r\nBBB020202BBB,TRES\r\n',
  "newline inside quotes": '1,"CONSTRUCTORA, \r\nS.A. DE C.V.",Definitivo\r\n2,"A\nB",x\r\n',
  "escaped quotes": '"DICE ""HOLA""",2\r\n"""",""\r\n',
  "padding and empty lines": "a,b,c\r\n,,\r\n\r\nd,e,f\r\n,,,,,\r\n",
  "LF only, no final newline": "a,b\nc,d",
  "quoted last cell without newline": 'a,"b"',
  "ragged rows": "a\r\nb,c,d,e\r\nf,g\r\n",
  "quote inside an unquoted cell": 'AB "EL" SA,2\r\n',
  "typographic quotes and Ñ": "1,“A&L”, S.C.,ÑAÑ\r\n",
};

describe("createCsvTokenizer", () => {
  for (const [label, text] of Object.entries(SAMPLES)) {
    it(`${label}: same records as csv-parse at every chunk split`, () => {
      const expected = reference(text);
      for (let cut = 0; cut <= text.length; cut++)
        assert.deepEqual(tokenizeSplit(text, cut), expected, `cut at ${cut}`);
    });
  }

  for (const name of ["art69_sample.csv", "69b_bis_split_row.csv"]) {
    it(`${name}: same records as csv-parse at every chunk split`, () => {
      const text = iconv.decode(readFileSync(`test/fixtures/lists/${name}`), "windows-1252");
      const expected = reference(text);
      for (let cut = 0; cut <= text.length; cut += 3) assert.deepEqual(tokenizeSplit(text, cut), expected);
    });
  }

  it("appends text that follows a closing quote (SAT's hand-typed cells)", () => {
    assert.deepEqual(tokenizeSplit('"ABC" SA,2\r\n', 4), [["ABC SA", "2"]]);
  });

  it("rejects an unclosed quote at the end of input", () => {
    const tokenizer = createCsvTokenizer();
    assert.deepEqual(tokenizer.push('a,b\r\nc,"sin cierre\r\nd,e\r\n'), [["a", "b"]]);
    assert.throws(() => tokenizer.end(), CsvSyntaxError);
  });

  it("rejects a record longer than the limit instead of buffering the whole file", () => {
    const tokenizer = createCsvTokenizer(100);
    assert.throws(() => tokenizer.push(`"${"x".repeat(200)}`), CsvSyntaxError);
  });
});
