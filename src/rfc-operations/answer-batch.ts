import { normalizeRfc } from "../mexico/normalize-rfc.ts";
import { isValidRfcStructure } from "../mexico/parse-rfc.ts";
import type { ListVerdict } from "../registration/answer-from-rfc-list.ts";
import { PADRON_LEGENDS, validityOf } from "../upstreams/padron/padron-exchange.ts";
import { PADRON_MAX_RECORDS, type PadronPort, type PadronQuery } from "../upstreams/padron/port.ts";
import type { SatCsfPort } from "../upstreams/sat-csf/port.ts";
import type { BatchRecord, BatchResult } from "./batch-schemas.ts";
import { MESSAGES } from "./messages.ts";
import { readName } from "./read-rfc.ts";
import { verifyByCsf } from "./verify-by-csf.ts";

/**
 * Answers every record: a structurally invalid RFC gets SAT's own legend without going upstream, the
 * rest go to the padrón in calls of at most 5,000 records, all at once (the client bounds concurrency,
 * and `owner`'s share of it). Returns the webhook body (spec §6) and the records to refund: a bad
 * structure (never sent upstream) or SAT unreachable (answer unknown).
 */
export async function answerBatch(
  padron: PadronPort,
  records: readonly BatchRecord[],
  options: {
    owner?: string;
    signal?: AbortSignal;
    progress?: (done: number) => Promise<void>;
    /** Answers a record when no padrón connector is configured (the registered-RFC list). */
    fallback?: (query: PadronQuery) => Promise<ListVerdict>;
    /** SAT's CSF page, for records that carry an idCIF. */
    csf?: SatCsfPort;
  } = {},
) {
  const results: BatchResult[] = new Array(records.length);
  const upstream: { index: number; query: PadronQuery }[] = [];
  const byCsf: { index: number; query: PadronQuery; idCif: string }[] = [];
  records.forEach((record, index) => {
    const rfc = normalizeRfc(record.rfc);
    const query = { rfc, name: readName(record.name) ?? "", zip: record.zip.trim() };
    const idCif = record.id_cif?.trim();
    if (!isValidRfcStructure(rfc))
      results[index] = { ...record, rfc, valid: false, message: PADRON_LEGENDS.badStructure };
    else if (idCif && options.csf) byCsf.push({ index, query, idCif });
    else upstream.push({ index, query });
  });
  let refundable = records.length - upstream.length - byCsf.length;
  let done = refundable;
  await options.progress?.(done);
  const csf = options.csf;
  const csfAnswers = Promise.all(
    byCsf.map(async ({ index, query, idCif }) => {
      const { record: _, ...verdict } = await verifyByCsf(
        csf as SatCsfPort,
        { rfc: query.rfc, idCif, name: query.name || undefined, zip: query.zip || undefined },
        options.signal,
      );
      results[index] = { ...records[index], rfc: query.rfc, ...verdict };
      if (verdict.valid === null) refundable++;
      done++;
    }),
  );
  const chunks = [];
  for (let start = 0; start < upstream.length; start += PADRON_MAX_RECORDS)
    chunks.push(upstream.slice(start, start + PADRON_MAX_RECORDS));
  await Promise.all(
    chunks.map(async (chunk) => {
      const answer = await padron.validate(
        chunk.map((entry) => entry.query),
        { owner: options.owner, signal: options.signal },
      );
      const { fallback } = options;
      if (answer.status === "unavailable" && answer.reason === "not_configured" && fallback) {
        for (const entry of chunk) {
          const listed = await fallback(entry.query);
          results[entry.index] = { ...records[entry.index], rfc: entry.query.rfc, ...listed };
          if (listed.valid === null) refundable++;
        }
        done += chunk.length;
        await options.progress?.(done);
        return;
      }
      chunk.forEach((entry, position) => {
        const record = records[entry.index];
        const verdict = answer.status === "ok" ? answer.value[position] : null;
        results[entry.index] = verdict
          ? { ...record, rfc: entry.query.rfc, valid: validityOf(verdict.outcome), message: verdict.legend }
          : { ...record, rfc: entry.query.rfc, valid: null, message: MESSAGES.satUnreachable };
        if (results[entry.index].valid === null) refundable++;
      });
      done += chunk.length;
      await options.progress?.(done);
    }),
  );
  await csfAnswers;
  await options.progress?.(done);
  return { body: { count: results.length, results }, refundable };
}
