import { loadConfig } from "../config.ts";
import { startSandbox } from "../sandbox/server.ts";
import type { Command } from "./command.ts";

export const sandbox: Command = {
  usage: "[--port 8081] [--seed 1] [--size 20000] [--time-scale 1]",
  options: {
    port: { type: "string" },
    seed: { type: "string" },
    size: { type: "string" },
    "time-scale": { type: "string" },
  },
  async run(values) {
    const config = loadConfig({
      SANDBOX_PORT: values.port as string | undefined,
      SANDBOX_SEED: values.seed as string | undefined,
      SANDBOX_SIZE: values.size as string | undefined,
      SANDBOX_TIME_SCALE: values["time-scale"] as string | undefined,
    });
    const started = Date.now();
    const running = await startSandbox({ ...config.sandbox, host: config.server.host });
    process.stdout.write(
      `padron sandbox at ${running.url} (seed ${config.sandbox.seed}, ${running.population.taxpayers.length} taxpayers, ` +
        `time scale ${config.sandbox.timeScale}, ready in ${Date.now() - started} ms)\nscenarios: ${running.url}/scenarios\n`,
    );
    const stop = () => void running.close().then(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  },
};
