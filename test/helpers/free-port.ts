import { once } from "node:events";
import { createServer } from "node:net";

/** A loopback port nothing listens on right now, for a process the test starts on a known port. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}
