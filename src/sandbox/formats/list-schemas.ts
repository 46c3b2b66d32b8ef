import type { ListRow, ProceedingStage } from "./list-row.ts";

/** How one list file is laid out: preamble lines, header cells, and a row's cells. */
export type ListSchema = {
  /** Declared columns: every line (preamble, padding, data) has this many cells. */
  width: number;
  preamble: (contentDate: Date) => { quoted: string; title: string } | null;
  header: readonly string[];
  cells: (row: ListRow, position: number) => string[];
};

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

const art69Base: ListSchema = { width: 6, preamble: () => null, header: ART69_BASE, cells: baseCells };

// Accented and plural names, as measured in the real file (research §1.4).
const art69Sentencias: ListSchema = {
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
const art69Cancelados: ListSchema = {
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
const art69EntesPublicos: ListSchema = {
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
const art69CsdSinEfectos: ListSchema = {
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

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** "31 de diciembre de 2025" in UTC, day without a leading zero as SAT writes it. */
export function spanishLongDate(date: Date): string {
  return `${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]} de ${date.getUTCFullYear()}`;
}

const stageCells = (stage: ProceedingStage | undefined) => [
  stage?.sat?.oficio ?? "",
  stage?.sat?.published ?? "",
  stage?.dof?.oficio ?? "",
  stage?.dof?.published ?? "",
];

const proceedingHeader = (stage: string, satPage: string, dofPage: string) => [
  `Número y fecha de oficio global ${stage} SAT`,
  `Publicación página SAT ${satPage}`,
  `Número y fecha de oficio global ${stage} DOF`,
  `Publicación DOF ${dofPage}`,
];

const ART69B_HEADER = [
  "No",
  "RFC",
  "Nombre del Contribuyente",
  "Situación del contribuyente",
  ...proceedingHeader("de presunción", "presuntos", "presuntos"),
  ...proceedingHeader("de contribuyentes que desvirtuaron", "desvirtuados", "desvirtuados"),
  ...proceedingHeader("de definitivos", "definitivos", "definitivos"),
  ...proceedingHeader("de sentencia favorable", "sentencia favorable", "sentencia favorable"),
];

// The sentence after "actualizada al <fecha>" is elided in research §1.5; only its opening is verbatim.
const art69bUpdatedAt = (date: Date) =>
  `Información actualizada al ${spanishLongDate(date)}; los listados a que se hace mención, son de carácter ` +
  "público, de conformidad con el artículo 69-B del Código Fiscal de la Federación, y se pueden consultar " +
  "en el Sistema de Información Fiscal (SIFEN) del SAT.";

const art69bCells = (row: ListRow, position: number) => [
  row.number ?? String(position),
  row.rfc,
  row.name,
  row.situation ?? "",
  ...stageCells(row.presumption),
  ...stageCells(row.refuted),
  ...stageCells(row.definitive),
  ...stageCells(row.favorableRuling),
];

function art69b(title: string): ListSchema {
  return {
    width: 20,
    preamble: (date) => ({ quoted: art69bUpdatedAt(date), title }),
    header: ART69B_HEADER,
    cells: art69bCells,
  };
}

// Presuntos.csv declares 23 columns (3 empty at the end) and names the first one "No." (research §1.5).
const art69bPresuntos: ListSchema = {
  ...art69b("Listado de contribuyentes presuntos (Artículo 69-B del CFF)"),
  width: 23,
  header: ["No.", ...ART69B_HEADER.slice(1), "", "", ""],
};

const BIS_HEADER = [
  "No.",
  "RFC",
  "Nombre del Contribuyente",
  "Situación del contribuyente",
  ...proceedingHeader("definitivo", "definitivo", "definitivo"),
  ...proceedingHeader("de sentencia favorable", "sentencia favorable", "sentencia favorable"),
];

// Preamble wording from the 69-B Bis fixture (fixtures/lists/69b_bis_split_row.csv).
function art69bBis(title: string): ListSchema {
  return {
    width: 12,
    preamble: (date) => ({
      quoted: `Información actualizada al ${spanishLongDate(date)}; los listados son de carácter público.`,
      title,
    }),
    header: BIS_HEADER,
    cells: (row, position) => [
      row.number ?? String(position),
      row.rfc,
      row.name,
      row.situation ?? "",
      ...stageCells(row.definitive),
      ...stageCells(row.favorableRuling),
    ],
  };
}

/** Schema per official file name. Sub-file titles (line 1) other than the two complete lists are inferred. */
export const LIST_SCHEMAS: Readonly<Record<string, ListSchema>> = {
  "Firmes.csv": art69Base,
  "No_localizados.csv": art69Base,
  "Exigibles.csv": art69Base,
  "Sentencias.csv": art69Sentencias,
  "Cancelados.csv": art69Cancelados,
  "EntespublicosydeGobiernoomisos.csv": art69EntesPublicos,
  "CSDsinefectos.csv": art69CsdSinEfectos,
  "Listado_completo_69-B.csv": art69b("Listado completo de contribuyentes (Artículo 69-B del CFF)"),
  "Definitivos.csv": art69b("Listado de contribuyentes definitivos (Artículo 69-B del CFF)"),
  "SentenciasFavorables.csv": art69b(
    "Listado de contribuyentes con sentencia favorable (Artículo 69-B del CFF)",
  ),
  "Desvirtuados.csv": art69b("Listado de contribuyentes que desvirtuaron (Artículo 69-B del CFF)"),
  "Presuntos.csv": art69bPresuntos,
  "Listado_69_B_Bis_Completo.csv": art69bBis("Listado completo 69-B Bis"),
  "Listado_69_B_Bis_Definitivo.csv": art69bBis("Listado 69-B Bis definitivos"),
  "Listado_69_B_Bis_SentenciaFa.csv": art69bBis("Listado 69-B Bis sentencia favorable"),
};
