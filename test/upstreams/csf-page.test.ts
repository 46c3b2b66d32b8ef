import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { TAX_REGIMES, taxRegimeOf } from "../../src/mexico/tax-regimes.ts";
import { cfdiNameOfRecord } from "../../src/rfc-operations/verify-by-csf.ts";
import { CsfLayoutError, parseCsfPage } from "../../src/upstreams/sat-csf/parse-csf-page.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/csf/${name}`, import.meta.url), "utf8");

describe("SAT's CSF page, as saved from SAT (test/fixtures/csf)", () => {
  test("a person's page gives exactly the fields python-satcfdi reads from it, Ñ included", () => {
    const expected = JSON.parse(fixture("satcfdi-persona_fisica.expected.json"));
    const record = parseCsfPage(fixture("satcfdi-persona_fisica.html"), "CAGX7905047W7");
    assert.ok(record);
    const asRead = {
      Regimenes: record.regimes.map((r) => ({
        RegimenFiscal: `${r.code} - ${r.name}`,
        "Fecha de alta": r.since,
      })),
      CURP: record.curp,
      Nombre: record.firstNames,
      "Apellido Paterno": record.paternalSurname,
      "Apellido Materno": record.maternalSurname,
      "Fecha Nacimiento": record.birthDate,
      "Fecha de Inicio de operaciones": record.operationsStart,
      "Situación del contribuyente": record.status,
      "Fecha del último cambio de situación": record.statusSince,
      "Entidad Federativa": record.state,
      "Municipio o delegación": record.municipality,
      Colonia: record.colony,
      "Tipo de vialidad": record.streetType,
      "Nombre de la vialidad": record.street,
      "Número exterior": record.exteriorNumber,
      "Número interior": record.interiorNumber,
      CP: record.zip,
      "Correo electrónico": record.email,
      AL: record.satOffice,
    };
    assert.deepEqual(asRead, expected);
    assert.equal(record.personType, "F");
    assert.equal(record.name, "OMAR ENRIQUE CASTAÑEDA GONZALEZ");
    assert.equal(record.regimes[0].text, "Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios");
  });

  test("a company's page: denominación, régimen de capital, labels wrapped over lines", () => {
    const record = parseCsfPage(fixture("phpcfdi-scrap_moral.html"), "AAA010101AAA");
    assert.deepEqual(record, {
      rfc: "AAA010101AAA",
      personType: "M",
      name: "Mi razón social",
      capitalRegime: "SA DE CV",
      incorporatedOn: "2019-02-21",
      curp: "",
      firstNames: "",
      paternalSurname: "",
      maternalSurname: "",
      birthDate: "",
      operationsStart: "2019-02-21",
      status: "ACTIVO",
      statusSince: "2019-02-21",
      state: "CIUDAD DE MEXICO",
      municipality: "CUAUHTEMOC",
      colony: "CUAUHTEMOC",
      streetType: "Tipo vialidad",
      street: "PASEO DE LA REFORMA",
      exteriorNumber: "143",
      interiorNumber: "Piso 69",
      zip: "72055",
      email: "example@example.com",
      satOffice: "CIUDAD DE MEXICO 2",
      regimes: [
        {
          code: "601",
          name: "General de Ley Personas Morales",
          text: "Régimen General de Ley Personas Morales",
          since: "2019-02-21",
        },
      ],
    });
  });

  test("the page for a pair SAT does not recognise is null (found: false)", () => {
    assert.equal(parseCsfPage(fixture("satcfdi-invalid.html"), "AAA010101AAA"), null);
  });

  test("a page about another RFC is not taken for the one asked", () => {
    assert.throws(() => parseCsfPage(fixture("phpcfdi-scrap_moral.html"), "EKU9003173C9"), CsfLayoutError);
  });

  test("an unrecognised layout is an error, never a guess", () => {
    const cases = [
      "<html><body><h1>Servicio no disponible</h1></body></html>",
      "",
      // The holder line but no value labelled CP.
      fixture("phpcfdi-scrap_moral.html").replace(/>CP:</, ">Código:<"),
      // A date in a format SAT does not use.
      fixture("satcfdi-persona_fisica.html").replace("04-05-1979", "1979/05/04"),
      // Labels renamed: no name at all.
      fixture("satcfdi-persona_fisica.html").replace(">Nombre:<", ">Nombres:<"),
    ];
    for (const html of cases) assert.throws(() => parseCsfPage(html, "CAGX7905047W7"), CsfLayoutError);
  });

  test('a name row with no value is an error, never a record named ""', () => {
    const company = fixture("phpcfdi-scrap_moral.html").replace(/>\s*Mi razón social\s*</, "><");
    const person = fixture("satcfdi-persona_fisica.html").replace(/>\s*OMAR ENRIQUE\s*</, "><");
    assert.ok(!company.includes("Mi razón social") && !person.includes("OMAR ENRIQUE"));
    assert.throws(() => parseCsfPage(company, "AAA010101AAA"), CsfLayoutError);
    assert.throws(() => parseCsfPage(person, "CAGX7905047W7"), CsfLayoutError);
  });

  test("a company's CFDI name is its denominación whole: the régimen de capital has its own row", () => {
    const html = fixture("phpcfdi-scrap_moral.html")
      .replace("Mi razón social", "ABARROTES GUTIERREZ HERMANOS Y CIA")
      .replace(">SA DE CV<", ">S EN N C<");
    const record = parseCsfPage(html, "AAA010101AAA");
    assert.equal(record?.capitalRegime, "S EN N C");
    assert.equal(record && cfdiNameOfRecord(record), "ABARROTES GUTIERREZ HERMANOS Y CIA");
  });

  test("the fields are found by label, not position: reordered rows read the same", () => {
    const html = fixture("satcfdi-persona_fisica.html");
    const curpRow = /<tr data-ri="0".*?<\/tr>/s.exec(html)?.[0] as string;
    const moved = html
      .replace(curpRow, "")
      .replace("</tbody></table></div></div><script", `${curpRow}</tbody></table></div></div><script`);
    assert.notEqual(moved, html);
    assert.deepEqual(parseCsfPage(moved, "CAGX7905047W7"), parseCsfPage(html, "CAGX7905047W7"));
  });
});

describe("c_RegimenFiscal from the page's regime text", () => {
  test("every catalogue key, as SAT's pages word them", () => {
    const pageTexts: [string, string][] = [
      ["Régimen General de Ley Personas Morales", "601"],
      ["Régimen de las Personas Morales con Fines No Lucrativos", "603"],
      ["Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios", "605"],
      ["Régimen de Arrendamiento", "606"],
      ["Régimen de Enajenación o Adquisición de Bienes", "607"],
      ["Régimen de los demás ingresos", "608"],
      ["Residentes en el Extranjero sin Establecimiento Permanente en México", "610"],
      ["Régimen de Ingresos por Dividendos (socios y accionistas)", "611"],
      ["Régimen de las Personas Físicas con Actividades Empresariales y Profesionales", "612"],
      ["Régimen de los ingresos por intereses", "614"],
      ["Régimen de los ingresos por obtención de premios", "615"],
      ["Sin obligaciones fiscales", "616"],
      ["Régimen de las Sociedades Cooperativas de Producción que optan por diferir sus ingresos", "620"],
      ["Régimen de Incorporación Fiscal", "621"],
      ["Régimen de las Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras PM", "622"],
      ["Régimen Opcional para Grupos de Sociedades", "623"],
      ["Régimen de los Coordinados", "624"],
      ["Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas", "625"],
      ["Régimen Simplificado de Confianza", "626"],
    ];
    for (const [text, code] of pageTexts) assert.equal(taxRegimeOf(text)?.code, code, text);
    assert.deepEqual(
      pageTexts.map(([, code]) => code),
      TAX_REGIMES.map((regime) => regime.code),
    );
    for (const regime of TAX_REGIMES) assert.equal(taxRegimeOf(regime.name)?.code, regime.code);
  });

  test("a text the catalogue does not have has no key", () => {
    assert.equal(taxRegimeOf("Régimen de Pruebas Inexistentes"), null);
  });
});
