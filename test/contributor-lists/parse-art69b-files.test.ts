import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cp1252File, crlf, parseAll } from "./list-file-helpers.ts";

const HEADER_69B =
  "No,RFC,Nombre del Contribuyente,Situación del contribuyente,Número y fecha de oficio global de presunción SAT,Publicación página SAT presuntos,Número y fecha de oficio global de presunción DOF,Publicación DOF presuntos,Número y fecha de oficio global de contribuyentes que desvirtuaron SAT,Publicación página SAT desvirtuados,Número y fecha de oficio global de contribuyentes que desvirtuaron DOF,Publicación DOF desvirtuados,Número y fecha de oficio global de definitivos SAT,Publicación página SAT definitivos,Número y fecha de oficio global de definitivos DOF,Publicación DOF definitivos,Número y fecha de oficio global de sentencia favorable SAT,Publicación página SAT sentencia favorable,Número y fecha de oficio global de sentencia favorable DOF,Publicación DOF sentencia favorable";
const PADDING = ",".repeat(19);
const SUPPRESSED_NAME =
  "Información suprimida en cumplimiento a la declaratoria de nulidad emitida por la Segunda Sala Regional Hidalgo México.";

const complete69B = cp1252File(
  crlf(
    `"Información actualizada al 31 de diciembre de 2025; los listados a que se hace mención, son de carácter público, (SIFEN)"${PADDING}`,
    `Listado completo de contribuyentes (Artículo 69-B del CFF)${PADDING}`,
    HEADER_69B,
    '1,AAA080808HL8,"ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V.",Sentencia Favorable,500-05-2018-16632 de fecha 01 de junio de 2018,01/06/2018,,,,,,,,,,,,,,',
    "2,AAA091014835,AQUAERIS ACUACULTURA,Desvirtuado,,,,,500-05-2017-38533 de fecha 13 de octubre de 2017,13/10/2017,,,,,,,,,,",
    "10,AAAA730727JE3,ALTAMIRANO ABENDAÑO ALEJANDRO JORGE,Presunto,500-05-2025-39537 de fecha 16 de diciembre de 2025,16/12/2025,,,,,,,,,,,,,,",
    '95,AAL081211JP0,"“A&L CONSULTORES”, S.C.",Definitivo,,,,,,,,,500 05 2026 11484 de fecha 08 de abril de 2026,44014,,,,,,',
    "96,CAL140908936,CALIDAD TOTAL SA,Definitivo,,,,,,,,,500-05-2017-1 de fecha 1 de marzo de 2017,25/05/2022 - 26/04/2021,,,,,,",
    "97,CAL140908936,CALIDAD TOTAL SA,Definitivo,,,,,,,,,500-05-00-00-00-2026-16026 de fecha 08 de mayo de 2026,01-12-2023- 23/05/2023,,,,,,",
    "98,ÑAÑ140114GY4,ÑANDÚ & ASOCIADOS SC,Presunto,,,,,,,,,,,,,,,,",
    `14022,XXXXXXXXXXXX,${SUPPRESSED_NAME},Presunto,500-05-2014-3798 de fecha 09 de enero de 2014,10/01/2014,,,,,,,,,,,,,,`,
    PADDING,
    PADDING,
  ),
);

describe("Art. 69-B complete file (20 columns, two preamble lines)", () => {
  it("finds the header after the preamble and reads the content date", async () => {
    const { parsed } = await parseAll(complete69B, "Listado_completo_69-B.csv");
    const meta = await parsed.meta;
    assert.equal(meta.list.key, "69-B/completo");
    assert.equal(meta.contentDate, "2025-12-31");
    assert.equal(meta.header.length, 20);
    assert.equal(meta.preamble[1], "Listado completo de contribuyentes (Artículo 69-B del CFF)");
  });

  it("takes each row's sub-list from its situation; keeps repeats, Ñ, &, suppressed rows and raw dates", async () => {
    const { entries, parsed } = await parseAll(complete69B, "Listado_completo_69-B.csv");
    assert.deepEqual(
      entries.map(({ raw: _raw, ...entry }) => entry),
      [
        [
          "AAA080808HL8",
          "sentencias favorables",
          "Sentencia Favorable",
          "ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V.",
          "M",
        ],
        ["AAA091014835", "desvirtuados", "Desvirtuado", "AQUAERIS ACUACULTURA", "M"],
        ["AAAA730727JE3", "presuntos", "Presunto", "ALTAMIRANO ABENDAÑO ALEJANDRO JORGE", "F"],
        ["AAL081211JP0", "definitivos", "Definitivo", "“A&L CONSULTORES”, S.C.", "M"],
        ["CAL140908936", "definitivos", "Definitivo", "CALIDAD TOTAL SA", "M"],
        ["CAL140908936", "definitivos", "Definitivo", "CALIDAD TOTAL SA", "M"],
        ["ÑAÑ140114GY4", "presuntos", "Presunto", "ÑANDÚ & ASOCIADOS SC", "M"],
        ["XXXXXXXXXXXX", "presuntos", "Presunto", SUPPRESSED_NAME, "M"],
      ].map(([rfc, sub_list, situation, name, person_type]) => ({
        rfc,
        article: "69-B",
        sub_list,
        situation,
        name,
        person_type,
        state: "",
        suppressed: rfc === "XXXXXXXXXXXX",
      })),
    );
    assert.deepEqual(entries[3].raw, {
      No: "95",
      "Número y fecha de oficio global de definitivos SAT": "500 05 2026 11484 de fecha 08 de abril de 2026",
      "Publicación página SAT definitivos": "44014",
    });
    assert.equal(entries[4].raw?.["Publicación página SAT definitivos"], "25/05/2022 - 26/04/2021");
    assert.equal(entries[5].raw?.["Publicación página SAT definitivos"], "01-12-2023- 23/05/2023");
    assert.deepEqual(parsed.stats, { entries: 8, suppressed: 1, skippedRows: 0, unknownSituations: 0 });
  });

  it("Presuntos.csv: `No.` first column, 23 declared columns with three empty at the end", async () => {
    const header = `${HEADER_69B.replace(/^No,/, "No.,")},,,`;
    const bytes = cp1252File(
      crlf(
        `"Información actualizada al 1 de setiembre de 2026; listado"${",".repeat(22)}`,
        `Presuntos${",".repeat(22)}`,
        header,
        `1,AAAA730727JE3,ALTAMIRANO ABENDAÑO ALEJANDRO JORGE,Presunto,500-05-2025-39537 de fecha 16 de diciembre de 2025,16/12/2025${",".repeat(17)}`,
        `2,XXXXXXXXXXXX,Información suprimida en cumplimiento de la Ley Federal de Protección de Datos Personales,Presunto${",".repeat(19)}`,
      ),
    );
    const { entries, parsed } = await parseAll(bytes, "Presuntos.csv");
    const meta = await parsed.meta;
    assert.equal(meta.list.key, "69-B/presuntos");
    assert.equal(meta.contentDate, "2026-09-01");
    assert.equal(meta.header.length, 23);
    assert.deepEqual(
      entries.map((entry) => [
        entry.rfc,
        entry.article,
        entry.sub_list,
        entry.situation,
        entry.person_type,
        entry.suppressed,
      ]),
      [
        ["AAAA730727JE3", "69-B", "presuntos", "Presunto", "F", false],
        ["XXXXXXXXXXXX", "69-B", "presuntos", "Presunto", "M", true],
      ],
    );
    assert.equal(entries[0].raw?.["No."], "1");
  });

  it("counts rows whose situation is not one of SAT's four instead of inventing a sub-list", async () => {
    const bytes = cp1252File(crlf(HEADER_69B, "1,AAA080808HL8,X SA,Suspendido,,,,,,,,,,,,,,,,"));
    const { entries, parsed } = await parseAll(bytes, "Listado_completo_69-B.csv");
    assert.deepEqual(entries, []);
    assert.equal(parsed.stats.unknownSituations, 1);
  });
});
