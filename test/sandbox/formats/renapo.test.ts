import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import {
  buildRenapoFound,
  buildRenapoNotFound,
  type RenapoPerson,
} from "../../../src/sandbox/formats/renapo.ts";

const PERSON: RenapoPerson = {
  curp: "VADA800927HSRSRL05",
  names: "ALEJANDRO",
  firstSurname: "VALDÉS",
  secondSurname: "DÁVILA",
  sex: "HOMBRE",
  birthDate: "27/09/1980",
  entityCode: "SR",
  entityName: "SONORA",
  status: "RCN",
  nationality: "MEXICO",
  probationDocument: 1,
  probationDocumentData: {
    entidadRegistro: "SONORA",
    tomo: "",
    claveMunicipioRegistro: "030",
    anioReg: "1980",
    claveEntidadRegistro: "26",
    foja: "",
    numActa: "01234",
    libro: "",
    municipioRegistro: "HERMOSILLO",
  },
};

/** Keys and JSON value types, recursively (arrays described by their first element). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return [value.length > 0 ? shape(value[0]) : "empty"];
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return value === null ? "null" : typeof value;
}

describe("RENAPO gob.mx answers", () => {
  it("builds a found answer with exactly the fixture's keys (same order) and value types", async () => {
    const fixture = JSON.parse(
      await readFile(new URL("../../fixtures/renapo/gobmx_curp_result.json", import.meta.url), "utf8"),
    );
    const built = buildRenapoFound(PERSON);
    assert.deepEqual(shape(JSON.parse(JSON.stringify(built))), shape(fixture));
    assert.deepEqual(Object.keys(built.registros[0]), Object.keys(fixture.registros[0]));
    assert.equal(built.codigo, fixture.codigo);
    assert.equal(built.mensaje, fixture.mensaje);
    assert.match(
      built.registros[0].parametro,
      /^\?curp=VADA800927HSRSRL05&pcurp=[0-9A-F]{32}&hash=[0-9a-f]{40}$/,
    );
  });

  it("passes an empty datosDocProbatorio through and is deterministic", () => {
    const built = buildRenapoFound({ ...PERSON, status: "AH", probationDocumentData: {} });
    assert.deepEqual(built.registros[0].datosDocProbatorio, {});
    assert.deepEqual(buildRenapoFound(PERSON), buildRenapoFound(PERSON));
  });

  it("builds the no-result answer: same envelope, not code 01, no records", () => {
    const answer = buildRenapoNotFound();
    assert.deepEqual(Object.keys(answer), ["mensaje", "codigo", "registros"]);
    assert.notEqual(answer.codigo, "01");
    assert.deepEqual(answer.registros, []);
  });
});
