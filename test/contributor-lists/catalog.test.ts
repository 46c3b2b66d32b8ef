import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LIST_FILES, listFileUrl, syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { recognizeByHeader, recognizeListFile } from "../../src/contributor-lists/recognize-list-file.ts";

function file(key: string) {
  const found = LIST_FILES.find((candidate) => candidate.key === key);
  assert.ok(found, key);
  return found;
}

describe("list file catalog", () => {
  it("holds the 15 files of SAT's 2026 layout with their folders", () => {
    assert.deepEqual(
      LIST_FILES.map(
        (entry) => `${entry.folder.split("_").pop()} ${entry.fileName} ${entry.article} ${entry.subList}`,
      ),
      [
        "AGR Firmes.csv 69 firmes",
        "AGR No_localizados.csv 69 no localizados",
        "AGR Cancelados.csv 69 cancelados",
        "AGR Exigibles.csv 69 exigibles",
        "AGR CSDsinefectos.csv 69 csd sin efectos",
        "AGR EntespublicosydeGobiernoomisos.csv 69 entes públicos omisos",
        "AGR Sentencias.csv 69 sentencias",
        "AGAFF Listado_completo_69-B.csv 69-B null",
        "AGAFF Definitivos.csv 69-B definitivos",
        "AGAFF SentenciasFavorables.csv 69-B sentencias favorables",
        "AGAFF Presuntos.csv 69-B presuntos",
        "AGAFF Desvirtuados.csv 69-B desvirtuados",
        "AGGC Listado_69_B_Bis_Completo.csv 69-B Bis null",
        "AGGC Listado_69_B_Bis_Definitivo.csv 69-B Bis definitivos",
        "AGGC Listado_69_B_Bis_SentenciaFa.csv 69-B Bis sentencias favorables",
      ],
    );
    assert.equal(new Set(LIST_FILES.map((entry) => entry.key)).size, LIST_FILES.length);
  });

  it("syncs the Art. 69 files and the two complete files, not the per-situation subsets", () => {
    assert.deepEqual(
      syncedListFiles().map((entry) => entry.key),
      [
        "69/firmes",
        "69/no-localizados",
        "69/cancelados",
        "69/exigibles",
        "69/csd-sin-efectos",
        "69/entes-publicos-omisos",
        "69/sentencias",
        "69-B/completo",
        "69-B Bis/completo",
      ],
    );
  });

  it("builds URLs under SAT's live base or another base", () => {
    assert.equal(
      listFileUrl(file("69-B/completo")),
      "https://wu1agsprosta001.blob.core.windows.net/agsc-publicaciones/Datos_abiertos/Documents_AGAFF/Listado_completo_69-B.csv",
    );
    assert.equal(
      listFileUrl(file("69/firmes"), "http://127.0.0.1:8081/sat-lists"),
      "http://127.0.0.1:8081/sat-lists/Datos_abiertos/Documents_AGR/Firmes.csv",
    );
  });
});

describe("recognizeListFile", () => {
  it("recognises files by name, including legacy spellings, paths, URLs and percent-encoding", () => {
    assert.equal(recognizeListFile("Listado_Completo_69-B.csv")?.key, "69-B/completo");
    assert.equal(recognizeListFile("/tmp/descargas/listado_completo_69-b.CSV")?.key, "69-B/completo");
    assert.equal(
      recognizeListFile("http://omawww.sat.gob.mx/cifras_sat/Documents/No%20localizados.csv")?.key,
      "69/no-localizados",
    );
    assert.equal(recognizeListFile("Sentencias.csv")?.key, "69/sentencias");
    assert.equal(recognizeListFile("SentenciasFavorables.csv")?.key, "69-B/sentencias-favorables");
    assert.equal(
      recognizeListFile("Listado_69_B_Bis_SentenciaFa.csv")?.key,
      "69-B Bis/sentencias-favorables",
    );
    assert.equal(recognizeListFile("otro.csv"), null);
  });

  it("recognises distinctive headers, and lets a header override a name from another article", () => {
    const bisHeader = [
      "No.",
      "RFC",
      "Nombre del Contribuyente",
      "Situación del contribuyente",
      "Número y fecha de oficio global definitivo SAT",
    ];
    assert.equal(recognizeByHeader(bisHeader)?.key, "69-B Bis/completo");
    assert.equal(
      recognizeByHeader([...bisHeader, "Número y fecha de oficio global de presunción SAT"])?.key,
      "69-B/completo",
    );
    assert.equal(
      recognizeByHeader(["RFC", "NOMBRE O RAZON SOCIAL", "SUPUESTO DE CANCELACION CSD"])?.key,
      "69/csd-sin-efectos",
    );
    assert.equal(
      recognizeByHeader(["RFC", "RAZON SOCIAL", "SUPUESTO", "EJERCICIO", "PERIODO"])?.key,
      "69/entes-publicos-omisos",
    );
    assert.equal(recognizeByHeader(["RFC", "RAZON SOCIAL", "MONTO"])?.key, "69/cancelados");
    assert.equal(
      recognizeByHeader(["RFC", "RAZON SOCIAL", "TIPO PERSONA", "SUPUESTO"])?.key,
      "69/por-supuesto",
    );
    assert.equal(recognizeListFile("Firmes.csv", bisHeader)?.key, "69-B Bis/completo");
    assert.equal(recognizeListFile("Presuntos.csv", [...bisHeader, "presunción SAT"])?.key, "69-B/presuntos");
  });
});
