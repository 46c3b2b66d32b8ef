import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import iconv from "iconv-lite";
import { answerEncoding } from "../../../src/upstreams/padron/padron-exchange.ts";

/**
 * A padrón connector on loopback that proxies `target()`'s /padron/validate and answers the RFCs in
 * `reworded` with that legend instead of SAT's (as if SAT had reworded it); UTF-8 lines back.
 */
export async function startPadronStub(target: () => string) {
  const reworded = new Map<string, string>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const upstream = await fetch(`${target()}/padron/validate`, {
      method: "POST",
      headers: { "content-type": req.headers["content-type"] ?? "text/plain; charset=utf-8" },
      body: Buffer.concat(chunks),
    });
    const bytes = Buffer.from(await upstream.arrayBuffer());
    const text =
      answerEncoding(upstream.headers.get("content-type") ?? undefined) === "utf8"
        ? bytes.toString("utf8")
        : iconv.decode(bytes, "win1252");
    const lines = text.split("\r\n").map((line) => {
      const fields = line.split("|");
      const legend = reworded.get(fields[1]);
      return legend && fields.length === 5 ? [...fields.slice(0, 4), legend].join("|") : line;
    });
    res.writeHead(upstream.status, { "content-type": "text/plain; charset=utf-8" });
    res.end(lines.join("\r\n"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/padron/validate`,
    reworded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
