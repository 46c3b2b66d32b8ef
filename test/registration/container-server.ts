import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { writeBlobListing } from "../../src/sandbox/formats/blob-listing.ts";
import { createListSigner } from "../../src/sandbox/formats/list-signer.ts";
import { signPart } from "../../src/sandbox/formats/sign-part.ts";

/**
 * How the next download of a blob misbehaves: a wrong Content-MD5 in the listing, a body cut short, or
 * half a body and then nothing until the server closes.
 */
export type BlobFault = "wrong_md5" | "cut_midway" | "stall";

/** A part as SAT publishes it: text → PKCS#7 SignedData (the sandbox's signer) → gzip. */
export async function signedPart(text: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  const content = Buffer.from(text, "latin1");
  for await (const piece of signPart(
    (async function* () {
      yield content;
    })(),
    await createListSigner(),
  ))
    pieces.push(piece);
  return gzipSync(Buffer.concat(pieces));
}

/** A loopback stand-in for SAT's blob container: listing with Content-Length and Content-MD5, Range. */
export async function startContainerServer() {
  const blobs = new Map<string, Buffer>();
  const faults = new Map<string, BlobFault>();
  const requests: { path: string; range?: string }[] = [];
  const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("base64");
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    requests.push({ path: url.pathname, range: request.headers.range });
    if (url.pathname === "/lco" && url.searchParams.get("comp") === "list") {
      const entries = [...blobs].map(([name, bytes]) => ({
        name,
        bytes: bytes.length,
        md5: faults.get(name) === "wrong_md5" ? md5(Buffer.from("other")) : md5(bytes),
        lastModified: new Date("2026-11-20T21:35:12Z"),
      }));
      response.writeHead(200, { "content-type": "application/xml" });
      return response.end(
        writeBlobListing(`http://${request.headers.host}/lco`, url.searchParams.get("prefix") ?? "", entries),
      );
    }
    const name = decodeURIComponent(url.pathname.replace(/^\/lco\//, ""));
    const bytes = blobs.get(name);
    if (!bytes) return response.writeHead(404).end();
    const from = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? "")?.[1] ?? 0);
    const body = bytes.subarray(from);
    response.writeHead(from > 0 ? 206 : 200, { "content-length": body.length, "content-md5": md5(bytes) });
    if (faults.get(name) === "stall") return void response.write(body.subarray(0, body.length >> 1));
    if (faults.get(name) === "cut_midway") {
      faults.delete(name);
      response.write(body.subarray(0, Math.floor(body.length / 2)));
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lco`;
  return {
    url,
    requests,
    publish: (name: string, bytes: Buffer) => blobs.set(name, bytes),
    remove: (name: string) => blobs.delete(name),
    fault: (name: string, fault: BlobFault | null) => (fault ? faults.set(name, fault) : faults.delete(name)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
