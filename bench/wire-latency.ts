// Latency on the wire: kernel timestamps (`tcpdump -i lo`) of each request's first segment and its
// answer's, on each loopback connection to the server's port. Unlike the load generator's clock, it
// leaves out the generator's own waits for a core, which on a shared 2-core machine add ~2 ms at p99.
// tcpdump writes to a file, read after each window, so the generator does no more work meanwhile.
// Needs tcpdump and the right to capture (root); without them each window is null.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type WireWindow = { answered: number; p50: number; p99: number; max: number };

export function startWireCapture(port: number) {
  const file = join(mkdtempSync(join(tmpdir(), "padron-wire-")), "capture.txt");
  const filter = `tcp port ${port} and (tcp[tcpflags] & tcp-push != 0)`;
  const tcpdump = spawn("tcpdump", ["-i", "lo", "-nn", "-tt", "-q", "-l", "-B", "65536", filter], {
    stdio: ["ignore", openSync(file, "w"), "ignore"],
  });
  let failed = false;
  tcpdump.on("error", () => {
    failed = true;
  });
  return {
    /** Each request sent in [from, to) (epoch ms) and how long its answer took on the wire. */
    window(from: number, to: number): WireWindow | null {
      if (failed) return null;
      const times: number[] = [];
      const waiting = new Map<string, number>();
      for (const line of readFileSync(file, "latin1").split("\n")) {
        const match = /^([\d.]+) IP 127\.0\.0\.1\.(\d+) > 127\.0\.0\.1\.(\d+):/.exec(line);
        if (!match) continue;
        const [at, source, target] = [Number(match[1]) * 1000, match[2], Number(match[3])];
        if (target === port) waiting.set(source, waiting.get(source) ?? at);
        else if (waiting.has(match[3])) {
          const sent = waiting.get(match[3]) as number;
          waiting.delete(match[3]);
          if (sent >= from && sent < to) times.push(at - sent);
        }
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => Number((times[Math.floor((times.length - 1) * q)] ?? 0).toFixed(2));
      return { answered: times.length, p50: at(0.5), p99: at(0.99), max: at(1) };
    },
    stop: () => tcpdump.kill(),
  };
}
