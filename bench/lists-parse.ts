// Parses a list file with parseListFile and prints rows, seconds and peak RSS.
// Usage: node bench/lists-parse.ts FILE.csv [NAME] [--batches]   (NAME defaults to the file's own name)
import { createReadStream } from "node:fs";
import { basename } from "node:path";
import { parseListFile } from "../src/contributor-lists/parse-list-file.ts";

const byBatch = process.argv.includes("--batches");
const [path, nameArgument] = process.argv.slice(2).filter((argument) => argument !== "--batches");
if (!path) {
  console.error("usage: node bench/lists-parse.ts FILE.csv [NAME] [--batches]");
  process.exit(2);
}
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 20);
const started = performance.now();
const parsed = parseListFile(createReadStream(path), nameArgument ?? basename(path));
let rows = 0;
let suppressed = 0;
if (byBatch) {
  for await (const batch of parsed.batches) {
    rows += batch.length;
    for (const entry of batch) if (entry.suppressed) suppressed++;
  }
} else {
  for await (const entry of parsed) {
    rows++;
    if (entry.suppressed) suppressed++;
  }
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss(), process.resourceUsage().maxRSS * 1024);
const meta = await parsed.meta;
console.log(
  JSON.stringify({
    file: path,
    list: meta.list.key,
    mode: byBatch ? "batches" : "entries",
    rows,
    suppressed,
    skipped: parsed.stats.skippedRows,
    seconds: Number(seconds.toFixed(2)),
    rows_per_second: Math.round(rows / seconds),
    peak_rss_mb: Number((peakRss / 1024 / 1024).toFixed(1)),
  }),
);
