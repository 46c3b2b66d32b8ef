import { setTimeout as sleep } from "node:timers/promises";

/** Polls a condition the server side reaches on its own (a request arriving, a socket closing). */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000; // a hang guard only: a loaded CI machine can be slow
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(10);
  }
}
