// Rewrites the README's configuration tables from the schema in src/config.ts (npm run config-table).
import { readFileSync, writeFileSync } from "node:fs";
import { CONFIG_SCHEMA } from "../src/config.ts";
import { settingsTable } from "../src/platform/settings/settings-table.ts";

const BLOCK = /(<!-- config:start -->\n)[\s\S]*?(\n<!-- config:end -->)/;
const readme = readFileSync("README.md", "utf8");
if (!BLOCK.test(readme))
  throw new Error("README.md has no <!-- config:start --> … <!-- config:end --> block");
writeFileSync(
  "README.md",
  readme.replace(BLOCK, (_, start, end) => `${start}${settingsTable(CONFIG_SCHEMA)}${end}`),
);
