// Child process of sat-lists-http.ts: serves either a bare Fastify route or the real app with
// POST /v1/rfc/sat-lists over a loaded list (key auth, request log, rate limit set high, 1-credit charge),
// ("plan": the owner has an active plan, so sat-lists costs 0 and nothing is charged),
// then prints one JSON line: its URL, the key, and an RFC that is listed.
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import "./profile-on-signal.ts";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
import { ingestListFile } from "../src/contributor-lists/ingest-list-file.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";

const [kind, rowsArgument, databaseArgument] = process.argv.slice(2);
const ANSWER = {
  rfc: "AAG090703QT6",
  sat_lists: [
    {
      article: "69",
      sub_list: "firmes",
      situation: "FIRMES",
      name: "APLICA AGUASCALIENTES SA DE CV",
      person_type: "M",
      state: "CIUDAD DE MEXICO",
    },
  ],
  data_as_of: "2026-08-07T00:00:00.000Z",
};

if (kind === "bare") {
  const app = Fastify();
  app.post("/bare", async () => ANSWER);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`${JSON.stringify({ url: `${url}/bare` })}\n`);
} else {
  const rows = Number(rowsArgument ?? 100_000);
  const file = join(tmpdir(), `padron-bench-firmes-${rows}.csv`);
  if (!existsSync(file)) execFileSync(process.execPath, ["bench/lists-generate.ts", file, String(rows)]);
  const databaseUrl =
    databaseArgument ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "bench.db")}`;
  const config = parseConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000000",
    SANDBOX: "false",
  });
  const database = openDatabase(config.databaseUrl, { poolSize: 20 });
  await migrateToLatest(database);
  await ingestListFile(database.db, createReadStream(file), {
    mode: "live",
    fileName: "Firmes.csv",
    provenance: { sourceUrl: `file:${file}`, etag: null, lastModified: null, expectedBytes: null },
    minRowRatio: 0,
    force: true,
  });
  const listedRfc = readFileSync(file, "latin1").split("\r\n")[1].split(",")[0];
  const padron = await buildApp({ config, database });
  const user = await createUser(
    database.db,
    { email: `bench-${Date.now()}@padron.local` },
    { signupCredits: 100_000_000 },
  );
  if (kind === "plan")
    await database.db
      .updateTable("owners")
      .set({ plan: "pro", plan_expires_at: Date.now() + 365 * 86_400_000 })
      .where("id", "=", user.id)
      .execute();
  const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "live" });
  const url = await padron.app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`${JSON.stringify({ url: `${url}/v1/rfc/sat-lists`, key, rfc: listedRfc })}\n`);
}
process.on("SIGINT", () => process.exit(0));
