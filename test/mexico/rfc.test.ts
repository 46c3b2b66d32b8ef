import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  buildCompanyRfc,
  buildIndividualRfc,
  companyRfcLetters,
  individualRfcLetters,
} from "../../src/mexico/build-rfc.ts";
import { isGenericRfc } from "../../src/mexico/generic-rfcs.ts";
import { normalizeRfc } from "../../src/mexico/normalize-rfc.ts";
import { isValidRfcStructure, parseRfc, personTypeOfRfc } from "../../src/mexico/parse-rfc.ts";
import { hasValidRfcCheckDigit, rfcCheckDigit } from "../../src/mexico/rfc-check-digit.ts";
import { rfcHomoclave } from "../../src/mexico/rfc-homoclave.ts";

describe("RFC check digit (research §3.2)", () => {
  for (const rfc of [
    "EKU9003173C9",
    "URE180429TM6",
    "ÑAÑ140114GY4",
    "SAT970701NN3",
    "XEXX010101000",
    "CAL140908936",
    "XIQB891116QE4",
  ]) {
    it(`${rfc} passes`, () => assert.equal(hasValidRfcCheckDigit(rfc), true));
  }
  it("AAA010101AAA fails the check digit and is still structurally valid", () => {
    assert.equal(hasValidRfcCheckDigit("AAA010101AAA"), false);
    assert.equal(isValidRfcStructure("AAA010101AAA"), true);
    assert.equal(parseRfc("AAA010101AAA")?.checkDigitValid, false);
  });
  it("the generic national RFC fails the check digit but is recognised as generic", () => {
    assert.equal(hasValidRfcCheckDigit("XAXX010101000"), false);
    assert.equal(parseRfc("XAXX010101000")?.generic, true);
    assert.equal(isGenericRfc("XEXX010101000"), true);
    assert.equal(isGenericRfc("EKU9003173C9"), false);
  });
  it("computes A for remainder 1 and 0 for remainder 0", () => {
    assert.equal(rfcCheckDigit("EKU9003173C"), "9");
    assert.equal(rfcCheckDigit("XEXX01010100"), "0");
  });
});

describe("RFC structure (research §3.1)", () => {
  it("normalizes spaces, hyphens and case", () => {
    assert.equal(normalizeRfc("  eku-900317 3c9 "), "EKU9003173C9");
    assert.equal(normalizeRfc("ñañ140114gy4"), "ÑAÑ140114GY4");
  });
  it("derives person type from length", () => {
    assert.equal(parseRfc("EKU9003173C9")?.personType, "M");
    assert.equal(parseRfc("XIQB891116QE4")?.personType, "F");
    assert.equal(personTypeOfRfc("ÑAÑ140114GY4"), "M");
    assert.equal(personTypeOfRfc("ABC"), null);
  });
  it("accepts Ñ and & letters", () => {
    assert.ok(parseRfc("&BC040317UN0"));
    assert.ok(parseRfc("ÑEX121116KM4"));
  });
  it("rejects impossible dates, bad lengths and bad last characters", () => {
    assert.equal(parseRfc("EKU9002303C9"), null);
    assert.equal(parseRfc("EKU9013013C9"), null);
    assert.equal(parseRfc("EKU9003173CB"), null);
    assert.equal(parseRfc("EK9003173C9"), null);
    assert.equal(parseRfc("EKU9003173C9X"), null);
    assert.equal(parseRfc("1KU9003173C9"), null);
    assert.equal(parseRfc("eku9003173c9"), null);
  });
  it("accepts 29 February only in years divisible by four", () => {
    assert.ok(parseRfc("ABC000229AB1"));
    assert.ok(parseRfc("ABC960229AB1"));
    assert.equal(parseRfc("ABC970229AB1"), null);
  });
});

describe("RFC construction (research §3.3–3.4)", () => {
  it("takes the letters of an individual from surnames and name", () => {
    assert.equal(
      individualRfcLetters({ names: "Juan", firstSurname: "Pérez", secondSurname: "López" }),
      "PELJ",
    );
    assert.equal(
      individualRfcLetters({ names: "María Guadalupe", firstSurname: "de la Cruz", secondSurname: "Ruiz" }),
      "CURG",
    );
    assert.equal(individualRfcLetters({ names: "Ana", firstSurname: "Ortiz" }), "ORAN");
    assert.equal(individualRfcLetters({ names: "Ana", firstSurname: "Ye", secondSurname: "Soto" }), "YSAN");
  });
  it("replaces the 4th letter of a forbidden word with X", () => {
    assert.equal(
      individualRfcLetters({ names: "Oscar", firstSurname: "Cuevas", secondSurname: "López" }),
      "CULX",
    );
  });
  it("takes the letters of a company from its words without legal form and ignored words", () => {
    assert.equal(companyRfcLetters("Escuela Kemper Urgate, S.A. de C.V."), "EKU");
    assert.equal(companyRfcLetters("Universidad Robótica Española SA DE CV"), "URE");
    assert.equal(companyRfcLetters("Sonora Grill S. de R.L. de C.V."), "SGR");
    assert.equal(companyRfcLetters("Ópalo SC"), "OPA");
    assert.equal(companyRfcLetters("La Casa de los Abuelos S.A."), "CAB");
  });
  it("builds RFCs whose check digit and structure are right", () => {
    const individual = buildIndividualRfc({
      names: "Juan",
      firstSurname: "Pérez",
      secondSurname: "López",
      birthDate: new Date(Date.UTC(1985, 6, 9)),
    });
    assert.match(individual, /^PELJ850709[A-Z\d]{2}[A\d]$/);
    assert.ok(parseRfc(individual)?.checkDigitValid);
    const company = buildCompanyRfc({
      legalName: "Escuela Kemper Urgate SA de CV",
      incorporationDate: new Date(Date.UTC(1990, 2, 17)),
    });
    assert.match(company, /^EKU900317/);
    assert.ok(parseRfc(company)?.checkDigitValid);
  });
  it("reproduces rfc-facil's documented example (Juan Barrios Fernández, 13/12/1970)", () => {
    const rfc = buildIndividualRfc({
      names: "Juan",
      firstSurname: "Barrios",
      secondSurname: "Fernández",
      birthDate: new Date(Date.UTC(1970, 11, 13)),
    });
    assert.equal(rfc, "BAFJ701213SBA");
  });
  it("homoclave is two characters from the documented digit set and depends on the name", () => {
    const a = rfcHomoclave("PEREZ LOPEZ JUAN");
    const b = rfcHomoclave("PEREZ LOPEZ JUANA");
    assert.match(a, /^[1-9A-NP-Z]{2}$/);
    assert.notEqual(a, b);
    assert.equal(rfcHomoclave("Pérez López Juan"), a);
  });
});
