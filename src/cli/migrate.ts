import type { Command } from "./command.ts";
import { withDatabase } from "./session.ts";

export const migrate: Command = {
  usage: "",
  options: {},
  run: () =>
    withDatabase(async (_database, _config, applied) => {
      process.stdout.write(applied.length ? `applied: ${applied.join(", ")}\n` : "database is up to date\n");
    }),
};
