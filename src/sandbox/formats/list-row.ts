/** One published oficio: its number-and-date text and the publication date cell, both raw text. */
export type OficioPublication = { oficio?: string; published?: string };

/** One stage of a 69-B / 69-B Bis proceeding, as published on SAT's page and in the DOF. */
export type ProceedingStage = { sat?: OficioPublication; dof?: OficioPublication };

/**
 * One row of any contributor-list file. Every value is written as given (raw text: odd dates,
 * suppressed `XXXXXXXXXXXX` RFCs, names with quotes, commas or newlines); columns a file lacks are ignored.
 */
export type ListRow = {
  rfc: string;
  name: string;
  /** 69-B / 69-B Bis "No" column; defaults to the 1-based row position. */
  number?: string;
  /** Art. 69 TIPO PERSONA: "M", "F" or "" (real files have empty cells). */
  personType?: string;
  /** Art. 69 SUPUESTO (CSD: SUPUESTO DE CANCELACION CSD) or 69-B "Situación del contribuyente". */
  situation?: string;
  /** Art. 69 FECHA(S) DE (PRIMERA) PUBLICACION, raw text. */
  publishedDate?: string;
  /** ENTIDAD FEDERATIVA. */
  state?: string;
  /** Cancelados FECHA DE CANCELACION / CSD FECHA DE CANCELACION CSD. */
  cancelledDate?: string;
  /** Cancelados MONTO, raw text. */
  amount?: string;
  /** Entes públicos EJERCICIO and PERIODO. */
  fiscalYear?: string;
  period?: string;
  /** CSD sin efectos: the certificate's 20-digit number. */
  certificateSerial?: string;
  presumption?: ProceedingStage;
  refuted?: ProceedingStage;
  definitive?: ProceedingStage;
  favorableRuling?: ProceedingStage;
};
