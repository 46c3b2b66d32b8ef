// The load side of bench/validate-load.ts: starts a service process (bench/validate-service.ts) and
// sends it many validations at once, each timed from its request to its whole answer.
import { fork } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { Agent, request } from "undici";

export type ServiceReport = {
  rss_peak_mb: number;
  /** process.memoryUsage() at the RSS peak, in MB. */
  at_peak_mb: Record<string, number>;
  /** Each V8 heap space at the RSS peak: [size, used] in MB. */
  heap_spaces_at_peak_mb: Record<string, [number, number]>;
  event_loop_delay_p99_ms: number;
  event_loop_delay_max_ms: number;
  gc_pauses: number;
  gc_pause_total_ms: number;
  gc_pause_max_ms: number;
  /** Whether Node loaded its TypeScript stripper (amaro): a cold compile cache, or none. */
  type_stripper_loaded: boolean;
};

export type Validation = { ms: number; status: number; valid: boolean | null; zip?: string; error?: string };

export type BenchService = {
  pid: number;
  /** All at once, each timed; with `name` the RFC + name form. */
  validateAll(taxpayers: readonly { rfc: string; name: string }[]): Promise<Validation[]>;
  /** Starts the service's RSS and event-loop sampling; `report` stops it and answers. */
  measure(): void;
  report(): Promise<ServiceReport>;
  stop(): Promise<void>;
};

export async function startBenchService(options: {
  sandboxUrl: string;
  catalogFile: string;
  withName: boolean;
  connections: number;
  profileFile?: string;
  allocationsFile?: string;
  /** A heap snapshot written once when the service's RSS first passes `snapshotAtMb`. */
  snapshotFile?: string;
  snapshotAtMb?: number;
  /** Instead: that many seconds into the measurement. */
  snapshotAfterS?: number;
  /** Node flags for the service process. */
  nodeArgs?: string[];
  /** Runs the service through this executable instead of node (e.g. bench/memory-limited-node.sh). */
  execPath?: string;
  /** "shipped": the upstreams' default concurrency; "unbounded": 5,000 each, as the bare chain has. */
  upstreamLimits?: "shipped" | "unbounded";
  /** Node's compile cache directory for the service (NODE_COMPILE_CACHE); none: types stripped at start. */
  compileCache?: string;
}): Promise<BenchService> {
  const args = [
    options.sandboxUrl,
    options.catalogFile,
    options.profileFile ?? "",
    options.allocationsFile ?? "",
    options.snapshotFile ?? "",
    String(options.snapshotAtMb ?? ""),
    String(options.snapshotAfterS ?? ""),
    options.upstreamLimits ?? "shipped",
  ];
  const service = fork("bench/validate-service.ts", args, {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
    execArgv: [...process.execArgv, ...(options.nodeArgs ?? [])],
    ...(options.execPath ? { execPath: options.execPath } : {}),
    env: { ...process.env, ...(options.compileCache ? { NODE_COMPILE_CACHE: options.compileCache } : {}) },
  });
  const exited = new Promise<void>((resolve) => service.once("exit", () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: service.stdout as Readable });
    lines.on("line", (text) => (text.startsWith("{") ? resolve(text) : process.stderr.write(`${text}\n`)));
    service.once("exit", (code) => reject(new Error(`the service exited (${code}) before listening`)));
  });
  const { url, key } = JSON.parse(line) as { url: string; key: string };
  const agent = new Agent({
    connections: options.connections,
    headersTimeout: 0,
    bodyTimeout: 0,
    connectTimeout: 120_000,
  });

  async function validate(taxpayer: { rfc: string; name: string }): Promise<Validation> {
    const started = performance.now();
    try {
      const response = await request(`${url}/v1/rfc/validate`, {
        method: "POST",
        dispatcher: agent,
        headers: { "content-type": "application/json", "x-api-key": key },
        body: JSON.stringify(
          options.withName ? { rfc: taxpayer.rfc, name: taxpayer.name } : { rfc: taxpayer.rfc },
        ),
      });
      const body = (await response.body.json()) as { valid: boolean | null; zip?: string };
      return {
        ms: performance.now() - started,
        status: response.statusCode,
        valid: body.valid,
        zip: body.zip,
      };
    } catch (error) {
      return { ms: performance.now() - started, status: 0, valid: null, error: String(error) };
    }
  }

  return {
    pid: service.pid as number,
    validateAll: (taxpayers) => Promise.all(taxpayers.map(validate)),
    measure: () => service.send("measure"),
    report: () =>
      new Promise((resolve) => {
        service.once("message", (report) => resolve(report as ServiceReport));
        service.send("report");
      }),
    async stop() {
      await agent.close();
      service.kill("SIGTERM");
      await exited;
    },
  };
}

export const stats = (list: readonly number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { median: at(0.5), p95: at(0.95), max: at(1) };
};
