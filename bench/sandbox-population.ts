// Population generation time: `node bench/sandbox-population.ts [size] [runs]` (target: 20,000 in < 5 s).
import { generatePopulation } from "../src/sandbox/population/generate-population.ts";

const size = Number(process.argv[2] ?? 20_000);
const runs = Number(process.argv[3] ?? 5);
const timings: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const population = generatePopulation({ seed: run + 1, size });
  timings.push(performance.now() - started);
  if (population.taxpayers.length !== size) throw new Error("wrong size");
}
timings.sort((a, b) => a - b);
const median = timings[Math.floor(timings.length / 2)];
console.log(
  JSON.stringify({
    bench: "sandbox-population",
    size,
    runs,
    min_ms: Math.round(timings[0]),
    median_ms: Math.round(median),
    max_ms: Math.round(timings[timings.length - 1]),
    rss_mb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
