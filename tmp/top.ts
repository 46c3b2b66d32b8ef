import { readFileSync, readdirSync } from "node:fs";
for (const f of readdirSync("tmp/prof")) {
  const p = JSON.parse(readFileSync(`tmp/prof/${f}`, "utf8"));
  const self = new Map<string, number>();
  const byId = new Map(p.nodes.map((n: any) => [n.id, n]));
  const dt: number[] = p.timeDeltas;
  const counts = new Map<number, number>();
  p.samples.forEach((id: number, i: number) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)));
  for (const [id, t] of counts) {
    const n: any = byId.get(id);
    const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + t);
  }
  console.log("==", f, [...self.values()].reduce((a, b) => a + b, 0) / 1000, "ms");
  console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`).join("\n"));
}
