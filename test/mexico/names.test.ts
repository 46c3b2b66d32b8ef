import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cfdiName, sameCfdiName } from "../../src/mexico/cfdi-name.ts";
import { registryNameKey } from "../../src/mexico/compare-names.ts";
import { stripLegalEntitySuffix } from "../../src/mexico/legal-entity-suffixes.ts";
import { nameWithoutPunctuation, normalizeName } from "../../src/mexico/normalize-name.ts";
import { stateOfPostalCode } from "../../src/mexico/postal-code-state.ts";
import { STATES } from "../../src/mexico/states.ts";
import { legalEntitySuffixOf } from "../helpers/legal-entity-suffix.ts";
import { CURP_ENTITY_CODES } from "../helpers/parse-curp.ts";

describe("name normalization", () => {
  it("upper-cases, removes accents, keeps Ñ and &, collapses spacing", () => {
    assert.equal(normalizeName("  José   Ñúñez & Hijos  "), "JOSE ÑUÑEZ & HIJOS");
    assert.equal(
      normalizeName("Asesores en Avalúos y Activos, S.A. de C.V."),
      "ASESORES EN AVALUOS Y ACTIVOS, S.A. DE C.V.",
    );
    assert.equal(normalizeName("N\u0303andu"), "ÑANDU");
    assert.equal(normalizeName("Müller\tGüemes"), "MULLER GUEMES");
  });
  it("can drop punctuation", () => {
    assert.equal(nameWithoutPunctuation("“A&L CONSULTORES”, S.C."), "A&L CONSULTORES S C");
  });
});

describe("legal-entity suffixes (research §8)", () => {
  const cases: [string, string][] = [
    ["ESCUELA KEMPER URGATE SA DE CV", "ESCUELA KEMPER URGATE"],
    ["Asesores en Avalúos y Activos, S.A. de C.V.", "ASESORES EN AVALUOS Y ACTIVOS"],
    [
      "AQUAERIS ACUACULTURA Y ARQUITECTURA SUSTENTABLE, S.C.",
      "AQUAERIS ACUACULTURA Y ARQUITECTURA SUSTENTABLE",
    ],
    ["CONSTRUCTORA DEL NORTE S. DE R.L. DE C.V.", "CONSTRUCTORA DEL NORTE"],
    ["FINANCIERA AZTLAN SAPI DE CV SOFOM ENR", "FINANCIERA AZTLAN"],
    ["FINANCIERA AZTLAN, S.A.P.I. DE C.V., SOFOM, E.N.R.", "FINANCIERA AZTLAN"],
    ["GRUPO TOLTECA S. A. DE C. V.", "GRUPO TOLTECA"],
    ["FUNDACION LUZ A.C.", "FUNDACION LUZ"],
    ["ALIMENTOS DEL VALLE SOCIEDAD ANONIMA DE CAPITAL VARIABLE", "ALIMENTOS DEL VALLE"],
    ["AGRICOLA EL SOL S.P.R. DE R.L.", "AGRICOLA EL SOL"],
    ["PEREZ Y CIA. S. EN N.C.", "PEREZ Y CIA."],
    ["TIENDAS MEXA S.A.B. DE C.V.", "TIENDAS MEXA"],
    ["COMERCIAL MEXA S.A.S.", "COMERCIAL MEXA"],
    ["MI CASA", "MI CASA"],
    ["PLAZA SAN ANGEL", "PLAZA SAN ANGEL"],
    ["SA DE CV", "SA DE CV"],
  ];
  for (const [input, expected] of cases) {
    it(`${input} → ${expected}`, () => assert.equal(stripLegalEntitySuffix(input), expected));
  }
  it("reports the suffix it found", () => {
    assert.equal(legalEntitySuffixOf("ESCUELA KEMPER URGATE SA DE CV"), "SA DE CV");
    assert.equal(legalEntitySuffixOf("JUAN PEREZ LOPEZ"), null);
  });
});

describe("name comparison", () => {
  it("registry key ignores punctuation, accents and legal forms", () => {
    assert.equal(registryNameKey("Constructora J.M., S.A. de C.V."), "CONSTRUCTORA J M");
    assert.equal(
      registryNameKey("Universidad Robótica Española, S.A. de C.V."),
      registryNameKey("UNIVERSIDAD ROBOTICA ESPAÑOLA SA DE CV"),
    );
    assert.notEqual(
      registryNameKey("UNIVERSIDAD ROBOTICA ESPAÑOLA"),
      registryNameKey("UNIVERSIDAD ROBOTICA ESPANOLA"),
    );
  });
});

describe("states and postal codes", () => {
  it("has 32 states with distinct INEGI and CURP codes, plus NE", () => {
    assert.equal(STATES.length, 32);
    assert.equal(new Set(STATES.map((s) => s.inegi)).size, 32);
    assert.equal(CURP_ENTITY_CODES.size, 33);
    assert.ok(CURP_ENTITY_CODES.has("NE"));
  });
  it("maps postal-code prefixes to states", () => {
    assert.equal(stateOfPostalCode("01000")?.curp, "DF");
    assert.equal(stateOfPostalCode("86035")?.name, "Tabasco");
    assert.equal(stateOfPostalCode("44100")?.inegi, "14");
    assert.equal(stateOfPostalCode("64000")?.upperName, "NUEVO LEON");
    assert.equal(stateOfPostalCode("18000"), null);
    assert.equal(stateOfPostalCode("8603"), null);
  });
});

describe("CFDI 4.0 names (research §4)", () => {
  it("cfdi_name is the registered name without its régimen de capital, in SAT's letters", () => {
    assert.equal(cfdiName("ESCUELA KEMPER URGATE SA DE CV"), "ESCUELA KEMPER URGATE");
    assert.equal(cfdiName("Asesores en Avalúos y Activos, S.A. de C.V."), "Asesores en Avalúos y Activos");
    assert.equal(cfdiName("PEÑA & HIJOS, S. DE R.L. DE C.V."), "PEÑA & HIJOS");
    assert.equal(cfdiName("A.B.C. CONSULTORES, S.C."), "A.B.C. CONSULTORES");
    assert.equal(cfdiName("JUAN PÉREZ LÓPEZ"), "JUAN PÉREZ LÓPEZ");
    assert.equal(cfdiName("N\u0303ANDU SA"), "ÑANDU");
    // "y compañía" is part of the firm's name (LGSM art. 27), not its régimen de capital.
    assert.equal(
      cfdiName("ABARROTES GUTIERREZ HERMANOS Y CIA S EN N C"),
      "ABARROTES GUTIERREZ HERMANOS Y CIA",
    );
  });
  it("compares exactly: case, dots, commas and the régimen count; Unicode form and outer spaces do not", () => {
    const registered = "ESCUELA KEMPER URGATE SA DE CV";
    assert.equal(sameCfdiName("ESCUELA KEMPER URGATE", registered), true);
    assert.equal(sameCfdiName("  ESCUELA KEMPER URGATE ", registered), true);
    assert.equal(sameCfdiName("escuela kemper urgate", registered), false);
    assert.equal(sameCfdiName("Escuela Kemper Urgate, S.A. de C.V.", registered), false);
    assert.equal(sameCfdiName("ESCUELA KEMPER URGATE SA DE CV", registered), false);
    assert.equal(sameCfdiName("ESCUELA  KEMPER URGATE", registered), false);
    assert.equal(sameCfdiName("ESCUELA KEMPER URGATE.", registered), false);
    assert.equal(sameCfdiName("PEN\u0303A", "PEÑA"), true);
  });
});
