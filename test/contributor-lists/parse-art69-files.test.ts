import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cp1252File, crlf, parseAll } from "./list-file-helpers.ts";

describe("Art. 69 header variants", () => {
  it("Cancelados: 8 columns, SUPUESTO variants, amounts and dates kept raw, quoted commas", async () => {
    const bytes = cp1252File(
      crlf(
        "RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO,FECHA DE PUBLICACION,MONTO,FECHA DE CANCELACION,ENTIDAD FEDERATIVA",
        'AAAA800101AB1,AARON ADAN ALANIS JIMENEZ,F,CANCELADOS POR INCOSTEABILIDAD,30/06/2023,"$1,426",15/05/2023,NUEVO LEON',
        '"BCD010203XY1","CONSTRUCCIONES, OBRAS Y MÁS SA",M,CANCELADOS POR INSOLVENCIA,01/01/2020,$0,44014,"MÉXICO"',
        ",,,,,,,",
      ),
    );
    const { entries, parsed } = await parseAll(bytes, "Cancelados.csv");
    assert.equal((await parsed.meta).list.key, "69/cancelados");
    assert.deepEqual(entries, [
      {
        rfc: "AAAA800101AB1",
        article: "69",
        sub_list: "cancelados",
        situation: "CANCELADOS POR INCOSTEABILIDAD",
        name: "AARON ADAN ALANIS JIMENEZ",
        person_type: "F",
        state: "NUEVO LEON",
        suppressed: false,
        raw: { "FECHA DE PUBLICACION": "30/06/2023", MONTO: "$1,426", "FECHA DE CANCELACION": "15/05/2023" },
      },
      {
        rfc: "BCD010203XY1",
        article: "69",
        sub_list: "cancelados",
        situation: "CANCELADOS POR INSOLVENCIA",
        name: "CONSTRUCCIONES, OBRAS Y MÁS SA",
        person_type: "M",
        state: "MÉXICO",
        suppressed: false,
        raw: { "FECHA DE PUBLICACION": "01/01/2020", MONTO: "$0", "FECHA DE CANCELACION": "44014" },
      },
    ]);
  });

  it("Sentencias: accented RAZÓN SOCIAL and plural FECHAS header, recognised from the header alone", async () => {
    const bytes = cp1252File(
      crlf(
        "RFC,RAZÓN SOCIAL,TIPO PERSONA,SUPUESTO,FECHAS DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA",
        "PEÑ850505AB1,PEÑAFIEL Y CÍA SA,M,SENTENCIAS,17/10/2019 27/08/2018,YUCATÁN",
      ),
    );
    const { entries, parsed } = await parseAll(bytes, "descarga.csv");
    assert.equal((await parsed.meta).list.key, "69/sentencias");
    assert.deepEqual(entries, [
      {
        rfc: "PEÑ850505AB1",
        article: "69",
        sub_list: "sentencias",
        situation: "SENTENCIAS",
        name: "PEÑAFIEL Y CÍA SA",
        person_type: "M",
        state: "YUCATÁN",
        suppressed: false,
        raw: { "FECHAS DE PRIMERA PUBLICACION": "17/10/2019 27/08/2018" },
      },
    ]);
  });

  it("Entes públicos omisos: no TIPO PERSONA (derived from RFC length), EJERCICIO and PERIODO, repeated RFC", async () => {
    const bytes = cp1252File(
      crlf(
        "RFC,RAZON SOCIAL,SUPUESTO,EJERCICIO,PERIODO,ENTIDAD FEDERATIVA",
        "MCH850101AB1,MUNICIPIO DE CHAMPOTÓN,OMISOS,2024,ENERO,CAMPECHE",
        "MCH850101AB1,MUNICIPIO DE CHAMPOTÓN,OMISOS,2024,FEBRERO,CAMPECHE",
      ),
    );
    const { entries, parsed } = await parseAll(bytes, "EntespublicosydeGobiernoomisos.csv");
    assert.equal((await parsed.meta).list.key, "69/entes-publicos-omisos");
    assert.deepEqual(
      entries,
      ["ENERO", "FEBRERO"].map((PERIODO) => ({
        rfc: "MCH850101AB1",
        article: "69",
        sub_list: "entes públicos omisos",
        situation: "OMISOS",
        name: "MUNICIPIO DE CHAMPOTÓN",
        person_type: "M",
        state: "CAMPECHE",
        suppressed: false,
        raw: { EJERCICIO: "2024", PERIODO },
      })),
    );
  });

  it("CSD sin efectos: NOMBRE O RAZON SOCIAL, fractions as situation, and a 0x8D byte that must not end the file", async () => {
    const bytes = cp1252File(
      crlf(
        "RFC,NOMBRE O RAZON SOCIAL,SUPUESTO DE CANCELACION CSD,FECHA DE PUBLICACION,FECHA DE ACTUALIZACION,OBSERVACIONES",
        "AAA010101AAA,PRIMERA SA,FRACCION X,01/02/2026,,",
      ),
      '"DDE0101019Z3","DIESS DESARROLLO, INGENIER',
      [0xcd, 0x8d],
      ' Y ESTRATEGIA DE SISTEMAS",FRACCION XI,02/02/2026,,\r\n',
      crlf(
        "GOMA800101AB1,GÓMEZ MARTÍNEZ ANA,FRACCION X,03/02/2026,,",
        "XYZ0202029A1,ÚLTIMA FILA SA,FRACCION IX,04/02/2026,,",
      ),
    );
    const { entries, parsed } = await parseAll(bytes, "CSDsinefectos.csv");
    assert.equal((await parsed.meta).list.key, "69/csd-sin-efectos");
    assert.deepEqual(
      entries.map(({ raw: _raw, ...entry }) => entry),
      [
        ["AAA010101AAA", "PRIMERA SA", "FRACCION X", "M"],
        ["DDE0101019Z3", "DIESS DESARROLLO, INGENIERÍ\uFFFD Y ESTRATEGIA DE SISTEMAS", "FRACCION XI", "M"],
        ["GOMA800101AB1", "GÓMEZ MARTÍNEZ ANA", "FRACCION X", "F"],
        ["XYZ0202029A1", "ÚLTIMA FILA SA", "FRACCION IX", "M"],
      ].map(([rfc, name, situation, person_type]) => ({
        rfc,
        article: "69",
        sub_list: "csd sin efectos",
        situation,
        name,
        person_type,
        state: "",
        suppressed: false,
      })),
    );
    assert.deepEqual(entries[3].raw, { "FECHA DE PUBLICACION": "04/02/2026" });
  });

  it("Firmes: padding rows skipped, RFCs with & and Ñ, repeated RFCs kept, odd RFC lengths without a person type", async () => {
    const bytes = cp1252File(
      crlf(
        "RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO,FECHA DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA",
        "AL&081211JP0,A&L SA,M,FIRMES,01/01/2014,JALISCO",
        ",,,,,",
        "ÑEX121116KM4,ÑEXUS SA,,FIRMES,01/01/2014,",
        "ÑEX121116KM4,ÑEXUS SA,,FIRMES,02/02/2015,",
        "ABC123,RFC CORTO,,FIRMES,,",
        ",SIN RFC,,FIRMES,,",
        ",,,,,",
        "",
      ),
    );
    const { entries, parsed } = await parseAll(bytes, "Firmes.csv");
    assert.deepEqual(
      entries.map((entry) => [
        entry.rfc,
        entry.name,
        entry.person_type,
        entry.sub_list,
        entry.state,
        entry.raw,
      ]),
      [
        [
          "AL&081211JP0",
          "A&L SA",
          "M",
          "firmes",
          "JALISCO",
          { "FECHA DE PRIMERA PUBLICACION": "01/01/2014" },
        ],
        ["ÑEX121116KM4", "ÑEXUS SA", "M", "firmes", "", { "FECHA DE PRIMERA PUBLICACION": "01/01/2014" }],
        ["ÑEX121116KM4", "ÑEXUS SA", "M", "firmes", "", { "FECHA DE PRIMERA PUBLICACION": "02/02/2015" }],
        ["ABC123", "RFC CORTO", "", "firmes", "", undefined],
      ],
    );
    assert.deepEqual(parsed.stats, { entries: 4, suppressed: 0, skippedRows: 1, unknownSituations: 0 });
  });
});

describe("a list re-saved as UTF-8 with a BOM", () => {
  it("is read as UTF-8", async () => {
    const text = crlf("RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO", "ÑAÑ140114GY4,PEÑA SA,M,FIRMES");
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
    const { entries } = await parseAll(bytes, "Firmes.csv");
    assert.deepEqual(
      entries.map((entry) => [entry.rfc, entry.name]),
      [["ÑAÑ140114GY4", "PEÑA SA"]],
    );
  });
});
