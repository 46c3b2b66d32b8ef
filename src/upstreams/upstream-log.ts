import { type Log, logThrough, processLogger } from "../platform/log.ts";

/** Where upstream clients report what an operator must see: the process's pino logger. */
export type UpstreamLog = Log;

/** Until a process gives its logger: pino on stderr, at info. */
export const stderrLog: UpstreamLog = logThrough(processLogger("info"));
