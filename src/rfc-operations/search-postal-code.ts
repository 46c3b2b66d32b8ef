import { listModeOf } from "../registration/data-source.ts";
import { PADRON_MAX_RECORDS, type PadronQuery, type PadronVerdict } from "../upstreams/padron/port.ts";
import type { RfcContext } from "./rfc-context.ts";

// One reason for every finished search: abort() without one builds a DOMException with a stack each time.
const SEARCH_FINISHED = new Error("the postal-code search has finished");

export type PostalSearchOutcome =
  /** SAT accepted RFC + name + this postal code. */
  | { status: "found"; zip: string; verdict: PadronVerdict }
  /** SAT rejected the RFC or the name (not registered, name mismatch…): no postal code can match. */
  | { status: "rejected"; verdict: PadronVerdict }
  /** RFC and name are right but no catalog code is the registered one. */
  | { status: "not_in_catalog" }
  /** Nothing decided, and SAT answered some code with a legend padron does not know: unknown. */
  | { status: "unrecognized"; verdict: PadronVerdict }
  | { status: "unavailable"; cause: "padron" | "catalog" };

/**
 * Recovers the registered postal code (DESIGN §3.3): the catalog in chunks of ≤ 5,000 records to the
 * padrón validation, all at once (the client's bulk bulkhead and the owner's share of it bound them);
 * the first decisive chunk wins and the calls still running are aborted.
 */
export async function searchPostalCode(
  ctx: RfcContext,
  query: { rfc: string; name: string },
  signal?: AbortSignal,
): Promise<PostalSearchOutcome> {
  const codes = await ctx.postalCodes.codes(listModeOf(ctx.auth.mode));
  if (!codes || codes.length === 0) return { status: "unavailable", cause: "catalog" };
  const cancel = new AbortController();
  const stop = () => cancel.abort(SEARCH_FINISHED);
  signal?.addEventListener("abort", stop, { once: true });
  try {
    return await new Promise<PostalSearchOutcome>((resolve) => {
      let pending = 0;
      let unreachable = false;
      let unrecognized: PadronVerdict | undefined;
      for (let start = 0; start < codes.length; start += PADRON_MAX_RECORDS) {
        // Built when the call gets its turn: a search queued behind the owner's others holds no records.
        const chunk = (): PadronQuery[] =>
          codes
            .slice(start, start + PADRON_MAX_RECORDS)
            .map((zip) => ({ rfc: query.rfc, name: query.name, zip }));
        pending += 1;
        ctx.upstreams.padron
          .validate(chunk, { owner: ctx.auth.owner.id, signal: cancel.signal })
          .then((answer) => {
            pending -= 1;
            if (answer.status !== "ok") unreachable = true;
            else {
              const decisive = decide(answer.value);
              if (decisive) return resolve(decisive);
              unrecognized ??= answer.value.find((verdict) => verdict.outcome === "unrecognized");
            }
            if (pending === 0) resolve(undecided(unreachable, unrecognized));
          });
      }
    });
  } finally {
    signal?.removeEventListener("abort", stop);
    cancel.abort(SEARCH_FINISHED);
  }
}

/**
 * A chunk decides when one code is accepted, or when SAT objects to something other than the code. An
 * unknown legend decides nothing: it may be SAT's new words for the very code sought.
 */
function decide(verdicts: readonly PadronVerdict[]): PostalSearchOutcome | null {
  const accepted = verdicts.find((verdict) => verdict.outcome === "valid");
  if (accepted) return { status: "found", zip: accepted.zip, verdict: accepted };
  const objection = verdicts.find(
    (verdict) => verdict.outcome !== "zip_mismatch" && verdict.outcome !== "unrecognized",
  );
  return objection ? { status: "rejected", verdict: objection } : null;
}

/** Every chunk answered or failed without deciding. */
function undecided(unreachable: boolean, unrecognized: PadronVerdict | undefined): PostalSearchOutcome {
  if (unreachable) return { status: "unavailable", cause: "padron" };
  return unrecognized ? { status: "unrecognized", verdict: unrecognized } : { status: "not_in_catalog" };
}
