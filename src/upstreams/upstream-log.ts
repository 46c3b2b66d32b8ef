/** Where upstream clients report what an operator must see (pino's in the API, stderr JSON in a worker). */
export type UpstreamLog = (
  level: "info" | "warn" | "error",
  message: string,
  fields: Record<string, unknown>,
) => void;

/** Until a process gives its logger: one JSON line on stderr, as `padron worker` writes. */
export const stderrLog: UpstreamLog = (level, message, fields) =>
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg: message, ...fields })}\n`);
