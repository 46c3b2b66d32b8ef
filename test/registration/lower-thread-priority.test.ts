import assert from "node:assert/strict";
import { once } from "node:events";
import { getPriority } from "node:os";
import { it } from "node:test";
import { Worker } from "node:worker_threads";

const moduleUrl = new URL("../../src/registration/lower-thread-priority.ts", import.meta.url).href;

// The registration sync's thread calls this first; the thread that answers requests must keep its priority.
it("lowers only the calling thread's priority", {
  skip: process.platform !== "linux" && "Linux only",
}, async () => {
  const mainBefore = getPriority();
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     const { getPriority } = require("node:os");
     import(${JSON.stringify(moduleUrl)}).then(({ lowerThreadPriority }) => {
       const before = getPriority();
       const lowered = lowerThreadPriority();
       parentPort.postMessage({ before, lowered, after: getPriority() });
     });`,
    { eval: true },
  );
  const [seen] = await once(worker, "message");
  await worker.terminate();
  assert.deepEqual(seen, { before: mainBefore, lowered: true, after: 19 });
  assert.equal(getPriority(), mainBefore);
});
