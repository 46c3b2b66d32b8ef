import { setTimeout as sleep } from "node:timers/promises";

/** Polls a condition the server side reaches on its own (a request arriving, a socket closing). */
export async function waitUntil(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await condition()) return;
    await sleep(10);
  }
  throw new Error(`gave up waiting for ${what}`);
}
