import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import { parse } from "csv-parse/sync";
import { encodeCp1252 } from "../../../src/sandbox/formats/encode-cp1252.ts";
import {
  LIST_FILES,
  type ListRow,
  listFilePath,
  writeListFile,
} from "../../../src/sandbox/formats/list-files.ts";

const FIXTURES = new URL("../../fixtures/lists/", import.meta.url);
const CONTENT_DATE = new Date("2025-12-31T00:00:00Z");
const decode = (bytes: Uint8Array) => new TextDecoder("windows-1252").decode(bytes);
const lines = (bytes: Uint8Array) => decode(bytes).split("\r\n");
const cp1252 = (text: string) => encodeCp1252(text);

// Header lines as research §1.4–1.6 gives them.
const ART69_BASE = "RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO,FECHA DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA";
const ART69B_HEADER =
  "No,RFC,Nombre del Contribuyente,Situación del contribuyente,Número y fecha de oficio global de presunción SAT,Publicación página SAT presuntos,Número y fecha de oficio global de presunción DOF,Publicación DOF presuntos,Número y fecha de oficio global de contribuyentes que desvirtuaron SAT,Publicación página SAT desvirtuados,Número y fecha de oficio global de contribuyentes que desvirtuaron DOF,Publicación DOF desvirtuados,Número y fecha de oficio global de definitivos SAT,Publicación página SAT definitivos,Número y fecha de oficio global de definitivos DOF,Publicación DOF definitivos,Número y fecha de oficio global de sentencia favorable SAT,Publicación página SAT sentencia favorable,Número y fecha de oficio global de sentencia favorable DOF,Publicación DOF sentencia favorable";
const BIS_HEADER =
  "No.,RFC,Nombre del Contribuyente,Situación del contribuyente,Número y fecha de oficio global definitivo SAT,Publicación página SAT definitivo,Número y fecha de oficio global definitivo DOF,Publicación DOF definitivo,Número y fecha de oficio global de sentencia favorable SAT,Publicación página SAT sentencia favorable,Número y fecha de oficio global de sentencia favorable DOF,Publicación DOF sentencia favorable";

const AWKWARD: ListRow[] = [
  { rfc: "AAL081211JP0", name: "“A&L CONSULTORES”, S.C.", situation: "Definitivo" },
  {
    rfc: "CPH061010RB7",
    name: "CONSTRUCTORA DE PROYECTOS HIDROELECTRICOS, \r\nS.A. DE C.V.",
    situation: "Definitivo",
  },
  { rfc: "ÑAÑ140114GY4", name: 'EL "BUEN" AÑO SA DE CV', situation: "Presunto" },
  { rfc: "&BC040317UN0", name: "B&C, SERVICIOS", situation: "Desvirtuado" },
  {
    rfc: "XXXXXXXXXXXX",
    name: "Información suprimida en cumplimiento a la declaratoria de nulidad emitida por la Segunda Sala Regional Hidalgo México.",
    situation: "Presunto",
  },
  { rfc: "ZZZ010101ZZ1", name: "EMOJI 😀 Y ĀĒ FUERA DE CP1252", situation: "Presunto" },
];

describe("writeListFile", () => {
  it("catalogs the 15 official files with their exact names and folders", () => {
    assert.equal(LIST_FILES.length, 15);
    const paths = LIST_FILES.map(listFilePath);
    assert.ok(paths.includes("Datos_abiertos/Documents_AGAFF/Listado_completo_69-B.csv"));
    assert.ok(paths.includes("Datos_abiertos/Documents_AGR/EntespublicosydeGobiernoomisos.csv"));
    assert.ok(paths.includes("Datos_abiertos/Documents_AGGC/Listado_69_B_Bis_SentenciaFa.csv"));
    assert.equal(new Set(paths).size, 15);
  });

  it("writes every cataloged file with CRLF-terminated lines and trailing comma padding", () => {
    for (const entry of LIST_FILES) {
      const bytes = writeListFile(entry.file, AWKWARD, { contentDate: CONTENT_DATE });
      const text = decode(bytes);
      assert.ok(text.endsWith("\r\n"), entry.file);
      assert.equal(text.replaceAll("\r\n", "").includes("\n"), false, `${entry.file}: bare LF`);
      const all = lines(bytes);
      assert.match(all.at(-2)!, /^,+$/, entry.file);
    }
  });

  it("reproduces the Art. 69 fixture byte for byte", async () => {
    const expected = await readFile(new URL("art69_sample.csv", FIXTURES));
    const rows: ListRow[] = [
      {
        rfc: "AAG090703QT6",
        name: "APLICA AGUASCALIENTES SA DE CV",
        personType: "M",
        situation: "FIRMES",
        publishedDate: "01/01/2014",
        state: "CIUDAD DE MEXICO",
      },
      {
        rfc: "AAAA730727JE3",
        name: "ALTAMIRANO ABENDAÑO ALEJANDRO",
        personType: "F",
        situation: "NO LOCALIZADOS",
        publishedDate: "15/03/2019",
        state: "JALISCO",
      },
      {
        rfc: "BBB020202BBB",
        name: "EMPRESA SIN SUPUESTO SA DE CV",
        personType: "",
        situation: "",
        publishedDate: "10/10/2020",
        state: "NUEVO LEON",
      },
    ];
    const written = writeListFile("Firmes.csv", rows, { contentDate: CONTENT_DATE, paddingRows: 0 });
    assert.deepEqual(written, expected);
  });

  it("reproduces the 69-B Bis fixture (preamble, quoted newline) byte for byte", async () => {
    const expected = await readFile(new URL("69b_bis_split_row.csv", FIXTURES));
    const rows: ListRow[] = [
      {
        rfc: "AAA010101AAA",
        name: "PRIMERA EMPRESA",
        situation: "Definitivo",
        definitive: { sat: { oficio: "900-04-2024-79 de 24 de enero de 2024", published: "24/01/2024" } },
      },
      {
        rfc: "CPH061010RB7",
        name: "CONSTRUCTORA DE PROYECTOS HIDROELECTRICOS, \r\nS.A. DE C.V.",
        situation: "Definitivo",
        definitive: {
          sat: { oficio: "900-04-00-00-00-2024-80 de 25 de enero de 2024", published: "25/01/2024" },
        },
      },
      {
        rfc: "BBB020202BBB",
        name: "TERCERA EMPRESA",
        situation: "Sentencia Favorable",
        favorableRuling: {
          sat: { oficio: "900-04-2024-81 de 26 de enero de 2024", published: "26/01/2024" },
        },
      },
    ];
    const written = writeListFile("Listado_69_B_Bis_Completo.csv", rows, {
      contentDate: new Date("2026-03-12T00:00:00Z"),
      paddingRows: 0,
    });
    assert.deepEqual(written, expected);
  });

  it("writes the official header lines byte for byte", () => {
    const header = (file: string, index: number) =>
      writeListFile(file, [], { contentDate: CONTENT_DATE }).toString("latin1").split("\r\n")[index];
    const bytes = (text: string) => cp1252(text).toString("latin1");
    for (const file of ["Firmes.csv", "No_localizados.csv", "Exigibles.csv"]) {
      assert.equal(header(file, 0), bytes(ART69_BASE));
    }
    assert.equal(
      header("Sentencias.csv", 0),
      bytes("RFC,RAZÓN SOCIAL,TIPO PERSONA,SUPUESTO,FECHAS DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA"),
    );
    assert.equal(header("Listado_completo_69-B.csv", 2), bytes(ART69B_HEADER));
    assert.equal(
      header("Listado_completo_69-B.csv", 1),
      bytes("Listado completo de contribuyentes (Artículo 69-B del CFF),,,,,,,,,,,,,,,,,,,"),
    );
    assert.equal(header("Presuntos.csv", 2), bytes(`No.${ART69B_HEADER.slice(2)},,,`));
    assert.equal(header("Listado_69_B_Bis_Completo.csv", 2), bytes(BIS_HEADER));
  });

  it("states the content date in the 69-B preamble and pads it to 20 columns", () => {
    const first = lines(writeListFile("Definitivos.csv", [], { contentDate: CONTENT_DATE }))[0];
    assert.match(first, /^"Información actualizada al 31 de diciembre de 2025; [^"]*",{19}$/);
    const presuntos = lines(
      writeListFile("Presuntos.csv", [], { contentDate: new Date("2026-05-01T00:00:00Z") }),
    )[0];
    assert.match(presuntos, /^"Información actualizada al 1 de mayo de 2026; [^"]*",{22}$/);
  });

  it("writes the Art. 69 column variants", () => {
    const row: ListRow = {
      rfc: "AARA800101AB1",
      name: "AARON ADAN ALANIS JIMENEZ",
      personType: "F",
      situation: "CANCELADOS POR INCOSTEABILIDAD",
      publishedDate: "30/06/2023",
      cancelledDate: "15/05/2023",
      amount: "$426",
      state: "NUEVO LEON",
      fiscalYear: "2024",
      period: "12",
      certificateSerial: "00001000000504204971",
    };
    const dataLine = (file: string) => lines(writeListFile(file, [row], { contentDate: CONTENT_DATE }))[1];
    assert.equal(
      dataLine("Cancelados.csv"),
      "AARA800101AB1,AARON ADAN ALANIS JIMENEZ,F,CANCELADOS POR INCOSTEABILIDAD,15/05/2023,$426,30/06/2023,NUEVO LEON",
    );
    assert.equal(
      dataLine("EntespublicosydeGobiernoomisos.csv"),
      "AARA800101AB1,AARON ADAN ALANIS JIMENEZ,CANCELADOS POR INCOSTEABILIDAD,2024,12,30/06/2023",
    );
    const csdHeader = lines(writeListFile("CSDsinefectos.csv", [], { contentDate: CONTENT_DATE }))[0];
    assert.ok(csdHeader.startsWith("RFC,NOMBRE O RAZON SOCIAL,"));
    assert.ok(csdHeader.includes("SUPUESTO DE CANCELACION CSD"));
    assert.equal(csdHeader.includes("TIPO PERSONA") || csdHeader.includes("ENTIDAD FEDERATIVA"), false);
  });

  it("round-trips awkward names through csv-parse (quotes, commas, quoted newline, Ñ, &, suppressed rows)", () => {
    const bytes = writeListFile("Listado_completo_69-B.csv", AWKWARD, { contentDate: CONTENT_DATE });
    const records: string[][] = parse(decode(bytes), { relaxColumnCount: false, skipEmptyLines: false });
    const data = records.slice(3).filter((record) => record.some((cell) => cell !== ""));
    assert.equal(data.length, AWKWARD.length);
    for (const record of records) assert.equal(record.length, 20);
    assert.deepEqual(
      data.map((record) => [record[0], record[1], record[2], record[3]]),
      AWKWARD.map((row, index) => [
        String(index + 1),
        row.rfc,
        row.name.replace("😀", "?").replace("ĀĒ", "??"),
        row.situation,
      ]),
    );
    assert.ok(data[1][2].includes("\r\n"), "quoted newline survives");
  });

  it("every file parses with csv-parse into fixed-width records whose RFC and name columns round-trip", () => {
    for (const entry of LIST_FILES) {
      const bytes = writeListFile(entry.file, AWKWARD, { contentDate: CONTENT_DATE });
      const records: string[][] = parse(decode(bytes));
      const width = records[0].length;
      assert.ok(
        records.every((record) => record.length === width),
        entry.file,
      );
      const headerIndex = records.findIndex((record) => record.includes("RFC"));
      assert.equal(headerIndex, entry.article === "69" ? 0 : 2, entry.file);
      const rfcColumn = records[headerIndex].indexOf("RFC");
      const data = records.slice(headerIndex + 1).filter((record) => record.some((cell) => cell !== ""));
      assert.deepEqual(
        data.map((record) => [record[rfcColumn], record[rfcColumn + 1]]),
        AWKWARD.map((row) => [row.rfc, row.name.replace("😀", "?").replace("ĀĒ", "??")]),
        entry.file,
      );
      assert.deepEqual(
        writeListFile(entry.file, AWKWARD, { contentDate: CONTENT_DATE }),
        bytes,
        "deterministic",
      );
    }
  });

  it("encodes as cp1252: Ñ is one byte, typographic quotes are 0x93/0x94, U+008D is the raw 0x8D byte", () => {
    const bytes = writeListFile(
      "CSDsinefectos.csv",
      [{ rfc: "ÑEX121116KM4", name: "“DIESS” INGENIERÍA\u008D" }],
      { contentDate: CONTENT_DATE },
    );
    const line = bytes.subarray(bytes.indexOf(0xd1));
    assert.equal(line[0], 0xd1);
    assert.ok(bytes.includes(Buffer.from([0x93])) && bytes.includes(Buffer.from([0x94])));
    assert.ok(bytes.includes(Buffer.from([0xcd, 0x41, 0x8d])));
    assert.equal(bytes.includes(Buffer.from("Ñ", "utf8")), false);
  });

  it("rejects a file name SAT does not publish", () => {
    assert.throws(() => writeListFile("Listado_Completo_69-B.csv", [], { contentDate: CONTENT_DATE }), {
      name: "UnknownListFileError",
    });
  });
});
