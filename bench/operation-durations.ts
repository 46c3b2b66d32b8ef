// How long validate (with a name), find-zip and commerce-registry take with a sandbox key against the
// sandbox at time-scale 1 (spec §8: ~12 s, 10–15 s, 20–60 s), one request at a time, and where the time
// goes: every upstream call the service makes is traced (undici's diagnostics channels) with its start
// and end relative to the request. Each round uses other scenario RFCs, so no answer comes from a cache.
// Usage: node bench/operation-durations.ts [--rounds 3] [--scale 1]
import "reflect-metadata";
import { subscribe } from "node:diagnostics_channel";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createUser } from "../src/accounts/create-user.ts";
import { issueApiKey } from "../src/api-keys/issue-api-key.ts";
import { buildApp } from "../src/app.ts";
import { parseConfig } from "../src/config.ts";
import { openDatabase } from "../src/platform/db/connect.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { startSandbox } from "../src/sandbox/server.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, scale: { type: "string", default: "1" } },
});
const rounds = Number(values.rounds);
const timeScale = Number(values.scale);

const sandbox = await startSandbox({ port: 0, seed: 1, timeScale });
const config = parseConfig({
  DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), "padron-bench-")), "bench.db")}`,
  LOG_LEVEL: "warn",
  DEMO_USER: "",
  SANDBOX_URL: sandbox.url,
});
const database = openDatabase(config.database.url);
await migrateToLatest(database);
const padron = await buildApp({ config, database });
await padron.app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(padron.app.server.address() as AddressInfo).port}`;
const user = await createUser(
  database.db,
  { email: `bench-${Date.now()}@padron.local` },
  { signupCredits: 0 },
);
const { key } = await issueApiKey(database.db, { ownerId: user.id, label: "bench", mode: "test" });

type Call = { upstream: string; records?: number; start: number; end?: number; failed?: boolean };
let calls: Call[] = [];
const open = new WeakMap<object, Call>();
const sandboxOrigin = new URL(sandbox.url).origin;
const upstreamOf = (path: string) => path.split("?")[0].split("/").slice(1, 3).join("/");
subscribe("undici:request:create", (message) => {
  const { request } = message as { request: { origin: string; path: string; body: unknown } };
  if (String(request.origin) !== sandboxOrigin) return;
  const body = request.body;
  const records = Buffer.isBuffer(body) ? body.toString().split("\r\n").length - 1 : undefined;
  const call: Call = { upstream: upstreamOf(request.path), records, start: performance.now() };
  open.set(request, call);
  calls.push(call);
});
const close = (failed: boolean) => (message: unknown) => {
  const call = open.get((message as { request: object }).request);
  if (call && call.end === undefined) Object.assign(call, { end: performance.now(), failed });
};
subscribe("undici:request:trailers", close(false));
subscribe("undici:request:error", close(true));

const scenarios = (await (await fetch(`${sandbox.url}/scenarios`)).json()) as {
  rfc: string;
  name: string;
  tags: string[];
}[];
const named = (tag: string) => scenarios.filter((s) => s.tags.includes(tag));
// Registered companies whose padrón, certificates and registry all answer (no fault scenario).
const companies = [
  ...named("registered_company"),
  ...named("fiel_only"),
  ...named("revoked_certificate"),
  ...named("registry_multiple_folios"),
  ...named("list_69_firmes"),
  ...named("list_69_exigibles"),
];
if (companies.length < rounds) throw new Error(`only ${companies.length} scenario companies`);

async function timed(operation: string, rfc: string, body: object) {
  calls = [];
  const started = performance.now();
  const response = await fetch(`${base}/v1/rfc/${operation}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  const total = performance.now() - started;
  const at = (t: number | undefined) => (t === undefined ? null : Math.round(t - started));
  return {
    operation,
    rfc,
    status: response.status,
    outcome: answer.valid ?? answer.found,
    zip: answer.zip,
    ms: Math.round(total),
    upstream_calls: calls.map((c) => ({
      upstream: c.upstream,
      ...(c.records ? { records: c.records } : {}),
      start_ms: at(c.start),
      end_ms: at(c.end),
      ...(c.failed ? { failed: true } : {}),
    })),
  };
}

const results: Awaited<ReturnType<typeof timed>>[] = [];
for (let round = 0; round < rounds; round++) {
  const company = companies[round];
  const zipSearch = companies[(round + rounds) % companies.length];
  results.push(await timed("validate", company.rfc, { rfc: company.rfc, name: company.name }));
  results.push(await timed("find-zip", zipSearch.rfc, { rfc: zipSearch.rfc, name: zipSearch.name }));
  results.push(await timed("commerce-registry", company.rfc, { rfc: company.rfc }));
}

await padron.app.close();
await database.close();
await sandbox.close();

const summary = (operation: string) => results.filter((r) => r.operation === operation).map((r) => r.ms);
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      command: `node bench/operation-durations.ts ${process.argv.slice(2).join(" ")}`.trim(),
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      sandbox_time_scale: timeScale,
      durations_ms: {
        validate_with_name: summary("validate"),
        find_zip: summary("find-zip"),
        commerce_registry: summary("commerce-registry"),
      },
      results,
    },
    null,
    2,
  ),
);
