// `npm test`: the whole suite on SQLite, then again on PostgreSQL. Locally a missing PostgreSQL skips
// that half loudly; in CI (CI=true) it fails the run.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { findChromium } from "./helpers/chromium.ts";

const PG_URL = process.env.PADRON_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const files = process.argv.slice(2);
const patterns = files.length > 0 ? files : ["test/**/*.test.ts"];
const concurrency = process.env.PADRON_TEST_CONCURRENCY ?? "3";

// Found (or inflated from the npm package) once here, before test files start together.
const chromium = await findChromium().catch((error: Error) => {
  process.stderr.write(`no Chromium for the browser tests: ${error.message}\n`);
  return "";
});
if (chromium) process.stdout.write(`browser tests use ${chromium}\n`);

function runSuite(engine: "sqlite" | "postgres"): number {
  process.stdout.write(`\n=== test suite on ${engine} ===\n`);
  const result = spawnSync(process.execPath, ["--test", `--test-concurrency=${concurrency}`, ...patterns], {
    stdio: "inherit",
    // Processes the tests spawn (serve, worker) must never reach SAT's real list files.
    env: {
      LISTS_REFRESH_MODES: "sandbox",
      REGISTRATION_REFRESH_MODES: "sandbox",
      ...process.env,
      ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
      PADRON_TEST_ENGINE: engine,
      PADRON_TEST_PG_URL: PG_URL,
    },
  });
  return result.status ?? 1;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const engines = (process.env.PADRON_TEST_ENGINES ?? "sqlite,postgres").split(",");
let failed = false;
if (engines.includes("sqlite")) failed = runSuite("sqlite") !== 0 || failed;
if (engines.includes("postgres")) {
  if (await postgresReachable()) {
    failed = runSuite("postgres") !== 0 || failed;
  } else if (process.env.CI === "true") {
    process.stderr.write(`\n!!! PostgreSQL is not reachable at ${PG_URL}: CI requires it. FAILING.\n`);
    failed = true;
  } else {
    process.stderr.write(
      `\n${"!".repeat(72)}\n!!! PostgreSQL not reachable at ${PG_URL}: the PostgreSQL half was SKIPPED.\n${"!".repeat(72)}\n`,
    );
  }
}
process.exit(failed ? 1 : 0);
