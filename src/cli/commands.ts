import type { ParseArgsOptionsConfig } from "node:util";
import { cert } from "./cert.ts";
import { credits } from "./credits.ts";
import { keys } from "./keys.ts";
import { migrate } from "./migrate.ts";
import { orgs } from "./orgs.ts";
import { postalCodes } from "./postal-codes.ts";
import { serve } from "./serve.ts";
import { users } from "./users.ts";

export interface Command {
  usage: string;
  options: ParseArgsOptionsConfig;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<void>;
}

export const COMMANDS: Record<string, Command> = {
  serve,
  migrate,
  ...users,
  ...orgs,
  ...keys,
  ...credits,
  ...postalCodes,
  ...cert,
};
