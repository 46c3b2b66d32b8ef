import { type Dispatcher, request } from "undici";
import { ListDownloadError, type ListProvenance } from "./list-store-types.ts";

type DownloadRequest = {
  url: string;
  /** Validators of the current version, sent as If-None-Match / If-Modified-Since. */
  etag: string | null;
  lastModified: string | null;
  timeoutMs: number;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
};

type Download =
  | { status: "not_modified" }
  | { status: "ok"; body: AsyncIterable<Uint8Array>; provenance: ListProvenance; abort(): void };

/** A conditional GET of one list file; the body is streamed, never buffered whole. */
export async function downloadListFile(download: DownloadRequest): Promise<Download> {
  const headers: Record<string, string> = { "accept-encoding": "identity" };
  if (download.etag) headers["if-none-match"] = download.etag;
  if (download.lastModified) headers["if-modified-since"] = download.lastModified;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(download.url, {
      method: "GET",
      headers,
      headersTimeout: download.timeoutMs,
      bodyTimeout: download.timeoutMs,
      dispatcher: download.dispatcher,
      signal: download.signal,
    });
  } catch (error) {
    throw new ListDownloadError(`${download.url}: ${(error as Error).message}`, { cause: error });
  }
  if (response.statusCode === 304) {
    await response.body.dump();
    return { status: "not_modified" };
  }
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => {});
    throw new ListDownloadError(`${download.url}: HTTP ${response.statusCode}`);
  }
  const length = Number(header(response.headers, "content-length") ?? Number.NaN);
  return {
    status: "ok",
    body: response.body,
    abort: () => response.body.destroy(),
    provenance: {
      sourceUrl: download.url,
      etag: header(response.headers, "etag"),
      lastModified: header(response.headers, "last-modified"),
      expectedBytes: Number.isSafeInteger(length) ? length : null,
    },
  };
}

function header(headers: Dispatcher.ResponseData["headers"], name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
