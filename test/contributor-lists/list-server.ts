import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { syncedListFiles } from "../../src/contributor-lists/catalog.ts";
import { type ListRow, writeListFile } from "../../src/sandbox/formats/list-files.ts";

export type ServedFile = { bytes: Buffer; etag: string; lastModified: string };

/** How the next responses for a path misbehave; each fault is used once, in order. */
export type Fault = "http_500" | "truncate" | "reset_midway";

/**
 * A loopback stand-in for SAT's blob container serving files built by the sandbox's `writeListFile`,
 * with ETag / Last-Modified / 304, and faults on demand (used until the full sandbox server is on main).
 */
export async function startListServer() {
  const files = new Map<string, ServedFile>();
  const faults = new Map<string, Fault[]>();
  const requests: { path: string; ifNoneMatch?: string; status: number }[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = files.get(path);
    const log = (status: number) =>
      requests.push({ path, ifNoneMatch: request.headers["if-none-match"], status });
    if (!file) {
      log(404);
      return response.writeHead(404).end();
    }
    const fault = faults.get(path)?.shift();
    if (fault === "http_500") {
      log(500);
      return response.writeHead(500).end("boom");
    }
    if (!fault && request.headers["if-none-match"] === file.etag) {
      log(304);
      return response.writeHead(304, { etag: file.etag }).end();
    }
    log(200);
    const half = file.bytes.subarray(0, Math.floor(file.bytes.length / 2));
    if (fault === "truncate") {
      response.writeHead(200, { "content-length": file.bytes.length, etag: file.etag });
      response.write(half);
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    if (fault === "reset_midway") {
      response.writeHead(200, { etag: file.etag, "transfer-encoding": "chunked" });
      response.write(half);
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    response
      .writeHead(200, {
        "content-length": file.bytes.length,
        etag: file.etag,
        "last-modified": file.lastModified,
        "content-type": "text/csv",
      })
      .end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    requests,
    /** Publishes `rows` as the official file `fileName` (path as in SAT's container). */
    publish(fileName: string, rows: readonly ListRow[], contentDate = new Date("2026-06-01T00:00:00Z")) {
      const spec = syncedListFiles().find((file) => file.fileName === fileName);
      if (!spec) throw new Error(`not a synced file: ${fileName}`);
      const bytes = writeListFile(fileName, rows, { contentDate });
      const etag = `"${createHash("sha1").update(bytes).digest("hex")}"`;
      files.set(`/${spec.folder}/${fileName}`, { bytes, etag, lastModified: new Date().toUTCString() });
    },
    failNext(fileName: string, ...next: Fault[]) {
      const spec = syncedListFiles().find((file) => file.fileName === fileName);
      if (!spec) throw new Error(`not a synced file: ${fileName}`);
      faults.set(`/${spec.folder}/${fileName}`, next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `count` Art. 69 rows with distinct, structurally valid RFCs: `ABC` + a date + a 3-char homoclave. */
export function art69Rows(
  count: number,
  options: { prefix?: string; name?: string; supuesto?: string } = {},
): ListRow[] {
  const prefix = options.prefix ?? "ABC";
  return Array.from({ length: count }, (_, index) => ({
    rfc: `${prefix}${rfcDate(index)}${homoclave(index)}`,
    name: `${options.name ?? "EMPRESA"} ${index}, SA DE CV`,
    personType: "M",
    situation: options.supuesto ?? "FIRMES",
    publishedDate: "01/01/2020",
    state: "JALISCO",
  }));
}

function rfcDate(index: number): string {
  const day = (index % 28) + 1;
  const month = (Math.floor(index / 28) % 12) + 1;
  const year = Math.floor(index / 336) % 100;
  return `${String(year).padStart(2, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

function homoclave(index: number): string {
  const block = Math.floor(index / 33_600);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return `${alphabet[block % 36]}${alphabet[Math.floor(block / 36) % 36]}${index % 10}`;
}
