import type { ParseArgsOptionsConfig } from "node:util";
import { credits } from "./credits.ts";
import { keys } from "./keys.ts";
import { lists } from "./lists.ts";
import { migrate } from "./migrate.ts";
import { orgs } from "./orgs.ts";
import { sandbox } from "./sandbox.ts";
import { serve } from "./serve.ts";
import { users } from "./users.ts";
import { worker } from "./worker.ts";

export interface Command {
  usage: string;
  options: ParseArgsOptionsConfig;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<void>;
}

export const COMMANDS: Record<string, Command> = {
  serve,
  worker,
  migrate,
  sandbox,
  ...users,
  ...orgs,
  ...keys,
  ...credits,
  ...lists,
};
