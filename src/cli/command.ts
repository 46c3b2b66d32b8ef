import type { ParseArgsOptionsConfig } from "node:util";

/** One `padron <command>`: its usage line, its options and what it does. */
export interface Command {
  usage: string;
  options: ParseArgsOptionsConfig;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<void>;
}
