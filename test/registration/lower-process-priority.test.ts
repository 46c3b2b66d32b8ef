import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { getPriority } from "node:os";
import { it } from "node:test";

const moduleUrl = new URL("../../src/registration/lower-process-priority.ts", import.meta.url).href;

// The registration sync's process calls this first: every thread it runs (V8's helpers, libuv's pool,
// started later) must be at nice 19, and the process that started it must keep its own priority.
it("lowers every thread of the calling process, and of no other", {
  skip: process.platform !== "linux" && "Linux only",
}, () => {
  const before = getPriority();
  const seen = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { readdirSync, readFileSync } = await import("node:fs");
       const { lowerProcessPriority } = await import(${JSON.stringify(moduleUrl)});
       lowerProcessPriority();
       await import("node:zlib").then((zlib) => new Promise((done) => zlib.gzip("x", done)));
       const nice = (task) => Number(readFileSync("/proc/self/task/" + task + "/stat", "latin1").split(") ")[1].split(" ")[16]);
       const tasks = readdirSync("/proc/self/task");
       console.log(JSON.stringify({ threads: tasks.length, nice: [...new Set(tasks.map(nice))] }));`,
    ],
    { encoding: "utf8" },
  );
  const { threads, nice } = JSON.parse(seen) as { threads: number; nice: number[] };
  assert.ok(threads > 5, `${threads} threads`);
  assert.deepEqual(nice, [19]);
  assert.equal(getPriority(), before);
});
