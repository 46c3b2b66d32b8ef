import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { settingLeaves, settingsTable } from "../../scripts/config-table.ts";
import { CONFIG_SCHEMA, loadConfig, parseConfig } from "../../src/config.ts";

test("the README's configuration tables are the schema's (npm run config-table writes them)", () => {
  const readme = readFileSync("README.md", "utf8");
  const block = /<!-- config:start -->\n([\s\S]*?)\n<!-- config:end -->/.exec(readme)?.[1];
  // Compare cell by cell: an editor is free to pad the tables.
  const cells = (tables: string | undefined) =>
    (tables ?? "")
      .split("\n")
      .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
      .map((line) => line.split("|").map((cell) => cell.trim()));
  assert.deepEqual(cells(block), cells(settingsTable(CONFIG_SCHEMA)), "run npm run config-table");
});

test("every setting has its own variable, a meaning and a default that passes its own check", () => {
  const leaves = [...settingLeaves(CONFIG_SCHEMA)];
  assert.ok(leaves.length > 80);
  assert.equal(new Set(leaves.map((leaf) => leaf.env)).size, leaves.length);
  for (const leaf of leaves) assert.ok(leaf.description.length > 10, leaf.env);
  const config = parseConfig({});
  assert.equal(config.server.port, 8080);
  assert.equal(config.database.url, "sqlite:./data/padron.db");
  assert.deepEqual(config.lists.refreshModes, ["sandbox", "live"]);
  assert.equal(config.prices["verify-batch"], 1);
  assert.ok(Object.isFrozen(config) && Object.isFrozen(config.upstreams.padron));
});

test("values are read as the schema types them: numbers, flags in any spelling, trimmed text", () => {
  const config = parseConfig({
    PORT: " 9090 ",
    SANDBOX: "Off",
    WEBHOOK_ALLOW_PRIVATE: "yes",
    SANDBOX_TIME_SCALE: "0.25",
    LISTS_REFRESH_MODES: "live",
    REGISTRATION_REFRESH_MODES: "",
    DEMO_USER: "",
    PUBLIC_URL: "https://padron.example ",
    REGISTRATION_SYNC_WRITE_SHARE: "1",
  });
  assert.equal(config.server.port, 9090);
  assert.equal(config.sandbox.enabled, false);
  assert.equal(config.webhooks.allowPrivate, true);
  assert.equal(config.sandbox.timeScale, 0.25);
  assert.deepEqual(config.lists.refreshModes, ["live"]);
  assert.deepEqual(config.registration.refreshModes, []);
  assert.equal(config.accounts.demoUser, "");
  assert.equal(config.server.publicUrl, "https://padron.example");
  assert.equal(config.registration.syncWriteShare, 1);
  assert.equal(parseConfig({}).registration.syncWriteShare, 0.5);
});

test("bad values are reported together, each with its variable; a secret's value is never shown", () => {
  const bad = {
    PORT: "eighty",
    DATABASE_URL: "mysql://x",
    SANDBOX_TIME_SCALE: "-1",
    SANDBOX_SIZE: "8.5",
    WORKER_POLL_MS: "",
    SANDBOX: "maybe",
    LOG_LEVEL: "loud",
    REDIS_URL: "http://cache",
    LISTS_REFRESH_MODES: "sandbox,staging",
    METRICS_TOKEN: "hunter2",
    REGISTRATION_SYNC_WRITE_SHARE: "0",
  };
  assert.throws(
    () => parseConfig(bad),
    (error: Error) => {
      for (const name of Object.keys(bad)) assert.match(error.message, new RegExp(`^  ${name} `, "m"));
      assert.match(error.message, /DATABASE_URL must start with sqlite: or postgres:\/\/, got "mysql:\/\/x"/);
      assert.match(error.message, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
      assert.match(error.message, /SANDBOX must be true or false, got "maybe"/);
      assert.match(
        error.message,
        /METRICS_TOKEN must be at least 16 characters \(or empty\), got 7 characters/,
      );
      assert.match(error.message, /REGISTRATION_SYNC_WRITE_SHARE must be > 0, got "0"/);
      assert.doesNotMatch(error.message, /hunter2/);
      return true;
    },
  );
});

test("a CLI option not given (an undefined override) leaves the environment's value", () => {
  const saved = process.env.PORT;
  process.env.PORT = "18123";
  try {
    assert.equal(loadConfig({ PORT: undefined, HOST: undefined }).server.port, 18123);
    assert.equal(loadConfig({ PORT: "9090" }).server.port, 9090);
  } finally {
    if (saved === undefined) delete process.env.PORT;
    else process.env.PORT = saved;
  }
});
