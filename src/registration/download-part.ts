import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Dispatcher, request } from "undici";
import { SignedFileError } from "../signed-files/signed-file-error.ts";
import type { PublishedPart } from "./find-published-dates.ts";
import { flushingWriter } from "./flushing-writer.ts";

export type DownloadOptions = {
  timeoutMs: number;
  retries: number;
  retryDelayMs?: number;
  dispatcher?: Dispatcher;
  onProgress?: (bytes: number, total: number) => void;
};

/**
 * Downloads a listed part into `dir`, resuming a `.partial` file left by an interrupted download
 * (HTTP Range), retrying network failures and 5xx; the finished file must have the listing's
 * Content-Length and Content-MD5, or it is deleted and refused.
 */
export async function downloadPart(
  blob: PublishedPart,
  dir: string,
  options: DownloadOptions,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const done = join(dir, blob.name);
  if ((await sizeOf(done)) === blob.bytes && (await md5Matches(done, blob.md5))) return done;
  const partial = `${done}.partial`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetchRest(blob, partial, options);
      break;
    } catch (error) {
      if (error instanceof SignedFileError || attempt >= options.retries) throw error;
      await sleep((options.retryDelayMs ?? 1000) * 2 ** attempt);
    }
  }
  if (!(await md5Matches(partial, blob.md5))) {
    await rm(partial, { force: true });
    throw new SignedFileError(`${blob.name}: Content-MD5 mismatch (the download is not the listed part)`);
  }
  await rename(partial, done);
  return done;
}

async function fetchRest(blob: PublishedPart, partial: string, options: DownloadOptions) {
  let have = (await sizeOf(partial)) ?? 0;
  if (have > blob.bytes) {
    await rm(partial, { force: true });
    have = 0;
  }
  if (have < blob.bytes) {
    const response = await request(blob.url, {
      headers: have > 0 ? { range: `bytes=${have}-` } : {},
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      dispatcher: options.dispatcher,
    });
    if (response.statusCode !== 200 && response.statusCode !== 206) {
      await response.body.dump().catch(() => {});
      const message = `${blob.name}: HTTP ${response.statusCode}`;
      if (response.statusCode >= 400 && response.statusCode < 500 && response.statusCode !== 429)
        throw new SignedFileError(message);
      throw new Error(message);
    }
    if (response.statusCode === 200) have = 0;
    let written = have;
    const file = await open(partial, have > 0 ? "a" : "w");
    try {
      const write = flushingWriter(file);
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        await write(chunk);
        written += chunk.length;
        options.onProgress?.(written, blob.bytes);
      }
    } finally {
      await file.close();
    }
  }
  const size = (await sizeOf(partial)) ?? 0;
  if (size !== blob.bytes) {
    if (size > blob.bytes) await rm(partial, { force: true });
    throw new Error(`${blob.name}: ${size} of ${blob.bytes} bytes (download cut short)`);
  }
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

async function md5Matches(path: string, expected: string | null): Promise<boolean> {
  if (!expected) return true;
  const hash = createHash("md5");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("base64") === expected;
}
