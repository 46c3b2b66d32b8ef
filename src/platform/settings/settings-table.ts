import type { TObject } from "typebox";
import { settingLeaves } from "./read-settings.ts";

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
