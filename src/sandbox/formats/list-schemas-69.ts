import type { ListRow } from "./list-row.ts";
import type { ListSchema } from "./list-schema.ts";

/** One column of an Art. 69 file: its header and what a row puts in it. */
type Column = [header: string, cell: (row: ListRow) => string];

/** Art. 69 files (research §1.4): no preamble, header on line 0, per-file column variants. */
const art69 = (columns: Column[]): ListSchema => ({
  width: columns.length,
  preamble: () => null,
  header: columns.map(([header]) => header),
  cells: (row) => columns.map(([, cell]) => cell(row)),
});

const rfc: Column = ["RFC", (row) => row.rfc];
const name = (header: string): Column => [header, (row) => row.name];
const personType: Column = ["TIPO PERSONA", (row) => row.personType ?? ""];
const situation = (header: string): Column => [header, (row) => row.situation ?? ""];
const published = (header: string): Column => [header, (row) => row.publishedDate ?? ""];
const cancelled = (header: string): Column => [header, (row) => row.cancelledDate ?? ""];
const state: Column = ["ENTIDAD FEDERATIVA", (row) => row.state ?? ""];

export const art69Base = art69([
  rfc,
  name("RAZON SOCIAL"),
  personType,
  situation("SUPUESTO"),
  published("FECHA DE PRIMERA PUBLICACION"),
  state,
]);

// Accented and plural names, as measured in the real file (research §1.4).
export const art69Sentencias = art69([
  rfc,
  name("RAZÓN SOCIAL"),
  personType,
  situation("SUPUESTO"),
  published("FECHAS DE PRIMERA PUBLICACION"),
  state,
]);

// Column names are confirmed, their order is not (research §9): legacy order RFC..SUPUESTO, dates/amount, state.
export const art69Cancelados = art69([
  rfc,
  name("RAZON SOCIAL"),
  personType,
  situation("SUPUESTO"),
  cancelled("FECHA DE CANCELACION"),
  ["MONTO", (row) => row.amount ?? ""],
  published("FECHA DE PUBLICACION"),
  state,
]);

// Six columns, no TIPO PERSONA, adds EJERCICIO and PERIODO (confirmed); the order is inferred.
export const art69EntesPublicos = art69([
  rfc,
  name("RAZON SOCIAL"),
  situation("SUPUESTO"),
  ["EJERCICIO", (row) => row.fiscalYear ?? ""],
  ["PERIODO", (row) => row.period ?? ""],
  published("FECHA DE PRIMERA PUBLICACION"),
]);

// Six columns with NOMBRE O RAZON SOCIAL and SUPUESTO DE CANCELACION CSD (confirmed); the rest is inferred.
export const art69CsdSinEfectos = art69([
  rfc,
  name("NOMBRE O RAZON SOCIAL"),
  ["NUMERO DE CERTIFICADO", (row) => row.certificateSerial ?? ""],
  situation("SUPUESTO DE CANCELACION CSD"),
  cancelled("FECHA DE CANCELACION CSD"),
  published("FECHA DE PUBLICACION"),
]);
