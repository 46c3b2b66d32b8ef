import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A RENAPO connector on loopback: per-CURP canned answers, everything else proxied to `target()`. */
export async function startRenapoStub(target: () => string) {
  const canned = new Map<string, { status: number; body: string }>();
  const server = createServer(async (req, res) => {
    const curp = decodeURIComponent((req.url ?? "").split("/").pop() ?? "");
    const answer = canned.get(curp);
    if (answer) {
      res.writeHead(answer.status, { "content-type": "application/json" });
      return res.end(answer.body);
    }
    const upstream = await fetch(`${target()}/renapo/curp/${encodeURIComponent(curp)}`);
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/renapo/curp`,
    canned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
