// Child process of sat-lists-http.ts: serves either a bare Fastify route or the real app with
// POST /v1/rfc/sat-lists over a loaded list (key auth, request log, rate limit set high, 1-credit charge),
// ("plan": the owner has an active plan, so sat-lists costs 0 and nothing is charged), or, on
// PostgreSQL, the floor: a bare route making as many trivial round trips as the endpoint (key, lookup,
// charge) on a pool of the same size, so each run shows what the machine gives any such route.
// then prints one JSON line: its URL, the key, and an RFC that is listed.
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import pg from "pg";
import "./profile-on-signal.ts";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
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
} else if (kind === "floor") {
  const pool = new pg.Pool({ connectionString: databaseArgument, max: 10, idleTimeoutMillis: 0 });
  const app = Fastify();
  app.post("/floor", async () => {
    for (const name of ["key", "lookup", "charge"])
      await pool.query({ name, text: "select $1::text as step", values: [name] });
    return ANSWER;
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`${JSON.stringify({ url: `${url}/floor` })}\n`);
} else {
  const rows = Number(rowsArgument ?? 100_000);
  const dir = join(tmpdir(), `padron-bench-lists-${rows}`);
  const file = join(dir, "Firmes.csv");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(process.execPath, ["bench/lists-generate.ts", file, String(rows)]);
  }
  const databaseUrl =
    databaseArgument ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "bench.db")}`;
  // Imported as an operator does, by the CLI in a process of its own: the server only serves.
  execFileSync(process.execPath, ["bin/padron.js", "lists", "import", file, "--mode", "live", "--force"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const config = parseConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000000",
    SANDBOX: "false",
  });
  const database = openDatabase(config.database.url, config.database);
  await migrateToLatest(database);
  const listedRfc = firstRfcOf(file);
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

/** The RFC of the file's first row (the header is its first line). */
function firstRfcOf(file: string): string {
  const head = Buffer.alloc(4096);
  const fd = openSync(file, "r");
  readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  return head.toString("latin1").split("\r\n")[1].split(",")[0];
}
