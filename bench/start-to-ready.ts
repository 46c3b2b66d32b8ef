// Start to ready on an existing database (DESIGN §5: < 1 s): `padron serve` is started --rounds times on
// one SQLite database that a first, unmeasured start created and migrated; each round is timed from the
// spawn until GET /readyz answers 200, and until the in-process sandbox answers (GET /sandbox/scenarios).
// Usage: node bench/start-to-ready.ts [--rounds 5] [--port 8090] [--sandbox-port 8091] [--root .]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { SERVICE_NODE_FLAGS } from "./service-node-flags.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    port: { type: "string", default: "8090" },
    "sandbox-port": { type: "string", default: "8091" },
    /** Another checkout to measure (its src/main.ts), e.g. an older commit's files. */
    root: { type: "string", default: "." },
  },
});
const base = `http://127.0.0.1:${values.port}`;
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "padron.db")}`,
  PORT: values.port,
  SANDBOX_PORT: values["sandbox-port"],
  LOG_LEVEL: "warn",
};

/** Milliseconds from `started` until `url` answers 200 (polled every 5 ms). */
async function answered(url: string, started: number): Promise<number> {
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {}
    await sleep(5);
  }
}

/** The checkout's entry point: `bin/padron.js` since decision 0037, `src/main.ts` before it. */
function entryOf(root: string): string {
  const bin = resolve(root, "bin/padron.js");
  return existsSync(bin) ? bin : resolve(root, "src/main.ts");
}

async function start() {
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, entryOf(values.root), "serve"], {
    cwd: values.root,
    env,
    stdio: "ignore",
  });
  const exited = new Promise((done) => child.once("exit", done));
  const ready = await answered(`${base}/readyz`, started);
  const sandbox = await answered(`${base}/sandbox/scenarios`, started);
  child.kill("SIGTERM");
  await exited;
  return { ready_ms: Math.round(ready), sandbox_ms: Math.round(sandbox) };
}

const first = await start(); // creates and migrates the database, fills the compile cache
const rounds: Awaited<ReturnType<typeof start>>[] = [];
for (let round = 0; round < Number(values.rounds); round++) rounds.push(await start());
const median = (pick: (r: (typeof rounds)[0]) => number) =>
  rounds.map(pick).sort((a, b) => a - b)[Math.floor(rounds.length / 2)];

console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      command: `node bench/start-to-ready.ts ${process.argv.slice(2).join(" ")}`.trim(),
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      first_start_on_a_new_database: first,
      rounds,
      median_ready_ms: median((r) => r.ready_ms),
      median_sandbox_ms: median((r) => r.sandbox_ms),
      target_ready_ms: 1000,
    },
    null,
    2,
  ),
);
