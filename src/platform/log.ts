import { type Logger, pino } from "pino";

/** How background paths (workers, syncs, upstream clients) report: a message and its context. */
export type Log = (
  level: "info" | "warn" | "error",
  message: string,
  fields?: Record<string, unknown>,
) => void;

/** A pino logger as the plain function background paths take: one logger for the whole process. */
export function logThrough(logger: Pick<Logger, "info" | "warn" | "error">): Log {
  return (level, message, fields = {}) => logger[level](fields, message);
}

/** The process's own pino logger, on stderr (stdout is for what a command prints). */
export function processLogger(level: string): Logger {
  return pino({ level }, pino.destination(2));
}
