import type { ListRow, ProceedingStage } from "./list-row.ts";
import type { ListSchema } from "./list-schema.ts";

/** Art. 69-B (20 columns) and 69-B Bis (12 columns) files: two preamble lines, then the header (research §1.5–1.6). */
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

/** A data row in both layouts: No, RFC, name, situation, then four cells per proceeding stage. */
const rowCells = (row: ListRow, position: number, stages: (ProceedingStage | undefined)[]) => [
  row.number ?? String(position),
  row.rfc,
  row.name,
  row.situation ?? "",
  ...stages.flatMap(stageCells),
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

export function art69b(title: string): ListSchema {
  return {
    width: 20,
    preamble: (date) => ({ quoted: art69bUpdatedAt(date), title }),
    header: ART69B_HEADER,
    cells: (row, position) =>
      rowCells(row, position, [row.presumption, row.refuted, row.definitive, row.favorableRuling]),
  };
}

// Presuntos.csv declares 23 columns (3 empty at the end) and names the first one "No." (research §1.5).
export const art69bPresuntos: ListSchema = {
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
export function art69bBis(title: string): ListSchema {
  return {
    width: 12,
    preamble: (date) => ({
      quoted: `Información actualizada al ${spanishLongDate(date)}; los listados son de carácter público.`,
      title,
    }),
    header: BIS_HEADER,
    cells: (row, position) => rowCells(row, position, [row.definitive, row.favorableRuling]),
  };
}
