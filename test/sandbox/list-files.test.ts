import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { LIST_FILES } from "../../src/sandbox/formats/list-files.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";

// Official header lines (research §1.4–1.6), written here as the research gives them.
const ART69_BASE = "RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO,FECHA DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA";
const ART69_SENTENCIAS =
  "RFC,RAZÓN SOCIAL,TIPO PERSONA,SUPUESTO,FECHAS DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA";
const ART69B_COLUMNS =
  "RFC,Nombre del Contribuyente,Situación del contribuyente,Número y fecha de oficio global de presunción SAT,Publicación página SAT presuntos,Número y fecha de oficio global de presunción DOF,Publicación DOF presuntos,Número y fecha de oficio global de contribuyentes que desvirtuaron SAT,Publicación página SAT desvirtuados,Número y fecha de oficio global de contribuyentes que desvirtuaron DOF,Publicación DOF desvirtuados,Número y fecha de oficio global de definitivos SAT,Publicación página SAT definitivos,Número y fecha de oficio global de definitivos DOF,Publicación DOF definitivos,Número y fecha de oficio global de sentencia favorable SAT,Publicación página SAT sentencia favorable,Número y fecha de oficio global de sentencia favorable DOF,Publicación DOF sentencia favorable";
const ART69B_HEADER = `No,${ART69B_COLUMNS}`;
const ART69B_BIS_HEADER =
  "No.,RFC,Nombre del Contribuyente,Situación del contribuyente,Número y fecha de oficio global definitivo SAT,Publicación página SAT definitivo,Número y fecha de oficio global definitivo DOF,Publicación DOF definitivo,Número y fecha de oficio global de sentencia favorable SAT,Publicación página SAT sentencia favorable,Número y fecha de oficio global de sentencia favorable DOF,Publicación DOF sentencia favorable";

const cp1252 = (text: string) => iconv.encode(text, "win1252");

let sandbox: RunningSandbox;
const files = new Map<string, Buffer>();

before(async () => {
  sandbox = await startSandbox({ seed: 3, size: 3000, timeScale: 0 });
  for (const entry of LIST_FILES) {
    const response = await fetch(`${sandbox.url}/Datos_abiertos/${entry.folder}/${entry.file}`);
    assert.equal(response.status, 200, entry.file);
    files.set(entry.file, Buffer.from(await response.arrayBuffer()));
  }
});
after(() => sandbox.close());

/** The n-th CRLF-terminated line's bytes. */
function lineBytes(bytes: Buffer, index: number): Buffer {
  let start = 0;
  for (let i = 0; i < index; i++) start = bytes.indexOf("\r\n", start) + 2;
  return bytes.subarray(start, bytes.indexOf("\r\n", start));
}

describe("generated contributor-list files", () => {
  it("header lines equal the official ones byte for byte (cp1252)", () => {
    for (const file of ["Firmes.csv", "No_localizados.csv", "Exigibles.csv"]) {
      assert.ok(lineBytes(files.get(file)!, 0).equals(cp1252(ART69_BASE)), file);
    }
    assert.ok(lineBytes(files.get("Sentencias.csv")!, 0).equals(cp1252(ART69_SENTENCIAS)));
    const complete = files.get("Listado_completo_69-B.csv")!;
    assert.ok(
      lineBytes(complete, 1).equals(
        cp1252("Listado completo de contribuyentes (Artículo 69-B del CFF),,,,,,,,,,,,,,,,,,,"),
      ),
    );
    assert.ok(lineBytes(complete, 2).equals(cp1252(ART69B_HEADER)));
    for (const file of ["Definitivos.csv", "Desvirtuados.csv", "SentenciasFavorables.csv"]) {
      assert.ok(lineBytes(files.get(file)!, 2).equals(cp1252(ART69B_HEADER)), file);
    }
    assert.ok(lineBytes(files.get("Presuntos.csv")!, 2).equals(cp1252(`No.,${ART69B_COLUMNS},,,`)));
    for (const file of [
      "Listado_69_B_Bis_Completo.csv",
      "Listado_69_B_Bis_Definitivo.csv",
      "Listado_69_B_Bis_SentenciaFa.csv",
    ]) {
      assert.ok(lineBytes(files.get(file)!, 2).equals(cp1252(ART69B_BIS_HEADER)), file);
    }
  });

  it("bytes are cp1252 (no UTF-8 sequences), CRLF, and parse as CSV", () => {
    for (const [file, bytes] of files) {
      assert.ok(!bytes.includes(Buffer.from("Ã")), `${file} looks like UTF-8`);
      const text = iconv.decode(bytes, "win1252");
      assert.ok(
        !/[^\r]\n(?![^"]*"(?:,|\r))/.test(text.replace(/"[^"]*"/g, '""')),
        `${file}: bare LF outside quotes`,
      );
      const rows = parse(text, { relax_column_count: true }) as string[][];
      assert.ok(rows.length >= 2, file);
    }
  });

  it("every 69-B and 69-B Bis file has a quoted newline and a suppressed row", () => {
    for (const entry of LIST_FILES.filter((e) => e.article !== "69")) {
      const text = iconv.decode(files.get(entry.file)!, "win1252");
      const rows = parse(text, { relax_column_count: true, from_line: 3 }) as string[][];
      assert.ok(
        rows.some((row) => row[2]?.includes("\n")),
        `${entry.file}: no quoted newline`,
      );
      assert.ok(
        rows.some((row) => row[1] === "XXXXXXXXXXXX"),
        `${entry.file}: no suppressed row`,
      );
    }
  });

  it("Ñ and & RFCs come out as cp1252 bytes", () => {
    const all = Buffer.concat([...files.values()]);
    assert.ok(all.includes(Buffer.from([0xd1])), "Ñ (0xD1)");
    const text = iconv.decode(all, "win1252");
    assert.match(text, /\n(?:\d+,)?&[A-Z]{2}\d{6}/);
    assert.match(text, /\n(?:\d+,)?Ñ/);
  });
});
