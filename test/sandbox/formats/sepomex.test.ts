import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type SepomexRow, writeSepomexCatalog } from "../../../src/sandbox/formats/sepomex.ts";

const SAN_ANGEL: SepomexRow = {
  d_codigo: "01000",
  d_asenta: "San Ángel",
  d_tipo_asenta: "Colonia",
  D_mnpio: "Álvaro Obregón",
  d_estado: "Ciudad de México",
  d_ciudad: "Ciudad de México",
  d_CP: "01001",
  c_estado: "09",
  c_oficina: "01001",
  c_CP: "",
  c_tipo_asenta: "09",
  c_mnpio: "010",
  id_asenta_cpcons: "0001",
  d_zona: "Urbano",
  c_cve_ciudad: "01",
};

describe("writeSepomexCatalog", () => {
  it("writes the legal notice, the 15-column header and pipe-separated rows, CRLF", () => {
    const text = writeSepomexCatalog([
      SAN_ANGEL,
      { ...SAN_ANGEL, d_codigo: "01030", d_asenta: "Axotla" },
    ]).toString("latin1");
    const lines = text.split("\r\n");
    assert.equal(
      lines[0],
      "El Catálogo Nacional de Códigos Postales, es elaborado por Correos de México y se proporciona en forma gratuita para uso particular, no estando permitida su comercialización, total o parcial, ni su distribución a terceros bajo ningún concepto.",
    );
    assert.equal(
      lines[1],
      "d_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad",
    );
    assert.equal(
      lines[2],
      "01000|San Ángel|Colonia|Álvaro Obregón|Ciudad de México|Ciudad de México|01001|09|01001||09|010|0001|Urbano|01",
    );
    assert.equal(lines[3].split("|").length, 15);
    assert.equal(lines.length, 5);
    assert.equal(lines[4], "");
  });

  it("encodes latin-1: á and ñ are single bytes 0xE1 and 0xF1", () => {
    const bytes = writeSepomexCatalog([{ ...SAN_ANGEL, d_asenta: "La Cañada", D_mnpio: "Tláhuac" }]);
    assert.ok(bytes.includes(Buffer.from("Ca\xf1ada", "latin1")));
    assert.ok(bytes.includes(Buffer.from("Tl\xe1huac", "latin1")));
    assert.equal(bytes.includes(Buffer.from("ñ", "utf8")), false);
  });

  it("never lets a value shift the columns", () => {
    const bytes = writeSepomexCatalog([{ ...SAN_ANGEL, d_asenta: "A|B\r\nC" }]);
    const row = bytes.toString("latin1").split("\r\n")[2];
    assert.equal(row.split("|").length, 15);
  });
});
