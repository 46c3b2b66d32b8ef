import assert from "node:assert/strict";
import { createReadStream } from "node:fs";
import { describe, it } from "node:test";
import type { ListEntry } from "../../src/contributor-lists/list-entry.ts";
import { parseListFile } from "../../src/contributor-lists/parse-list-file.ts";

const LISTS = "test/fixtures/lists";

async function parseFixture(name: string) {
  const parsed = parseListFile(createReadStream(`${LISTS}/${name}`), name);
  const entries: ListEntry[] = [];
  for await (const entry of parsed) entries.push(entry);
  return { entries, meta: await parsed.meta, stats: parsed.stats };
}

describe("SAT list fixtures", () => {
  it("art69_sample.csv: every entry, SUPUESTO deciding the sub-list, empty SUPUESTO and TIPO PERSONA", async () => {
    const { entries, meta, stats } = await parseFixture("art69_sample.csv");
    assert.equal(meta.list.article, "69");
    assert.equal(meta.contentDate, null);
    assert.deepEqual(stats, { entries: 3, suppressed: 0, skippedRows: 0, unknownSituations: 0 });
    assert.deepEqual(entries, [
      {
        rfc: "AAG090703QT6",
        article: "69",
        sub_list: "firmes",
        situation: "FIRMES",
        name: "APLICA AGUASCALIENTES SA DE CV",
        person_type: "M",
        state: "CIUDAD DE MEXICO",
        suppressed: false,
        raw: { "FECHA DE PRIMERA PUBLICACION": "01/01/2014" },
      },
      {
        rfc: "AAAA730727JE3",
        article: "69",
        sub_list: "no localizados",
        situation: "NO LOCALIZADOS",
        name: "ALTAMIRANO ABENDAÑO ALEJANDRO",
        person_type: "F",
        state: "JALISCO",
        suppressed: false,
        raw: { "FECHA DE PRIMERA PUBLICACION": "15/03/2019" },
      },
      {
        rfc: "BBB020202BBB",
        article: "69",
        sub_list: "firmes",
        situation: "",
        name: "EMPRESA SIN SUPUESTO SA DE CV",
        person_type: "M",
        state: "NUEVO LEON",
        suppressed: false,
        raw: { "FECHA DE PRIMERA PUBLICACION": "10/10/2020" },
      },
    ]);
  });

  it("the same bytes named Firmes.csv are recognised as the firmes file", async () => {
    const parsed = parseListFile(createReadStream(`${LISTS}/art69_sample.csv`), "Firmes.csv");
    const subLists: string[] = [];
    for await (const entry of parsed) subLists.push(entry.sub_list);
    assert.equal((await parsed.meta).list.key, "69/firmes");
    assert.deepEqual(subLists, ["firmes", "no localizados", "firmes"]);
  });

  it("69b_bis_split_row.csv: every entry, the name split over two lines, content date", async () => {
    const { entries, meta, stats } = await parseFixture("69b_bis_split_row.csv");
    assert.equal(meta.list.key, "69-B Bis/completo");
    assert.equal(meta.contentDate, "2026-03-12");
    assert.equal(meta.preamble.length, 2);
    assert.equal(meta.header.length, 12);
    assert.deepEqual(stats, { entries: 3, suppressed: 0, skippedRows: 0, unknownSituations: 0 });
    const common = { article: "69-B Bis", person_type: "M", state: "", suppressed: false } as const;
    assert.deepEqual(entries, [
      {
        ...common,
        rfc: "AAA010101AAA",
        sub_list: "definitivos",
        situation: "Definitivo",
        name: "PRIMERA EMPRESA",
        raw: {
          "No.": "1",
          "Número y fecha de oficio global definitivo SAT": "900-04-2024-79 de 24 de enero de 2024",
          "Publicación página SAT definitivo": "24/01/2024",
        },
      },
      {
        ...common,
        rfc: "CPH061010RB7",
        sub_list: "definitivos",
        situation: "Definitivo",
        name: "CONSTRUCTORA DE PROYECTOS HIDROELECTRICOS, S.A. DE C.V.",
        raw: {
          "No.": "2",
          "Número y fecha de oficio global definitivo SAT": "900-04-00-00-00-2024-80 de 25 de enero de 2024",
          "Publicación página SAT definitivo": "25/01/2024",
        },
      },
      {
        ...common,
        rfc: "BBB020202BBB",
        sub_list: "sentencias favorables",
        situation: "Sentencia Favorable",
        name: "TERCERA EMPRESA",
        raw: {
          "No.": "3",
          "Número y fecha de oficio global de sentencia favorable SAT":
            "900-04-2024-81 de 26 de enero de 2024",
          "Publicación página SAT sentencia favorable": "26/01/2024",
        },
      },
    ]);
  });
});

describe("parseListFile batches", () => {
  it("yields the same entries grouped per input chunk", async () => {
    const { entries } = await parseFixture("69b_bis_split_row.csv");
    const parsed = parseListFile(
      createReadStream(`${LISTS}/69b_bis_split_row.csv`, { highWaterMark: 64 }),
      "x.csv",
    );
    const batches: ListEntry[][] = [];
    for await (const batch of parsed.batches) batches.push(batch);
    assert.ok(batches.length > 1, "small chunks give several batches");
    assert.ok(batches.every((batch) => batch.length > 0));
    assert.deepEqual(batches.flat(), entries);
  });
});
