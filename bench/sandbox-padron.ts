// Padrón validation of 5,000 records over HTTP at time-scale 0: `node bench/sandbox-padron.ts [runs]` (target < 100 ms).
import { request } from "undici";
import { startSandbox } from "../src/sandbox/server.ts";

const runs = Number(process.argv[2] ?? 30);
const sandbox = await startSandbox({ seed: 1, size: 20_000, timeScale: 0 });
const taxpayers = sandbox.population.taxpayers;
// A realistic mix: matching records, wrong names, wrong postal codes, RFC-only checks.
const body = Array.from({ length: 5000 }, (_, i) => {
  const taxpayer = taxpayers[(i * 7) % taxpayers.length];
  if (i % 10 === 1) return `${i + 1}|${taxpayer.rfc}|OTRO NOMBRE|${taxpayer.zip}`;
  if (i % 10 === 2) return `${i + 1}|${taxpayer.rfc}|${taxpayer.name}|00000`;
  if (i % 10 === 3) return `${i + 1}|${taxpayer.rfc}||`;
  return `${i + 1}|${taxpayer.rfc}|${taxpayer.padronName}|${taxpayer.zip}`;
}).join("\r\n");

async function once(): Promise<number> {
  const started = performance.now();
  const response = await request(`${sandbox.url}/padron/validate`, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body,
  });
  const text = await response.body.text();
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200 || text.split("\r\n").length < 5000)
    throw new Error(`bad answer ${response.statusCode}`);
  return elapsed;
}

for (let i = 0; i < 5; i++) await once();
const timings: number[] = [];
for (let i = 0; i < runs; i++) timings.push(await once());
timings.sort((a, b) => a - b);
const at = (q: number) =>
  Math.round(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] * 10) / 10;
console.log(
  JSON.stringify({
    bench: "sandbox-padron",
    records: 5000,
    runs,
    min_ms: at(0),
    median_ms: at(0.5),
    p95_ms: at(0.95),
    max_ms: at(1),
  }),
);
await sandbox.close();
