import { isGenericRfc } from "../mexico/generic-rfcs.ts";
import type { Db } from "../platform/db/connect.ts";
import type { ListMode } from "../platform/db/schema.ts";
import { PADRON_LEGENDS } from "../upstreams/padron/padron-exchange.ts";
import type { ListSource } from "./data-source.ts";
import { asOfDay } from "./list-date.ts";
import { readRegistration } from "./read-registration.ts";

export type ListVerdict = { valid: boolean | null; message: string } & Partial<ListSource>;

export const LIST_MESSAGES = {
  noList: "La lista de RFC inscritos del SAT aún no se ha importado; el resultado es desconocido.",
  nameNeedsConnector:
    "El RFC está en la lista de RFC inscritos del SAT; el nombre y el código postal solo se pueden validar con el padrón, que no está disponible.",
  genericRfc:
    "RFC genérico: la lista de RFC inscritos del SAT no dice si se puede usar en una factura; el resultado es desconocido.",
} as const;

/**
 * The padrón check answered from the registered-RFC list, for a deployment without a padrón connector:
 * RFC alone → SAT's own legends; with name and zip, an RFC absent from the list is decisively not
 * registered (but for a generic RFC), a present one unknown (the list has no names or postal codes).
 */
export async function answerFromRfcList(
  db: Db,
  mode: ListMode,
  record: { rfc: string; name?: string; zip?: string },
): Promise<ListVerdict> {
  const { status } = await readRegistration(db, mode, record.rfc);
  if (status.listDate === null) return { valid: null, message: LIST_MESSAGES.noList };
  const source: ListSource = { source: "sat_rfc_list", data_as_of: asOfDay(status.listDate) };
  // CFDI 4.0 exempts the generic RFCs from the list, so their absence from it proves nothing.
  if (!status.registered && isGenericRfc(record.rfc))
    return { valid: null, message: LIST_MESSAGES.genericRfc, ...source };
  if (!status.registered) return { valid: false, message: PADRON_LEGENDS.notRegistered, ...source };
  if (record.name || record.zip) return { valid: null, message: LIST_MESSAGES.nameNeedsConnector, ...source };
  return { valid: true, message: PADRON_LEGENDS.valid, ...source };
}
