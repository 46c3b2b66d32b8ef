// Rewrites the README's configuration tables from the schema in src/config.ts (npm run config-table).
import { readFileSync, writeFileSync } from "node:fs";
import type { TObject } from "typebox";
import { CONFIG_SCHEMA } from "../src/config.ts";
import type { SettingLeaf } from "../src/platform/settings/read-settings.ts";

/** Every leaf of a settings schema, in declaration order. */
export function* settingLeaves(schema: TObject): Generator<SettingLeaf> {
  for (const child of Object.values(schema.properties)) {
    if ("env" in child) yield child as SettingLeaf;
    else yield* settingLeaves(child as TObject);
  }
}

const cell = (value: unknown) => (value === "" ? "(empty)" : `\`${String(value)}\``);

/** The README's configuration tables: one per group, each setting with its default and meaning. */
export function settingsTable(schema: TObject): string {
  const groups = Object.entries(schema.properties) as [string, TObject & { description: string }][];
  const sections = groups.map(([key, group]) => {
    const rows = [...settingLeaves(group)].map(
      (leaf) => `| \`${leaf.env}\` | ${cell(leaf.default)} | ${leaf.description.replaceAll("|", "\\|")} |`,
    );
    const heading = `**${group.description}** (\`config.${key}\`)`;
    return [heading, "", "| name | default | meaning |", "|---|---|---|", ...rows].join("\n");
  });
  return sections.join("\n\n");
}

// The test of the README's tables imports this file: only running it rewrites the README.
if (import.meta.main) {
  const BLOCK = /(<!-- config:start -->\n)[\s\S]*?(\n<!-- config:end -->)/;
  const readme = readFileSync("README.md", "utf8");
  if (!BLOCK.test(readme))
    throw new Error("README.md has no <!-- config:start --> … <!-- config:end --> block");
  writeFileSync(
    "README.md",
    readme.replace(BLOCK, (_, start, end) => `${start}${settingsTable(CONFIG_SCHEMA)}${end}`),
  );
}
