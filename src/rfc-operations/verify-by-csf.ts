import { PADRON_LEGENDS } from "../upstreams/padron/padron-exchange.ts";
import type { CsfRecord, SatCsfPort } from "../upstreams/sat-csf/port.ts";
import { MESSAGES } from "./messages.ts";

export const CSF_SOURCE = "sat_csf" as const;

/** A verify answer taken from SAT's CSF page; `record` when SAT showed one. */
export type CsfVerdict = { valid: boolean | null; message: string; source: "sat_csf"; record?: CsfRecord };

/**
 * The name a CFDI 4.0 receptor must carry: the page's name as shown. SAT shows a company's régimen de
 * capital in a row of its own, so nothing is cut from the denominación ("… Y CIA" is the firm's name).
 */
export const cfdiNameOfRecord = (record: CsfRecord) =>
  record.name.normalize("NFC").replace(/\s+/g, " ").trim();

/**
 * RFC + idCIF against SAT's CSF page, and name and CP when given, with the CFDI 4.0 rule (research §4:
 * letter for letter — case, accents, spaces, dots, commas — against the name without its régimen de
 * capital). In SAT's legends, name before CP as the padrón answers; an unknown pair is a definite `false`.
 */
export async function verifyByCsf(
  satCsf: SatCsfPort,
  input: { rfc: string; idCif: string; name?: string; zip?: string },
  signal?: AbortSignal,
): Promise<CsfVerdict> {
  const answer = await satCsf.lookup(input.rfc, input.idCif, signal);
  const source = CSF_SOURCE;
  if (answer.status !== "ok") return { valid: null, message: MESSAGES.satUnreachable, source };
  const record = answer.value.record;
  if (!record) return { valid: false, message: MESSAGES.csfPairNotFound, source };
  const judged = (valid: boolean, message: string) => ({ valid, message, source, record });
  if (/^CANCELAD/i.test(record.status)) return judged(false, PADRON_LEGENDS.notRegistered);
  if (input.name !== undefined && input.name.normalize("NFC").trim() !== cfdiNameOfRecord(record))
    return judged(false, PADRON_LEGENDS.nameMismatch);
  if (input.zip !== undefined && input.zip.trim() !== record.zip)
    return judged(false, PADRON_LEGENDS.zipMismatch);
  return judged(true, PADRON_LEGENDS.valid);
}
