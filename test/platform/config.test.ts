import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { loadConfig, parseConfig, SETTINGS } from "../../src/config.ts";

export function configurationTable(): string {
  const rows = Object.values(SETTINGS).map(
    (s) => `| \`${s.env}\` | ${s.default === "" ? "(empty)" : `\`${s.default}\``} | ${s.meaning} |`,
  );
  return ["| name | default | meaning |", "|---|---|---|", ...rows].join("\n");
}

test("the README's configuration table lists every setting with its default and meaning", () => {
  const readme = readFileSync("README.md", "utf8");
  const block = /<!-- config:start -->\n([\s\S]*?)\n<!-- config:end -->/.exec(readme)?.[1];
  // Compare cell by cell: the formatter is free to pad the table.
  const cells = (table: string | undefined) =>
    (table ?? "")
      .split("\n")
      .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
      .map((line) => line.split("|").map((cell) => cell.trim()));
  assert.deepEqual(
    cells(block),
    cells(configurationTable()),
    `replace the README block with:\n${configurationTable()}`,
  );
});

test("defaults parse, and bad values are reported together with their names", () => {
  const config = parseConfig({});
  assert.equal(config.port, 8080);
  assert.equal(config.databaseUrl, "sqlite:./data/padron.db");
  assert.ok(Object.isFrozen(config));
  assert.throws(
    () => parseConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SANDBOX_TIME_SCALE: "-1" }),
    (error: Error) =>
      /PORT/.test(error.message) &&
      /DATABASE_URL/.test(error.message) &&
      /SANDBOX_TIME_SCALE/.test(error.message),
  );
});

test("a CLI option not given (an undefined override) leaves the environment's value", () => {
  const saved = process.env.PORT;
  process.env.PORT = "18123";
  try {
    assert.equal(loadConfig({ PORT: undefined, HOST: undefined }).port, 18123);
    assert.equal(loadConfig({ PORT: "9090" }).port, 9090);
  } finally {
    if (saved === undefined) delete process.env.PORT;
    else process.env.PORT = saved;
  }
});
