import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const NODE = `${ROOT}node_modules/.bin/node`;

export interface Child {
  process: ChildProcess;
  output: string[];
  exited: Promise<unknown>;
}

function start(args: string[], env: Record<string, string>): Child {
  const child = spawn(NODE, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (c) => output.push(String(c)));
  child.stderr?.on("data", (c) => output.push(String(c)));
  return { process: child, output, exited: once(child, "exit") };
}

/** `padron worker`'s own code (runWorker), with the tests' operation registered beside the service's. */
export const spawnWorker = (env: Record<string, string>): Child =>
  start(["test/requests/fixtures/worker-instance.ts"], env);

/** `padron worker` exactly as operators run it: only the service's own operations. */
export const spawnPlainWorker = (env: Record<string, string>): Child =>
  start(["bin/padron.js", "worker"], env);

/** An API-only process (the app + the tests' operation), resolved once it prints its URL. */
export async function spawnApi(env: Record<string, string>): Promise<Child & { url: string }> {
  const child = start(["test/requests/fixtures/api-instance.ts"], env);
  const urlLine = () =>
    child.output
      .join("")
      .split("\n")
      .find((l) => l.startsWith('{"url"'));
  // Waits on the process's own output or exit; the timer is only a hang guard for a loaded machine.
  const line = await new Promise<string | undefined>((resolve) => {
    const guard = setTimeout(() => finish(undefined), 120_000);
    const check = () => {
      const found = urlLine();
      if (found) finish(found);
    };
    const finish = (found: string | undefined) => {
      clearTimeout(guard);
      child.process.stdout?.off("data", check);
      child.process.off("exit", onExit);
      resolve(found);
    };
    const onExit = () => finish(urlLine());
    child.process.stdout?.on("data", check);
    child.process.once("exit", onExit);
    check();
  });
  if (line) return { ...child, url: JSON.parse(line).url };
  child.process.kill("SIGKILL");
  throw new Error(`API process did not start:\n${child.output.join("")}`);
}

export async function stopChild(child: Child, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill(signal);
  await child.exited;
}
