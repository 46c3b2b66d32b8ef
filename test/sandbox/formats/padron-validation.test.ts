import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatPadronResponse, parsePadronRequest } from "../../../src/sandbox/formats/padron-validation.ts";
import { PADRON_LEGENDS } from "../../../src/upstreams/padron/padron-exchange.ts";

describe("padrón validation exchange", () => {
  it("parses CRLF and LF lines, ignoring blank lines, keeping Ñ, & and empty fields", () => {
    const records = parsePadronRequest(
      "1|EKU9003173C9|ESCUELA KEMPER URGATE|86035\r\n\r\n2|ÑAÑ140114GY4|B&C|\n3|URE180429TM6||86991\n",
    );
    assert.deepEqual(records, [
      { consecutivo: "1", rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", zip: "86035" },
      { consecutivo: "2", rfc: "ÑAÑ140114GY4", name: "B&C", zip: "" },
      { consecutivo: "3", rfc: "URE180429TM6", name: "", zip: "86991" },
    ]);
  });

  it("accepts 5,000 records and rejects 5,001 with a typed error", () => {
    const line = (n: number) => `${n}|EKU9003173C9|ESCUELA KEMPER URGATE|86035`;
    const five = Array.from({ length: 5000 }, (_, i) => line(i + 1)).join("\r\n");
    assert.equal(parsePadronRequest(five).length, 5000);
    assert.throws(() => parsePadronRequest(`${five}\r\n${line(5001)}`), {
      name: "PadronRequestError",
      code: "too_many_records",
    });
  });

  it("rejects a malformed line and says which", () => {
    assert.throws(() => parsePadronRequest("1|EKU9003173C9|ESCUELA|86035\n2|URE180429TM6|UNIVERSIDAD"), {
      name: "PadronRequestError",
      code: "malformed_line",
      line: 2,
    });
    assert.throws(() => parsePadronRequest("1|A|B|C|D"), { code: "malformed_line" });
    assert.throws(() => parsePadronRequest("|EKU9003173C9|X|1"), { code: "malformed_line" });
  });

  it("formats consecutivo|RFC|NOMBRE|CP|LEYENDA lines with SAT's exact legends", () => {
    const text = formatPadronResponse(
      [
        { consecutivo: "1", rfc: "EKU9003173C9", name: "ESCUELA KEMPER URGATE", zip: "86035" },
        { consecutivo: "2", rfc: "URE180429TM6", name: "OTRO", zip: "86991" },
      ],
      [PADRON_LEGENDS.valid, PADRON_LEGENDS.nameMismatch],
    );
    assert.equal(
      text,
      "1|EKU9003173C9|ESCUELA KEMPER URGATE|86035|RFC válido, y susceptible de recibir facturas\r\n" +
        "2|URE180429TM6|OTRO|86991|El nombre, denominación o razón social no coincide con el registrado en el RFC\r\n",
    );
    assert.equal(PADRON_LEGENDS.notRegistered, "RFC no registrado en el padrón de contribuyentes");
    assert.equal(PADRON_LEGENDS.badStructure, "Estructura del RFC incorrecta");
    assert.equal(PADRON_LEGENDS.zipMismatch, "El Código Postal no coincide con el registrado en el RFC");
  });

  it("round-trips: a formatted response line carries the request's four fields", () => {
    const records = parsePadronRequest("7|AAA010101AAA|ACCEM SERVICIOS EMPRESARIALES|06300");
    const line = formatPadronResponse(records, [PADRON_LEGENDS.zipMismatch]);
    assert.deepEqual(line.trimEnd().split("|").slice(0, 4), [
      "7",
      "AAA010101AAA",
      "ACCEM SERVICIOS EMPRESARIALES",
      "06300",
    ]);
  });
});
