import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ListFileError } from "../../src/contributor-lists/list-file-error.ts";
import { parseListFile } from "../../src/contributor-lists/parse-list-file.ts";
import { cp1252File, crlf, inChunks, parseAll } from "./list-file-helpers.ts";

const isListFileError = (error: unknown) =>
  error instanceof ListFileError && error.code === "invalid_list_file";

describe("parseListFile on bad input", () => {
  it("rejects a file without an RFC header, both when iterating and through meta", async () => {
    const bytes = cp1252File(crlf("NOMBRE,ENTIDAD", "ALGO,JALISCO"));
    const parsed = parseListFile(inChunks(bytes), "Firmes.csv");
    await assert.rejects(async () => {
      for await (const _entry of parsed) assert.fail("no entry expected");
    }, isListFileError);
    await assert.rejects(parsed.meta, isListFileError);
  });

  it("rejects a header it cannot place in any list", async () => {
    await assert.rejects(
      parseAll(cp1252File(crlf("RFC,OTRA COSA", "AAA010101AAA,X")), "otro.csv"),
      isListFileError,
    );
  });

  it("gives up when no header shows up within the first rows", async () => {
    const preamble = Array.from({ length: 30 }, (_, index) => `línea ${index},,`);
    await assert.rejects(
      parseAll(cp1252File(crlf(...preamble, "RFC,RAZON SOCIAL")), "Firmes.csv"),
      isListFileError,
    );
  });

  it("surfaces a source that fails midway as a ListFileError, never as a silently shorter file", async () => {
    async function* failingSource() {
      yield cp1252File(crlf("RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO", "AAA010101AAA,UNO SA,M,FIRMES"));
      throw new Error("connection reset");
    }
    const parsed = parseListFile(failingSource(), "Firmes.csv");
    const rfcs: string[] = [];
    await assert.rejects(
      async () => {
        for await (const entry of parsed) rfcs.push(entry.rfc);
      },
      (error: unknown) =>
        isListFileError(error) && String((error as Error).message).includes("connection reset"),
    );
    assert.ok(rfcs.every((rfc) => rfc === "AAA010101AAA"));
  });

  it("fails on an unbalanced quote instead of reading the rest of the file as one cell", async () => {
    const bytes = cp1252File(
      crlf("RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO", 'AAA010101AAA,"SIN CIERRE,M,FIRMES'),
    );
    await assert.rejects(parseAll(bytes, "Firmes.csv"), isListFileError);
  });

  it("meta of an empty file rejects", async () => {
    const parsed = parseListFile(inChunks(new Uint8Array()), "Firmes.csv");
    await assert.rejects(async () => {
      for await (const _entry of parsed) assert.fail("no entry expected");
    }, isListFileError);
    await assert.rejects(parsed.meta, isListFileError);
  });
});
