import assert from "node:assert/strict";
import { it } from "node:test";
import { parseContentDate } from "../../src/contributor-lists/parse-content-date.ts";

it("parses SAT's 'actualizada al' date and refuses what is not a date", () => {
  assert.equal(
    parseContentDate("Información actualizada al 31 de diciembre de 2025; los listados…"),
    "2025-12-31",
  );
  assert.equal(parseContentDate("INFORMACIÓN ACTUALIZADA AL 5 DE SEPTIEMBRE DE 2026"), "2026-09-05");
  assert.equal(parseContentDate("actualizada  al 1 de setiembre de 2026"), "2026-09-01");
  assert.equal(parseContentDate("actualizada al 31 de febrero de 2026"), null);
  assert.equal(parseContentDate("actualizada al 3 de brumario de 2026"), null);
  assert.equal(parseContentDate("Listado completo 69-B Bis"), null);
});
