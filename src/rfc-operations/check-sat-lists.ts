import type { Static } from "typebox";
import { syncedListFiles } from "../contributor-lists/catalog.ts";
import { lookupSatLists, type SatListsAnswer } from "../contributor-lists/lookup-sat-lists.ts";
import { payForRequest } from "../credits/pay-for-request.ts";
import { listModeOf } from "../registration/data-source.ts";
import type { RequestContext } from "../request-context.ts";
import type { SatListsSchema } from "./local-answer-schemas.ts";
import { readRfc } from "./read-rfc.ts";

/** What `POST /v1/rfc/sat-lists` answers; `message` and `missing_lists` only while lists are missing. */
export type SatListsResult = Static<typeof SatListsSchema>;

/**
 * The sat-lists operation: structure check (not charged), the local lookup, then the charge, which an
 * unknown answer (`sat_lists: null`) does not pay: the lookup comes first so nothing is taken back.
 */
export async function checkSatLists(ctx: RequestContext, input: string): Promise<SatListsResult> {
  const { rfc } = readRfc(input);
  const answer = await lookupSatLists(ctx.db, listModeOf(ctx.auth.mode), rfc);
  await payForRequest(ctx, "sat-lists", answer.sat_lists === null ? 0 : 1);
  const result: SatListsResult = { rfc, sat_lists: answer.sat_lists, data_as_of: answer.data_as_of };
  if (answer.missing_lists.length === 0) return result;
  return { ...result, message: listsMessage(answer), missing_lists: answer.missing_lists };
}

/** Spanish, as every result message: why the answer is unknown, or why it may lack entries. */
function listsMessage({ sat_lists, missing_lists }: SatListsAnswer): string {
  if (sat_lists === null && missing_lists.length === syncedListFiles().length)
    return "Las listas de contribuyentes del SAT (artículos 69, 69-B y 69-B Bis) no están cargadas; el resultado es desconocido, intente más tarde.";
  const missing = `Faltan listas del SAT por cargar (${missing_lists.join(", ")})`;
  return sat_lists === null
    ? `${missing}; el RFC no aparece en las cargadas, pero el resultado es desconocido.`
    : `${missing}; el RFC aparece en las cargadas, y las que faltan podrían añadir más entradas.`;
}
