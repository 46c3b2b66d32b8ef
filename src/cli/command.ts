import type { ParseArgsOptionsConfig } from "node:util";

/** One `padron <command>`: its usage line, its options and what it does. */
export interface Command {
  usage: string;
  options: ParseArgsOptionsConfig;
  /** Takes FILE words besides its options; any other command refuses a stray word (`--credits 10 000`). */
  takesFiles?: true;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<void>;
}
