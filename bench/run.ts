// `npm run bench -- NAME [args…]` runs bench/NAME.ts; without a name it lists the benchmarks.
// Results and the commands that produced them are recorded in docs/benchmarks.md.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const benches = readdirSync("bench")
  .filter(
    (f) =>
      f.endsWith(".ts") &&
      ![
        "run.ts",
        "platform-server.ts",
        "sat-lists-server.ts",
        "steady-load.ts",
        "profile-on-signal.ts",
        "validate-service.ts",
        "validate-sandbox.ts",
        "validate-bare-chain.ts",
      ].includes(f),
  )
  .map((f) => f.replace(/\.ts$/, ""));
const [name, ...args] = process.argv.slice(2);
if (!name || !benches.includes(name)) {
  process.stdout.write(
    `usage: npm run bench -- NAME [args]\nbenchmarks:\n${benches.map((b) => `  ${b}`).join("\n")}\n`,
  );
  process.exit(name ? 2 : 0);
}
const result = spawnSync(process.execPath, [`bench/${name}.ts`, ...args], { stdio: "inherit" });
process.exit(result.status ?? 1);
