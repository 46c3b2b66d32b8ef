import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { test } from "node:test";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import { startTestApp } from "../helpers/app.ts";
import { TEST_ENGINE } from "../helpers/database.ts";
import { mintOwner } from "../helpers/owners.ts";

function dumpDatabase(url: string): string {
  if (TEST_ENGINE === "postgres")
    return execFileSync("pg_dump", ["--data-only", url], { encoding: "utf8", maxBuffer: 1 << 28 });
  const dir = dirname(url.slice("sqlite:".length));
  return readdirSync(dir)
    .map((file) => readFileSync(`${dir}/${file}`).toString("latin1"))
    .join("\n");
}

test("a database dump after creating keys contains no key in clear", async () => {
  const padron = await startTestApp();
  try {
    const owner = await mintOwner(padron.database.db);
    const more = await Promise.all(
      [1, 2, 3].map((i) =>
        issueApiKey(padron.database.db, {
          ownerId: owner.ownerId,
          label: `k${i}`,
          mode: i % 2 ? "live" : "test",
        }),
      ),
    );
    await padron.keyUse.flush();
    const dump = dumpDatabase(padron.database.url);
    assert.ok(dump.includes(owner.email), "the dump does contain the data");
    for (const key of [owner.key, ...more.map((k) => k.key)]) {
      assert.equal(dump.includes(key), false);
      assert.equal(dump.includes(key.slice(15)), false, "not even the secret part");
    }
  } finally {
    await padron.close();
  }
});

test("logs of authenticated requests never contain the key", async () => {
  const padron = await startTestApp({ LOG_LEVEL: "trace" });
  try {
    const owner = await mintOwner(padron.database.db);
    for (const url of ["/v1/account", "/v1/missing", "/healthz"]) {
      await padron.app.inject({ method: "GET", url, headers: { "x-api-key": owner.key } });
    }
    await padron.app.inject({
      method: "POST",
      url: "/v1/account",
      headers: { "x-api-key": owner.key },
      payload: {},
    });
    assert.ok(padron.logs.length > 4, "requests were logged");
    const all = padron.logs.join("\n");
    assert.equal(all.includes(owner.key), false);
    assert.equal(all.includes(owner.key.slice(15)), false);
  } finally {
    await padron.close();
  }
});
