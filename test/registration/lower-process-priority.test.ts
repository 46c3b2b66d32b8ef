import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { getPriority } from "node:os";
import { it } from "node:test";

const moduleUrl = new URL("../../src/registration/lower-process-priority.ts", import.meta.url).href;
const SCHED_IDLE = 5;

/** Lowers a fresh process, starts more threads, and reads each thread's nice value and scheduling policy. */
function lowerInChild(env: NodeJS.ProcessEnv = process.env) {
  const seen = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { readdirSync, readFileSync } = await import("node:fs");
       const { lowerProcessPriority } = await import(${JSON.stringify(moduleUrl)});
       const lowered = lowerProcessPriority();
       await import("node:zlib").then((zlib) => new Promise((done) => zlib.gzip("x", done)));
       const field = (task, index) => Number(readFileSync("/proc/self/task/" + task + "/stat", "latin1").split(") ")[1].split(" ")[index]);
       const tasks = readdirSync("/proc/self/task");
       const nice = [...new Set(tasks.map((task) => field(task, 16)))];
       const policy = [...new Set(tasks.map((task) => field(task, 38)))];
       console.log(JSON.stringify({ lowered, threads: tasks.length, nice, policy }));`,
    ],
    { encoding: "utf8", env },
  );
  return JSON.parse(seen) as { lowered: string; threads: number; nice: number[]; policy: number[] };
}

// The registration sync's process calls this first: every thread it runs (V8's helpers, libuv's pool,
// started later) must be at nice 19 in the idle class, and the process that started it keeps its own.
it("lowers every thread of the calling process to nice 19 in the idle class, and no other process", {
  skip: process.platform !== "linux" && "Linux only",
}, () => {
  const before = getPriority();
  const { lowered, threads, nice, policy } = lowerInChild();
  assert.ok(threads > 5, `${threads} threads`);
  assert.equal(lowered, "idle class");
  assert.deepEqual(nice, [19]);
  assert.deepEqual(policy, [SCHED_IDLE]);
  assert.equal(getPriority(), before);
});

it("falls back to nice 19 alone, and answers so, where chrt cannot be run", {
  skip: process.platform !== "linux" && "Linux only",
}, () => {
  const { lowered, nice, policy } = lowerInChild({ ...process.env, PATH: "/nonexistent" });
  assert.equal(lowered, "nice 19");
  assert.deepEqual(nice, [19]);
  assert.deepEqual(policy, [0]);
});
