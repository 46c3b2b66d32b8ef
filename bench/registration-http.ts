// POST /v1/rfc/registration through the whole stack over an imported list, at a steady 1,000 req/s
// (open loop, bench/steady-load.ts): p99 while idle, then in windows of the same length one after
// another while the next day's parts are imported, until the import ends, and over all of those
// windows together.
// BENCH_IMPORT picks how: `sync` (as `padron serve` does: the server syncs them from a loopback container
// on a thread of its own, decision 0029), `own-process` (default: `padron registration import` beside
// the server) or `in-process` (on the server's own thread, as before 0029). Target (DESIGN §5): p99 ≤ 5 ms.
// Each window also reports the server's garbage-collector pauses by kind (bench/gc-pauses.ts), and how
// long the server's threads, the load generator and the rest of the machine ran and waited for a core
// (bench/core-waits.ts).
// BENCH_WIRE=1 also times each answer on the wire (bench/wire-latency.ts: tcpdump, root).
// BENCH_READS_ONLY=1 measures the endpoint's two reads served on node:http (registration-server.ts): the floor.
// Usage: [BENCH_IMPORT=sync] node bench/registration-http.ts DATABASE_URL [seconds=60] [NEXT_DAY_PART...]
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { startCoreWaits } from "./core-waits.ts";
import { SERVICE_NODE_FLAGS } from "./service-node-flags.ts";
import { percentilesOf, steadyLoad } from "./steady-load.ts";
import { startWireCapture } from "./wire-latency.ts";

const [databaseUrl, secondsArgument, ...parts] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: node bench/registration-http.ts DATABASE_URL [seconds] [PART...]");
const seconds = Number(secondsArgument ?? 60);
const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, "bench/registration-server.ts", databaseUrl], {
  stdio: ["pipe", "pipe", "inherit"],
});
const importMode = process.env.BENCH_IMPORT ?? "own-process";
if (!["own-process", "in-process", "sync"].includes(importMode))
  throw new Error(`BENCH_IMPORT=${importMode}?`);
const lines = createInterface({ input: child.stdout });
// Only the JSON lines are the server's: diagnostic flags (BENCH_NODE_FLAGS=--trace-gc) print to stdout too.
const jsonLines: string[] = [];
let jsonLineArrived = () => {};
lines.on("line", (line) => {
  if (!line.startsWith("{")) return console.error(line);
  jsonLines.push(line);
  jsonLineArrived();
});
const nextJsonLine = async (): Promise<string> => {
  while (jsonLines.length === 0) await new Promise<void>((resolve) => (jsonLineArrived = resolve));
  return jsonLines.shift() as string;
};
const server = JSON.parse(await nextJsonLine()) as {
  url: string;
  key: string;
  rfc: string;
};
const roles = { server: child.pid as number, loadGenerator: process.pid };
const options = {
  url: server.url,
  headers: { "content-type": "application/json", "x-api-key": server.key },
  body: JSON.stringify({ rfc: server.rfc }),
  rate: 1000,
};
const wire = process.env.BENCH_WIRE === "1" ? startWireCapture(Number(new URL(server.url).port)) : null;
try {
  const check = await fetch(server.url, { method: "POST", headers: options.headers, body: options.body });
  const answer = (await check.json()) as { registered: boolean };
  if (check.status !== 200 || answer.registered !== true)
    throw new Error(`unexpected answer ${check.status}`);
  await steadyLoad({ ...options, seconds: 20 });
  await sleep(1000);
  await gcPauses();
  const idleCores = startCoreWaits(roles);
  const idleFrom = Date.now();
  const idleLoad = await steadyLoad({ ...options, seconds });
  const idleWire = wire?.window(idleFrom, Date.now()) ?? null;
  const idle = { ...idleLoad, wire: idleWire, cores: idleCores(), gc: await gcPauses() };
  let duringImport = null;
  if (parts.length > 0) {
    const container = importMode === "sync" ? await startContainer(parts) : null;
    const started = Date.now();
    const importCores = startCoreWaits(roles);
    const imported = container
      ? syncInServer(container)
      : importMode === "in-process"
        ? importInServer(parts)
        : importInOwnProcess(parts);
    // Windows of `seconds` one after another until the import ends: reading the parts, then writing.
    let importing = true;
    void imported.finally(() => {
      importing = false;
    });
    const windows = [];
    const latencies: Float64Array[] = [];
    do {
      const loadFrom = Date.now();
      windows.push({
        from_s: (loadFrom - started) / 1000,
        ...(await steadyLoad({ ...options, seconds, latenciesInto: latencies })),
        wire: wire?.window(loadFrom, Date.now()) ?? null,
      });
    } while (importing);
    const cores = importCores();
    const outcome = await imported;
    duringImport = {
      ...windows[0],
      all_windows: overAllWindows(latencies),
      windows,
      cores,
      gc_to_import_end: await gcPauses(),
      import_seconds: (Date.now() - started) / 1000,
      import: outcome,
      import_mode: importMode,
    };
  }
  console.log(
    JSON.stringify(
      { date: new Date().toISOString(), seconds, rfc: server.rfc, idle, during_import: duringImport },
      null,
      2,
    ),
  );
} finally {
  child.kill();
  wire?.stop();
}

/** The server's garbage-collector pauses since the last call. */
async function gcPauses(): Promise<unknown> {
  const answered = nextJsonLine();
  child.stdin.write("gc\n");
  return (JSON.parse(await answered) as { gc: unknown }).gc;
}

/** The server's answer line once it has imported the parts itself. */
function importInServer(files: string[]): Promise<string> {
  const answered = nextJsonLine();
  child.stdin.write(`${files.join(" ")}\n`);
  return answered;
}

/** A loopback container over the parts in a process of its own (bench/part-container.ts), once it listens. */
async function startContainer(files: string[]): Promise<{ url: string; process: ChildProcess }> {
  const server = spawn(process.execPath, ["bench/part-container.ts", ...files], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const [url] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
  return { url, process: server };
}

/** The server's answer once it has synced the parts from the container, as `padron serve` does. */
async function syncInServer(container: { url: string; process: ChildProcess }): Promise<string> {
  const answered = nextJsonLine();
  child.stdin.write(`sync ${container.url}\n`);
  return answered.finally(() => container.process.kill());
}

/** `padron registration import` in a process of its own; its first JSON line once it exits. */
async function importInOwnProcess(files: string[]): Promise<string> {
  const importer = spawn(
    process.execPath,
    [...SERVICE_NODE_FLAGS, "bin/padron.js", "registration", "import", ...files, "--json"],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const output: string[] = [];
  importer.stdout.on("data", (chunk) => output.push(String(chunk)));
  await once(importer, "exit");
  return output.join("").trim().split("\n")[0];
}

/** p50, p99 and max over every request of several windows: the whole import, not one window of it. */
function overAllWindows(windows: Float64Array[]) {
  const all = new Float64Array(windows.reduce((sum, window) => sum + window.length, 0));
  let filled = 0;
  for (const window of windows) {
    all.set(window, filled);
    filled += window.length;
  }
  return { sent: all.length, ...percentilesOf(all.sort()) };
}
