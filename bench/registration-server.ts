// Child process of registration-http.ts: the real app over an imported registered-RFC list (key auth,
// request log, rate limit set high, 1-credit charge), then one JSON line: its URL, a key, an RFC on the list.
// BENCH_READS_ONLY=1 serves the endpoint's two reads (the key, the lists) on node:http instead: no Fastify,
// charge, request log or rate limit. It is the floor of the endpoint's database work on this machine.
// A line `gc` is answered with the garbage collector's pauses since the last one (gc-pauses.ts).
// A line of part files on stdin is imported in this process; a line `sync URL` syncs from that container
// in a process of its own, as `padron serve`'s daily sync does; either is answered with one JSON line.
import "./profile-on-signal.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createUser } from "../src/accounts/create-user.ts";
import { authenticateApiKey } from "../src/api-keys/authenticate-api-key.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { importPartFiles } from "../src/registration/import-part-files.ts";
import { readRegistration } from "../src/registration/read-registration.ts";
import { unpackRfc } from "../src/registration/rfc-key.ts";
import { syncInProcess } from "../src/registration/sync-in-process.ts";
import { takeGcPauses } from "./gc-pauses.ts";

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error("usage: node bench/registration-server.ts DATABASE_URL");
const config = parseConfig({
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_MINUTE: "100000000",
  SANDBOX: "false",
  // The sync's pacing as configured: REGISTRATION_SYNC_WRITE_SHARE=1 measures it unpaced.
  REGISTRATION_SYNC_WRITE_SHARE: process.env.REGISTRATION_SYNC_WRITE_SHARE,
});
const database = openDatabase(config.database.url, config.database);
await migrateToLatest(database);
const user = await createUser(
  database.db,
  { email: `bench-${Date.now()}@padron.local` },
  { signupCredits: 100_000_000 },
);
const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "live" });
const row = await database.db
  .selectFrom("registered_rfc_blocks")
  .select("first_key as key")
  .where("first_key", ">", 2 ** 48)
  .orderBy("first_key")
  .limit(1)
  .executeTakeFirstOrThrow();
const url = process.env.BENCH_READS_ONLY === "1" ? await serveReadsOnly() : await servePadron();
process.stdout.write(
  `${JSON.stringify({ url: `${url}/v1/rfc/registration`, key, rfc: unpackRfc(Number(row.key)) })}\n`,
);
createInterface({ input: process.stdin }).on("line", async (line) => {
  if (line === "gc") return void process.stdout.write(`${JSON.stringify({ gc: takeGcPauses() })}\n`);
  if (line.startsWith("sync ")) {
    const downloadDir = await mkdtemp(join(tmpdir(), "padron-bench-sync-"));
    const sync = syncInProcess({
      database: config.database,
      sync: {
        mode: "live",
        baseUrl: line.slice("sync ".length),
        downloadDir,
        minRowRatio: config.registration.minRowRatio,
        writeShare: config.registration.syncWriteShare,
        timeoutMs: 600_000,
        retries: 0,
        lists: ["rfc"],
      },
    });
    const results = await sync.results;
    await rm(downloadDir, { recursive: true, force: true });
    process.stdout.write(`${JSON.stringify({ synced: results.map((r) => [r.status, r.date, r.reason]) })}\n`);
    return;
  }
  const files = line.split(" ").filter(Boolean);
  const imports = await importPartFiles(database, {
    mode: "live",
    files,
    requireSignature: false,
    minRowRatio: config.registration.minRowRatio,
    force: false,
  });
  process.stdout.write(`${JSON.stringify({ imported: imports.map((i) => i.status) })}\n`);
});

async function servePadron(): Promise<string> {
  const padron = await buildApp({ config, database });
  return padron.app.listen({ port: 0, host: "127.0.0.1" });
}

async function serveReadsOnly(): Promise<string> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { rfc } = JSON.parse(Buffer.concat(chunks).toString()) as { rfc: string };
    const auth = await authenticateApiKey(database.db, request.headers["x-api-key"] as string);
    if (!auth) return response.writeHead(401, { "content-length": 0 }).end();
    const { status, listed } = await readRegistration(database.db, "live", rfc);
    const body = JSON.stringify({ rfc, registered: status.registered, certificates: listed.certificates });
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}
