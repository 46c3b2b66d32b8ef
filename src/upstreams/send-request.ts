import type { Agent, Dispatcher } from "undici";
import { request } from "undici";
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
  body?: string;
  /** Aborted by the attempt timeout or by the caller. */
  signal: AbortSignal;
  /** The caller's own signal, to tell a cancellation from a timeout. */
  callerSignal: AbortSignal;
  maxBodyBytes: number;
};

/** One HTTP exchange; answers 2xx and 404 (some sources mean "missing"), throws for everything else. */
export async function sendRequest(options: SendOptions): Promise<HttpAnswer> {
  try {
    const response = await request(options.url, {
      dispatcher: options.agent,
      method: options.method ?? "GET",
      headers: options.headers,
      body: options.body,
      signal: options.signal,
    });
    const { statusCode } = response;
    if ((statusCode < 200 || statusCode > 299) && statusCode !== 404) {
      await response.body.dump().catch(() => undefined);
      const retryable = statusCode >= 500 || statusCode === 429 || statusCode === 408;
      throw new UpstreamFailure("http_error", `HTTP ${statusCode}`, retryable);
    }
    const body = await readLimited(response.body, options.maxBodyBytes);
    return { statusCode, headers: response.headers, body };
  } catch (error) {
    if (error instanceof UpstreamFailure) throw error;
    if (options.callerSignal.aborted) throw new CallerAborted("cancelled by the caller");
    // Not retried: the attempt already spent the caller's time budget (a held request would triple it).
    if (options.signal.aborted) throw new UpstreamFailure("timeout", "attempt timed out", false);
    throw new UpstreamFailure("network_error", (error as Error).message, true);
  }
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new UpstreamFailure("malformed", `body larger than ${limit} bytes`, false);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
