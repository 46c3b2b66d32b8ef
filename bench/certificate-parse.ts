// Parses SAT's test certificates as a taxpayer profile with many certificates would: CERTIFICATES
// parses per round, ROUNDS rounds. Prints the first parse in the process, then wall and CPU time per
// round (CPU time is steadier on a shared machine).
// Usage: node bench/certificate-parse.ts [CERTIFICATES=200] [ROUNDS=15]
import { readdirSync, readFileSync } from "node:fs";
import { parseCertificate } from "../src/certificates/parse-certificate.ts";

const [certificates = 200, rounds = 15] = process.argv.slice(2).map(Number);
const directory = new URL("../test/fixtures/certs/", import.meta.url);
const files = readdirSync(directory)
  .filter((file) => file.endsWith(".cer"))
  .map((file) => readFileSync(new URL(file, directory)));

const started = performance.now();
parseCertificate(files[0]);
const firstMs = performance.now() - started;
const wallMs: number[] = [];
const cpuMs: number[] = [];
for (let round = 0; round < rounds; round++) {
  const [wall, cpu] = [performance.now(), process.cpuUsage()];
  for (let i = 0; i < certificates; i++) parseCertificate(files[i % files.length]);
  const used = process.cpuUsage(cpu);
  wallMs.push(performance.now() - wall);
  cpuMs.push((used.user + used.system) / 1000);
}
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const fixed = (value: number) => Number(value.toFixed(2));
console.log(
  JSON.stringify({
    bench: "certificate-parse",
    certificates,
    rounds,
    first_parse_ms: fixed(firstMs),
    round_wall_median_ms: fixed(median(wallMs)),
    round_cpu_median_ms: fixed(median(cpuMs)),
    cpu_us_per_certificate: Math.round((median(cpuMs) / certificates) * 1000),
  }),
);
