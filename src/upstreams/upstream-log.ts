import type { Log } from "../platform/log.ts";

/** Where upstream clients report what an operator must see: the process's pino logger. */
export type UpstreamLog = Log;
