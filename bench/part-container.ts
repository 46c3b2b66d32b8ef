// A loopback blob container over local part files, as SAT's publishes them: the listing (with
// Content-Length and Content-MD5) and each file streamed from disk. For benches that sync, as
// `padron serve` does, instead of importing files. Run as a process of its own
// (`node bench/part-container.ts FILE…` prints its URL), so that serving stands for SAT's remote
// host and does not delay the load generator's requests.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { basename } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { writeBlobListing } from "../src/sandbox/formats/blob-listing.ts";

export async function serveParts(files: readonly string[]): Promise<{ url: string; close(): void }> {
  const blobs = new Map<string, { file: string; bytes: number; md5: string }>();
  for (const file of files) {
    const hash = createHash("md5");
    await pipeline(createReadStream(file), hash);
    blobs.set(basename(file), { file, bytes: (await stat(file)).size, md5: hash.digest("base64") });
  }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    if (url.searchParams.get("comp") === "list") {
      const entries = [...blobs].map(([name, blob]) => ({ name, ...blob, lastModified: new Date() }));
      const container = `http://${request.headers.host}/lco`;
      response.writeHead(200, { "content-type": "application/xml" });
      return response.end(writeBlobListing(container, url.searchParams.get("prefix") ?? "", entries));
    }
    const blob = blobs.get(decodeURIComponent(url.pathname.replace(/^\/lco\//, "")));
    if (!blob) return response.writeHead(404).end();
    response.writeHead(200, { "content-length": blob.bytes, "content-md5": blob.md5 });
    createReadStream(blob.file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/lco`,
    close: () => server.close(),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const container = await serveParts(process.argv.slice(2));
  process.stdout.write(`${container.url}\n`);
  // The bench holds our stdin open: when it ends, however it ends, so does the container.
  process.stdin.on("close", () => process.exit(0)).resume();
}
