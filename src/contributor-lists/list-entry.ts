export type Article = "69" | "69-B" | "69-B Bis";

export type SubList =
  | "firmes"
  | "exigibles"
  | "no localizados"
  | "cancelados"
  | "sentencias"
  | "csd sin efectos"
  | "entes públicos omisos"
  | "presuntos"
  | "definitivos"
  | "desvirtuados"
  | "sentencias favorables";

/** One row of a SAT list file (DESIGN §3.3). The same RFC may appear in several entries. */
export type ListEntry = {
  rfc: string;
  article: Article;
  sub_list: SubList;
  /** The row's SUPUESTO / "Situación del contribuyente" text ("" when the file has none). */
  situation: string;
  name: string;
  /** From the file's TIPO PERSONA, else from RFC length (12 → M, 13 → F); "" when neither tells. */
  person_type: "M" | "F" | "";
  /** ENTIDAD FEDERATIVA, "" when the file has none. */
  state: string;
  /** SAT replaced the RFC with `XXXXXXXXXXXX`: kept, never matched. */
  suppressed: boolean;
  /** Every other non-empty cell by its header text (dates kept as raw text). */
  raw?: Record<string, string>;
};
