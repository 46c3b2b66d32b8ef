import type { ListRow } from "./list-row.ts";
import type { ListSchema } from "./list-schema.ts";

/** Art. 69 files (research §1.4): no preamble, header on line 0, per-file column variants. */
const ART69_BASE = [
  "RFC",
  "RAZON SOCIAL",
  "TIPO PERSONA",
  "SUPUESTO",
  "FECHA DE PRIMERA PUBLICACION",
  "ENTIDAD FEDERATIVA",
];

const baseCells = (row: ListRow) => [
  row.rfc,
  row.name,
  row.personType ?? "",
  row.situation ?? "",
  row.publishedDate ?? "",
  row.state ?? "",
];

export const art69Base: ListSchema = { width: 6, preamble: () => null, header: ART69_BASE, cells: baseCells };

// Accented and plural names, as measured in the real file (research §1.4).
export const art69Sentencias: ListSchema = {
  ...art69Base,
  header: [
    "RFC",
    "RAZÓN SOCIAL",
    "TIPO PERSONA",
    "SUPUESTO",
    "FECHAS DE PRIMERA PUBLICACION",
    "ENTIDAD FEDERATIVA",
  ],
};

// Column names are confirmed, their order is not (research §9): legacy order RFC..SUPUESTO, dates/amount, state.
export const art69Cancelados: ListSchema = {
  width: 8,
  preamble: () => null,
  header: [
    "RFC",
    "RAZON SOCIAL",
    "TIPO PERSONA",
    "SUPUESTO",
    "FECHA DE CANCELACION",
    "MONTO",
    "FECHA DE PUBLICACION",
    "ENTIDAD FEDERATIVA",
  ],
  cells: (row) => [
    row.rfc,
    row.name,
    row.personType ?? "",
    row.situation ?? "",
    row.cancelledDate ?? "",
    row.amount ?? "",
    row.publishedDate ?? "",
    row.state ?? "",
  ],
};

// Six columns, no TIPO PERSONA, adds EJERCICIO and PERIODO (confirmed); the order is inferred.
export const art69EntesPublicos: ListSchema = {
  width: 6,
  preamble: () => null,
  header: ["RFC", "RAZON SOCIAL", "SUPUESTO", "EJERCICIO", "PERIODO", "FECHA DE PRIMERA PUBLICACION"],
  cells: (row) => [
    row.rfc,
    row.name,
    row.situation ?? "",
    row.fiscalYear ?? "",
    row.period ?? "",
    row.publishedDate ?? "",
  ],
};

// Six columns with NOMBRE O RAZON SOCIAL and SUPUESTO DE CANCELACION CSD (confirmed); the rest is inferred.
export const art69CsdSinEfectos: ListSchema = {
  width: 6,
  preamble: () => null,
  header: [
    "RFC",
    "NOMBRE O RAZON SOCIAL",
    "NUMERO DE CERTIFICADO",
    "SUPUESTO DE CANCELACION CSD",
    "FECHA DE CANCELACION CSD",
    "FECHA DE PUBLICACION",
  ],
  cells: (row) => [
    row.rfc,
    row.name,
    row.certificateSerial ?? "",
    row.situation ?? "",
    row.cancelledDate ?? "",
    row.publishedDate ?? "",
  ],
};
