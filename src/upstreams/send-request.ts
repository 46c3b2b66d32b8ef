import type { Agent, Dispatcher } from "undici";
import { CallerAborted, UpstreamFailure } from "./upstream-failure.ts";

export type HttpAnswer = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type SendOptions = {
  agent: Agent;
  url: string;
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Aborted by the attempt timeout or by the caller. */
  signal: AbortSignal;
  /** The caller's own signal, to tell a cancellation from a timeout. */
  callerSignal: AbortSignal;
  maxBodyBytes: number;
};

/**
 * One HTTP exchange; answers 2xx and 404 (some sources mean "missing"), throws for everything else.
 * Dispatched with a handler that gathers the body's chunks: a response stream per upstream call cost
 * more than the rest of reading an answer.
 */
export function sendRequest(options: SendOptions): Promise<HttpAnswer> {
  const { origin, path } = splitUrl(options.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let statusCode = 0;
    let headers: HttpAnswer["headers"] = {};
    let controller: Dispatcher.DispatchController | null = null;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener("abort", onAbort);
      if (error) reject(failureOf(error, options));
      else if (answered(statusCode)) resolve({ statusCode, headers, body: concat(chunks, size) });
      else reject(httpError(statusCode));
    };
    const onAbort = () => {
      controller?.abort(new Error("aborted"));
      finish(new Error("aborted"));
    };
    if (options.signal.aborted) return finish(new Error("aborted"));
    options.signal.addEventListener("abort", onAbort, { once: true });
    options.agent.dispatch(
      { origin, path, method: options.method ?? "GET", headers: options.headers, body: options.body },
      {
        onRequestStart(started) {
          controller = started;
          if (settled) started.abort(new Error("aborted"));
        },
        onResponseStart(_controller, status, responseHeaders) {
          statusCode = status;
          headers = responseHeaders as HttpAnswer["headers"];
        },
        onResponseData(current, chunk) {
          size += chunk.length;
          if (size > options.maxBodyBytes) {
            const tooLarge = new UpstreamFailure(
              "malformed",
              `body larger than ${options.maxBodyBytes} bytes`,
              false,
            );
            current.abort(tooLarge);
            return finish(tooLarge);
          }
          // An error status's body is read to keep the connection, but not kept.
          if (answered(statusCode)) chunks.push(chunk);
        },
        onResponseEnd() {
          finish(null);
        },
        onResponseError(_controller, error) {
          finish(error);
        },
      },
    );
  });
}

const answered = (statusCode: number) => (statusCode >= 200 && statusCode <= 299) || statusCode === 404;

function failureOf(error: Error, options: SendOptions): Error {
  if (error instanceof UpstreamFailure) return error;
  if (options.callerSignal.aborted) return new CallerAborted("cancelled by the caller");
  // Not retried: the attempt already spent the caller's time budget (a held request would triple it).
  if (options.signal.aborted) return new UpstreamFailure("timeout", "attempt timed out", false);
  return new UpstreamFailure("network_error", error.message, true);
}

function httpError(statusCode: number): UpstreamFailure {
  const retryable = statusCode >= 500 || statusCode === 429 || statusCode === 408;
  return new UpstreamFailure("http_error", `HTTP ${statusCode}`, retryable);
}

/**
 * The body in memory of its own: chunks are views into the socket's read buffers, and a small
 * Buffer.concat is a slice of a shared 64 KiB pool; a cached answer must pin neither.
 */
function concat(chunks: Buffer[], size: number): Buffer {
  const body = Buffer.allocUnsafeSlow(size);
  let offset = 0;
  for (const chunk of chunks) offset += chunk.copy(body, offset);
  return body;
}

// The path is kept as configured and written: only the origin part goes through URL.
function splitUrl(url: string): { origin: string; path: string } {
  const slash = url.indexOf("/", url.indexOf("://") + 3);
  const root = slash === -1 ? url : url.slice(0, slash);
  return { origin: new URL(root).origin, path: slash === -1 ? "/" : url.slice(slash) };
}
