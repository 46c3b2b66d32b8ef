import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, Level, Logger } from "pino";

type LogArguments = Parameters<Logger["info"]>;

/**
 * A request's logger, made on its first line that its level lets through. Most requests log nothing,
 * and a pino child made for each of them cost about 1 % of a sat-lists request's CPU (A/B, 2026-11-25).
 */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined)
    return parent.child(bindings, options);
  return new LazyChildLogger(parent as Logger, bindings) as unknown as FastifyBaseLogger;
}

class LazyChildLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | null = null;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

  bindings(): Bindings {
    return this.#made().bindings();
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.#made().child(bindings, options);
  }

  fatal(...args: LogArguments): void {
    this.#log("fatal", args);
  }
  error(...args: LogArguments): void {
    this.#log("error", args);
  }
  warn(...args: LogArguments): void {
    this.#log("warn", args);
  }
  info(...args: LogArguments): void {
    this.#log("info", args);
  }
  debug(...args: LogArguments): void {
    this.#log("debug", args);
  }
  trace(...args: LogArguments): void {
    this.#log("trace", args);
  }
  silent(): void {}

  #log(level: Level, args: LogArguments): void {
    if (this.isLevelEnabled(level)) this.#made()[level](...args);
  }

  #made(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }
}
