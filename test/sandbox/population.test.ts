import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseRfc } from "../../src/mexico/parse-rfc.ts";
import { stateOfPostalCode } from "../../src/mexico/postal-code-state.ts";
import { padronLegendFor } from "../../src/sandbox/answer-padron.ts";
import { generatePopulation } from "../../src/sandbox/population/generate-population.ts";
import { PADRON_LEGENDS } from "../../src/upstreams/padron/padron-exchange.ts";
import { isValidCurp, parseCurp } from "../helpers/parse-curp.ts";

const population = generatePopulation({ seed: 1, size: 20_000 });

describe("generated population (seed 1, 20,000 taxpayers)", () => {
  it("has the requested size and about 60 % companies", () => {
    assert.equal(population.taxpayers.length, 20_000);
    const companies = population.taxpayers.filter((t) => t.personType === "M").length / 20_000;
    assert.ok(companies > 0.55 && companies < 0.65, `company share ${companies}`);
  });

  it("every RFC passes structure and check digit, with the person type its length says", () => {
    for (const taxpayer of population.taxpayers) {
      const parsed = parseRfc(taxpayer.rfc);
      assert.ok(parsed, `structure: ${taxpayer.rfc}`);
      assert.ok(parsed.checkDigitValid, `check digit: ${taxpayer.rfc}`);
      assert.equal(parsed.personType, taxpayer.personType, taxpayer.rfc);
      const representative = taxpayer.legalRepresentative;
      if (representative)
        assert.ok(parseRfc(representative.rfc)?.checkDigitValid, `legal rep ${representative.rfc}`);
    }
    assert.equal(population.byRfc.size, population.taxpayers.length, "RFCs are unique");
  });

  it("every CURP (individuals and legal representatives) passes structure and check digit and agrees with the person", () => {
    let count = 0;
    for (const taxpayer of population.taxpayers) {
      const person = taxpayer.person ?? taxpayer.legalRepresentative;
      assert.ok(person, taxpayer.rfc);
      assert.ok(isValidCurp(person.curp), person.curp);
      const parsed = parseCurp(person.curp)!;
      assert.equal(parsed.sex, person.sex);
      assert.equal(parsed.entity, person.birthEntity);
      assert.equal(
        `${parsed.birthDate.year}-${String(parsed.birthDate.month).padStart(2, "0")}-${String(parsed.birthDate.day).padStart(2, "0")}`,
        person.birthDate,
      );
      if (taxpayer.person) assert.equal(taxpayer.rfc.slice(4, 10), person.curp.slice(4, 10));
      count += 1;
    }
    assert.equal(population.personsByCurp.size, count, "CURPs are unique");
  });

  it("has about 30,000 postal codes and every taxpayer's code is in the catalog and its state", () => {
    const codes = new Set(population.postalCatalog.codes);
    assert.ok(codes.size > 28_000 && codes.size < 32_000, `codes ${codes.size}`);
    for (const row of population.postalCatalog.rows)
      assert.equal(stateOfPostalCode(row.d_codigo)?.inegi, row.c_estado, row.d_codigo);
    for (const taxpayer of population.taxpayers) assert.ok(codes.has(taxpayer.zip), taxpayer.zip);
  });

  it("certificates have unique 20-digit serials, both types, all three statuses and some missing files", () => {
    const all = population.taxpayers.flatMap((t) => t.certificates);
    assert.equal(population.bySerial.size, all.length);
    for (const certificate of all) assert.match(certificate.serial, /^\d{20}$/);
    assert.deepEqual(new Set(all.map((c) => c.type)), new Set(["FIEL", "SELLO"]));
    assert.deepEqual(new Set(all.map((c) => c.status)), new Set(["Activo", "Caduco", "Revocado"]));
    assert.ok(all.some((c) => c.fileMissing));
    for (const c of all) {
      if (c.status === "Caduco") assert.ok(new Date(c.validTo) < population.asOf, c.serial);
      if (c.status === "Activo") assert.ok(new Date(c.validTo) > population.asOf, c.serial);
    }
  });

  it("RENAPO statuses include bajas and homonyms; every company has registry data choices", () => {
    const statuses = new Set([...population.personsByCurp.values()].map((p) => p.renapoStatus));
    assert.ok([...statuses].some((s) => s.startsWith("B")));
    assert.ok(statuses.has("AH"));
    const companies = population.taxpayers.filter((t) => t.personType === "M");
    assert.ok(companies.some((c) => c.registryFolioCount === 0));
    assert.ok(companies.some((c) => c.registryFolioCount === 3));
    assert.ok(companies.some((c) => c.registryUnsupportedOnly));
    const homonyms = [...population.byRegistryName.values()].filter((same) => same.length > 1);
    assert.ok(homonyms.length > 5, `homonymous companies: ${homonyms.length}`);
    for (const same of homonyms) assert.equal(new Set(same.map((c) => c.rfc)).size, same.length);
  });

  it("a few RFCs are cancelled in the padrón although their certificates remain", () => {
    const cancelled = population.taxpayers.filter((t) => t.padronStatus === "cancelado");
    assert.ok(cancelled.length > 20 && cancelled.length < 300, `cancelled ${cancelled.length}`);
    const withCertificates = cancelled.find((t) => t.certificates.length > 0)!;
    const record = {
      consecutivo: "1",
      rfc: withCertificates.rfc,
      name: withCertificates.padronName,
      zip: withCertificates.zip,
    };
    assert.equal(padronLegendFor(population, record), PADRON_LEGENDS.notRegistered);
    const active = population.taxpayers.find((t) => t.padronStatus === "activo")!;
    assert.equal(
      padronLegendFor(population, { ...record, rfc: active.rfc, name: active.padronName, zip: active.zip }),
      PADRON_LEGENDS.valid,
    );
  });

  it("every list file has members", () => {
    const files = new Set(population.taxpayers.flatMap((t) => t.lists.map((l) => l.file)));
    assert.equal(files.size, 15);
  });
});
