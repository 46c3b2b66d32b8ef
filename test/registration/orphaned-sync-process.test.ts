import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { test } from "node:test";

// The process a registration sync runs in says "ready" to its parent once loaded. If the parent is
// gone by then (killed, crashed), it ends quietly: no unhandled EPIPE and stack trace in the log.
test("a sync process whose parent is gone before it is ready ends without an error", async () => {
  const entry = new URL("../../src/registration/sync-process.ts", import.meta.url).href;
  const parent = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { fork } from "node:child_process";
       fork(new URL(${JSON.stringify(entry)}), { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
       process.exit(0);`,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  parent.stdout.on("data", (chunk) => (output += chunk));
  parent.stderr.on("data", (chunk) => (output += chunk));
  // The pipes close once the orphaned child, which holds them too, has ended.
  await Promise.all([once(parent.stdout, "close"), once(parent.stderr, "close")]);
  assert.equal(output, "");
});
