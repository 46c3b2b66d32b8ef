import { type Dispatcher, request } from "undici";
import type { RegistrationList } from "../platform/db/schema.ts";
import { SignedFileError } from "../signed-files/signed-file-error.ts";
import { partPrefix, readPartName } from "./part-name.ts";
import { type ListedBlob, readBlobListing } from "./read-blob-listing.ts";

export type PublishedPart = ListedBlob & { url: string };
export type PublishedDate = { date: string; parts: PublishedPart[] };

/**
 * The complete dates of a list, newest first, listed by month (this one and the one before). Complete:
 * parts 1…N without a gap and N at least the date before's count (SAT uploads parts one by one).
 */
export async function findPublishedDates(
  baseUrl: string,
  list: RegistrationList,
  options: { now?: Date; timeoutMs: number; dispatcher?: Dispatcher },
): Promise<PublishedDate[]> {
  const now = options.now ?? new Date();
  const months = [0, 1].map((back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
  const byDate = new Map<string, Map<number, PublishedPart>>();
  for (const month of months)
    for (const blob of await listBlobs(baseUrl, partPrefix(list, month), options)) {
      const name = readPartName(blob.name);
      if (!name || name.list !== list) continue;
      const parts = byDate.get(name.date) ?? new Map();
      parts.set(name.part, {
        ...blob,
        url: `${baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(blob.name)}`,
      });
      byDate.set(name.date, parts);
    }
  const complete: PublishedDate[] = [];
  let previousCount = 0;
  for (const [date, parts] of [...byDate].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const sorted = [...parts].sort(([a], [b]) => a - b);
    const contiguous = sorted.every(([n], i) => n === i + 1);
    if (contiguous && sorted.length >= previousCount)
      complete.push({ date, parts: sorted.map(([, part]) => part) });
    if (contiguous) previousCount = sorted.length;
  }
  return complete.reverse();
}

async function listBlobs(
  baseUrl: string,
  prefix: string,
  options: { timeoutMs: number; dispatcher?: Dispatcher },
): Promise<ListedBlob[]> {
  const blobs: ListedBlob[] = [];
  let marker: string | null = null;
  do {
    const url = new URL(baseUrl);
    url.searchParams.set("restype", "container");
    url.searchParams.set("comp", "list");
    url.searchParams.set("prefix", prefix);
    if (marker) url.searchParams.set("marker", marker);
    const response = await request(url, {
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      dispatcher: options.dispatcher,
    });
    const body = await response.body.text();
    if (response.statusCode !== 200)
      throw new SignedFileError(`container listing ${url.href}: HTTP ${response.statusCode}`);
    const page = readBlobListing(body);
    blobs.push(...page.blobs);
    marker = page.nextMarker;
  } while (marker);
  return blobs;
}
