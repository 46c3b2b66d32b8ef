import type { Log } from "../../platform/log.ts";
import { type AnswerCache, cachedAnswer } from "../answer-cache.ts";
import { ok, type UpstreamResult, unavailable } from "../result.ts";
import type { UpstreamCaller } from "../upstream-caller.ts";
import { answerEncoding, formatPadronRequest } from "./padron-exchange.ts";
import {
  type BulkCall,
  PADRON_MAX_RECORDS,
  type PadronPort,
  type PadronQuery,
  type PadronRecords,
  type PadronVerdict,
} from "./port.ts";
import { readPadronAnswer } from "./read-padron-answer.ts";

type PadronConnection = {
  url: string;
  /** One-record checks (verify, validate's status): never queued behind bulk calls. */
  interactive: UpstreamCaller;
  /** Calls of many records (postal-code searches, batches), shared between owners. */
  bulk: UpstreamCaller;
  cache: AnswerCache<UpstreamResult<PadronVerdict>>;
  log: Log;
};

/** The padrón validation over HTTP: POST text lines to the connector (or the sandbox) URL. */
export function createPadronClient(connection: PadronConnection | null): PadronPort {
  async function post(lane: "interactive" | "bulk", records: PadronRecords, call: BulkCall = {}) {
    const given = typeof records === "function" ? null : checkCount(records);
    if (!connection) return unavailable("not_configured");
    if (given?.length === 0) return ok([]);
    let built = given;
    return connection[lane].call(
      call.signal,
      async (send) => {
        built ??= checkCount((records as () => readonly PadronQuery[])());
        const answer = await send({
          url: connection.url,
          method: "POST",
          headers: { "content-type": "text/plain; charset=utf-8" },
          body: formatPadronRequest(built),
        });
        const verdicts = readPadronAnswer(answer.body, answerEncoding(answer.headers["content-type"]), built);
        warnOfUnknownLegends(connection.log, verdicts);
        return ok(verdicts);
      },
      call.owner,
    );
  }

  async function checkOne(record: PadronQuery, signal?: AbortSignal): Promise<UpstreamResult<PadronVerdict>> {
    if (!connection) return unavailable("not_configured");
    const key = `${record.rfc}|${record.name}|${record.zip}`;
    return cachedAnswer(connection.cache, key, signal, async (shared) => {
      const answer = await post("interactive", [record], { signal: shared });
      return answer.status === "ok" ? ok(answer.value[0]) : answer;
    });
  }

  return {
    validate: (records, call) => post("bulk", records, call),
    checkRfc: (rfc, signal) => checkOne({ rfc, name: "", zip: "" }, signal),
    checkRecord: checkOne,
  };
}

/** A legend padron does not know answers `valid: null`; operators must hear of it, SAT may have reworded one. */
function warnOfUnknownLegends(log: Log, verdicts: readonly PadronVerdict[]): void {
  const unknown = new Set(verdicts.filter((v) => v.outcome === "unrecognized").map((v) => v.legend));
  if (unknown.size > 0)
    log("warn", "the padrón answered a legend padron does not recognize", { legends: [...unknown] });
}

function checkCount(records: readonly PadronQuery[]): readonly PadronQuery[] {
  if (records.length > PADRON_MAX_RECORDS)
    throw new RangeError(`at most ${PADRON_MAX_RECORDS} records per padrón call, got ${records.length}`);
  return records;
}
