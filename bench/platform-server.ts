// Child process of platform-overhead.ts: serves either a bare Fastify route or a no-op route behind the
// whole API platform (key auth, request log, rate limit, a 1-credit charge), then prints its URL.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import "./profile-on-signal.ts";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
import { payForRequest } from "../src/credits/pay-for-request.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { apiScope } from "../src/platform/http/api-scope.ts";
import { contextOf } from "../src/request-context.ts";

const kind = process.argv[2];
if (kind === "bare") {
  const app = Fastify();
  app.post("/noop", async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`${JSON.stringify({ url: `${url}/noop` })}\n`);
} else {
  const databaseUrl =
    process.argv[3] ?? `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "bench.db")}`;
  const config = parseConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000000",
    SANDBOX: "false",
  });
  const database = openDatabase(config.database.url, { poolSize: 20 });
  await migrateToLatest(database);
  const padron = await buildApp({ config, database });
  const deps = { config, database, services: padron.services };
  padron.app.register(
    apiScope(padron.apiGuards, (scope) => {
      scope.post("/noop", async (request) => {
        await payForRequest(contextOf(request, deps), "verify");
        return { ok: true };
      });
    }),
    { prefix: "/v1-bench" },
  );
  const user = await createUser(
    database.db,
    { email: `bench-${Date.now()}@padron.local` },
    { signupCredits: 100_000_000 },
  );
  const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "live" });
  const url = await padron.app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(`${JSON.stringify({ url: `${url}/v1-bench/noop`, key })}\n`);
}
process.on("SIGINT", () => process.exit(0));
