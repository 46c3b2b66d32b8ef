import { createHash } from "node:crypto";

/**
 * gob.mx CURP lookup answers (research §5.1): found is `codigo: "01"` with one record in `registros`;
 * not found (decided, gob.mx does not document it) the same envelope with `codigo: "06"`, `registros: []`.
 */
export type RenapoPerson = {
  curp: string;
  names: string;
  firstSurname: string;
  secondSurname: string;
  sex: "HOMBRE" | "MUJER";
  /** dd/mm/yyyy */
  birthDate: string;
  /** CURP entity code (e.g. "OC") and its name (e.g. "OAXACA"). */
  entityCode: string;
  entityName: string;
  /** RENAPO statusCurp: AN, AH, RCN, RCC, CRA, or a B… (baja) code. */
  status: string;
  nationality: string;
  /** docProbatorio code (1 = acta de nacimiento, research §5.4). */
  probationDocument: number;
  /** datosDocProbatorio, in gob.mx's field names (entidadRegistro, numActa…); `{}` when RENAPO has none. */
  probationDocumentData: Record<string, string>;
};

/** The PDF download parameter; derived from the CURP so the answer stays deterministic. */
function downloadParameter(curp: string): string {
  const pcurp = createHash("md5").update(`pcurp:${curp}`).digest("hex").toUpperCase();
  const hash = createHash("sha1").update(`hash:${curp}`).digest("hex");
  return `?curp=${curp}&pcurp=${pcurp}&hash=${hash}`;
}

/** A found answer, keys in gob.mx's order. */
export function buildRenapoFound(person: RenapoPerson) {
  return {
    mensaje: "Búsqueda exitosa por curp",
    codigo: "01",
    registros: [
      {
        parametro: downloadParameter(person.curp),
        fechaNacimiento: person.birthDate,
        docProbatorio: person.probationDocument,
        segundoApellido: person.secondSurname,
        curp: person.curp,
        nombres: person.names,
        primerApellido: person.firstSurname,
        sexo: person.sex,
        claveEntidad: person.entityCode,
        statusCurp: person.status,
        nacionalidad: person.nationality,
        entidad: person.entityName,
        datosDocProbatorio: person.probationDocumentData,
      },
    ],
  };
}

export function buildRenapoNotFound() {
  return {
    mensaje: "Los datos ingresados no son correctos. Verifica e intenta de nuevo.",
    codigo: "06",
    registros: [],
  };
}
