import { loadConfig } from "../config.ts";
import { openDatabase } from "../platform/db/connect.ts";
import { prepareDatabase } from "../platform/db/prepare-database.ts";
import type { Command } from "./command.ts";

export const migrate: Command = {
  usage: "",
  options: {},
  async run() {
    const config = loadConfig();
    const database = openDatabase(config.database.url, {
      ...config.database,
      poolSize: 1,
      role: "bulk",
    });
    try {
      const applied = await prepareDatabase(database, config.database.url, { probe: false });
      process.stdout.write(applied.length ? `applied: ${applied.join(", ")}\n` : "database is up to date\n");
    } finally {
      await database.close();
    }
  },
};
