import { type Agent, type Dispatcher, request } from "undici";
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

/** One HTTP exchange; answers 2xx and 404 (some sources mean "missing"), throws for everything else. */
export async function sendRequest(options: SendOptions): Promise<HttpAnswer> {
  try {
    const { statusCode, headers, body } = await request(options.url, {
      dispatcher: options.agent,
      method: options.method ?? "GET",
      headers: options.headers,
      body: options.body,
      signal: options.signal,
    });
    if ((statusCode < 200 || statusCode > 299) && statusCode !== 404) {
      // Read and dropped, so the connection goes back to the pool.
      await body.dump();
      const retryable = statusCode >= 500 || statusCode === 429 || statusCode === 408;
      throw new UpstreamFailure("http_error", `HTTP ${statusCode}`, retryable);
    }
    return { statusCode, headers, body: await readCapped(body, options.maxBodyBytes) };
  } catch (error) {
    if (error instanceof UpstreamFailure) throw error;
    if (options.callerSignal.aborted) throw new CallerAborted("cancelled by the caller");
    // Not retried: the attempt already spent the caller's time budget (a held request would triple it).
    if (options.signal.aborted) throw new UpstreamFailure("timeout", "attempt timed out", false);
    throw new UpstreamFailure("network_error", (error as Error).message, true);
  }
}

async function readCapped(body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new UpstreamFailure("malformed", `body larger than ${maxBytes} bytes`, false);
    }
    chunks.push(chunk);
  }
  // A body of its own: a small Buffer.concat is a slice of a shared pool, which a cached answer would pin.
  const whole = Buffer.allocUnsafeSlow(size);
  let offset = 0;
  for (const chunk of chunks) offset += chunk.copy(whole, offset);
  return whole;
}
