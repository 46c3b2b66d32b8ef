import { isRecord, stringField } from "../read-json.ts";
import { type NotFound, notFound, type Ok, ok } from "../result.ts";
import { malformed } from "../upstream-failure.ts";
import type { RenapoRecord } from "./port.ts";

/**
 * `{ mensaje, codigo, registros }`: found is codigo "01", not found "06" with no records (docs/upstreams.md);
 * any other codigo (RENAPO's own error, a busy service) is no answer about the CURP.
 */
export function parseRenapoAnswer(json: unknown, curp: string): Ok<RenapoRecord> | NotFound {
  if (!isRecord(json)) throw malformed("RENAPO answer is not an object");
  const mensaje = stringField(json, "mensaje");
  const codigo = stringField(json, "codigo");
  if (!Array.isArray(json.registros)) throw malformed('"registros" is not a list');
  if (codigo === "06" && json.registros.length === 0) return notFound();
  if (codigo !== "01") throw malformed(`RENAPO answered codigo ${JSON.stringify(codigo)}: ${mensaje}`);
  const record = json.registros[0];
  if (!isRecord(record)) throw malformed("RENAPO found a CURP but sent no record");
  if (stringField(record, "curp").toUpperCase() !== curp) throw malformed("RENAPO answered for another CURP");
  const document = record.docProbatorio;
  if (typeof document !== "number" && typeof document !== "string")
    throw malformed('"docProbatorio" is missing');
  const documentData = record.datosDocProbatorio ?? {};
  if (!isRecord(documentData)) throw malformed('"datosDocProbatorio" is not an object');
  return ok({
    curp,
    names: stringField(record, "nombres"),
    firstSurname: stringField(record, "primerApellido"),
    secondSurname: stringField(record, "segundoApellido"),
    sex: stringField(record, "sexo"),
    birthDate: stringField(record, "fechaNacimiento"),
    entityCode: stringField(record, "claveEntidad"),
    entityName: stringField(record, "entidad"),
    statusCurp: stringField(record, "statusCurp"),
    nationality: stringField(record, "nacionalidad"),
    probationDocument: String(document),
    probationDocumentData: documentData,
  });
}
