import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildCurp } from "../../src/mexico/build-curp.ts";
import { curpCheckDigit } from "../../src/mexico/curp-check-digit.ts";
import { hasValidCurpCheckDigit, isValidCurp, parseCurp } from "../helpers/parse-curp.ts";

describe("CURP check digit (research §3.5)", () => {
  for (const curp of [
    "SABC560626MDFLRN01",
    "VADA800927HSRSRL05",
    "BOXW310820HNERXN09",
    "XIQB891116MGRMZR05",
    "HOPE930625HSPLRR01",
  ]) {
    it(`${curp} passes`, () => {
      assert.equal(hasValidCurpCheckDigit(curp), true);
      assert.equal(isValidCurp(curp), true);
    });
  }
  it("the SAT test CURP HEGT761003MDFRNN09 fails the digit but has a valid structure", () => {
    assert.equal(hasValidCurpCheckDigit("HEGT761003MDFRNN09"), false);
    assert.ok(parseCurp("HEGT761003MDFRNN09"));
    assert.equal(isValidCurp("HEGT761003MDFRNN09"), false);
  });
  it("worked example SABC560626MDFLRN0 → 1", () => assert.equal(curpCheckDigit("SABC560626MDFLRN0"), "1"));
});

describe("CURP structure", () => {
  it("reads sex, entity and century from the 17th character", () => {
    const parsed = parseCurp("SABC560626MDFLRN01");
    assert.deepEqual(parsed?.birthDate, { year: 1956, month: 6, day: 26 });
    assert.equal(parsed?.sex, "M");
    assert.equal(parsed?.entity, "DF");
    assert.equal(parseCurp("PEPJ190228HASRRVA0")?.birthDate.year, 2019);
  });
  it("rejects unknown entities, impossible dates and bad sexes", () => {
    assert.equal(parseCurp("SABC560626MXXLRN01"), null);
    assert.equal(parseCurp("SABC560231MDFLRN01"), null);
    assert.equal(parseCurp("SABC560626ZDFLRN01"), null);
    assert.equal(parseCurp("SABC560626MDFLRN0"), null);
  });
  it("accepts NE (born abroad)", () => assert.ok(parseCurp("BOXW310820HNERXN09")));
});

describe("CURP construction", () => {
  it("rebuilds the worked example's letters, date, sex, entity and consonants", () => {
    const curp = buildCurp({
      names: "Concepción",
      firstSurname: "Salgado",
      secondSurname: "Briseño",
      birthDate: new Date(Date.UTC(1956, 5, 26)),
      sex: "M",
      entity: "DF",
    });
    assert.equal(curp, "SABC560626MDFLRN01");
  });
  it("uses letters after 2000 and X for Ñ and missing surname", () => {
    const curp = buildCurp({
      names: "Ñoño",
      firstSurname: "Núñez",
      birthDate: new Date(Date.UTC(2004, 1, 29)),
      sex: "H",
      entity: "JC",
      homonymIndex: 1,
    });
    assert.match(curp, /^NUXX040229HJCXXXB\d$/);
    assert.ok(isValidCurp(curp));
  });
  it("replaces the 2nd letter of an inconvenient word with X", () => {
    const curp = buildCurp({
      names: "Andrea",
      firstSurname: "Baca",
      secondSurname: "Castro",
      birthDate: new Date(Date.UTC(1990, 0, 1)),
      sex: "M",
      entity: "PL",
    });
    assert.equal(curp.slice(0, 4), "BXCA");
    assert.ok(isValidCurp(curp));
  });
});
