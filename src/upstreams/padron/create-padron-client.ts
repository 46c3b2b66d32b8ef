import { type AnswerCache, cachedAnswer } from "../answer-cache.ts";
import { ok, type UpstreamResult, unavailable } from "../result.ts";
import type { UpstreamCaller } from "../upstream-caller.ts";
import { answerEncoding, formatPadronRequest } from "./padron-exchange.ts";
import { PADRON_MAX_RECORDS, type PadronPort, type PadronQuery, type PadronVerdict } from "./port.ts";
import { readPadronAnswer } from "./read-padron-answer.ts";

export type PadronConnection = {
  url: string;
  caller: UpstreamCaller;
  cache: AnswerCache<UpstreamResult<PadronVerdict>>;
};

/** The padrón validation over HTTP: POST text lines to the connector (or the sandbox) URL. */
export function createPadronClient(connection: PadronConnection | null): PadronPort {
  async function validate(records: readonly PadronQuery[], signal?: AbortSignal) {
    if (records.length > PADRON_MAX_RECORDS)
      throw new RangeError(`at most ${PADRON_MAX_RECORDS} records per padrón call, got ${records.length}`);
    if (!connection) return unavailable("not_configured");
    if (records.length === 0) return ok([]);
    const { url, caller } = connection;
    return caller.call(signal, async (send) => {
      const answer = await send({
        url,
        method: "POST",
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: formatPadronRequest(records),
      });
      const contentType = answer.headers["content-type"];
      const encoding = answerEncoding(Array.isArray(contentType) ? contentType[0] : contentType);
      return ok(readPadronAnswer(answer.body, encoding, records));
    });
  }

  async function checkOne(record: PadronQuery, signal?: AbortSignal): Promise<UpstreamResult<PadronVerdict>> {
    if (!connection) return unavailable("not_configured");
    const key = `${record.rfc}|${record.name}|${record.zip}`;
    return cachedAnswer(connection.cache, key, signal, async (shared) => {
      const answer = await validate([record], shared);
      return answer.status === "ok" ? ok(answer.value[0]) : answer;
    });
  }

  return {
    validate,
    checkRfc: (rfc, signal) => checkOne({ rfc, name: "", zip: "" }, signal),
    checkRecord: checkOne,
  };
}
