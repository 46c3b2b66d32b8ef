// A/B of charged POST /v1/rfc/sat-lists between two checkouts (e.g. a worktree of the previous commit and
// this one): each round starts each tree's bench/sat-lists-server.ts in turn (order alternating), warms it
// 5 s, then loads it saturated (50 connections, 15 s). Changes made for speed need three such rounds.
// Usage: node bench/sat-lists-ab.ts OLD_DIR NEW_DIR [rounds=3] [DATABASE_URL]
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";

const [oldDir, newDir, roundsArgument, databaseUrl] = process.argv.slice(2);
if (!oldDir || !newDir)
  throw new Error("usage: node bench/sat-lists-ab.ts OLD_DIR NEW_DIR [rounds] [DATABASE_URL]");
const trees = { old: oldDir, new: newDir };

async function start(dir: string) {
  const child = spawn(
    process.execPath,
    ["bench/sat-lists-server.ts", "platform", "100000", ...(databaseUrl ? [databaseUrl] : [])],
    { cwd: dir, stdio: ["ignore", "pipe", "inherit"] },
  );
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once("line", resolve),
  );
  return { ...(JSON.parse(line) as { url: string; key: string; rfc: string }), stop: () => child.kill() };
}

for (let round = 0; round < Number(roundsArgument ?? 3); round++) {
  for (const tree of round % 2 ? (["new", "old"] as const) : (["old", "new"] as const)) {
    const server = await start(trees[tree]);
    const options = {
      url: server.url,
      method: "POST" as const,
      connections: 50,
      headers: { "content-type": "application/json", "x-api-key": server.key },
      body: JSON.stringify({ rfc: server.rfc }),
    };
    await autocannon({ ...options, duration: 5 });
    const result = await autocannon({ ...options, duration: 15 });
    const { average: rps } = result.requests;
    const { p50, p99 } = result.latency;
    const load = Number(loadavg()[0].toFixed(1));
    console.log(
      JSON.stringify({ round, tree, load, rps, p50, p99, non2xx: result.non2xx, errors: result.errors }),
    );
    server.stop();
    await sleep(2000);
  }
}
