import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { encodeJson, nastyQuery, nastySegment } from "../helpers/fuzz-encodings.ts";
import { nastyString, type Rng, seededRng, valueFor } from "../helpers/fuzz-values.ts";
import { mintOwner, type TestOwner } from "../helpers/owners.ts";
import { type Case, dashboardCases } from "./fuzz-forms.ts";

// A bounded, seeded fuzz run over every route of the OpenAPI document and every dashboard form found
// on the dashboard's pages. Rerun one seed with FUZZ_SEED=<n>; each failure names its case number.
const SEED = Number(process.env.FUZZ_SEED ?? 21_2025);
const CASES_PER_API_ROUTE = 200;
const CASES_PER_FORM = 30;
const CASES_PER_PAGE = 10;
const IN_FLIGHT = 8;

let padron: SandboxApp;
let live: TestOwner;
let sandboxKey: TestOwner;
let poor: TestOwner;
let requestId: string;

before(async () => {
  padron = await startTestApp(
    {
      LOG_LEVEL: "error",
      WEBHOOK_ALLOW_PRIVATE: "false",
      RATE_LIMIT_PER_MINUTE: "1000000",
      RATE_LIMIT_BATCH_PER_MINUTE: "1000000",
      DASHBOARD_LOGIN_PER_MINUTE: "1000000",
    },
    { sandbox: { timeoutMs: 300, maxHoldMs: 50 } },
  );
  const db = padron.database.db;
  live = await mintOwner(db, { credits: 1_000_000 });
  sandboxKey = await mintOwner(db, { mode: "test" });
  poor = await mintOwner(db, { credits: 0 });
  const accepted = await padron.app.inject({
    method: "POST",
    url: "/v1/rfc/verify-batch",
    headers: { "x-api-key": live.key, "content-type": "application/json" },
    payload: asyncBody(),
  });
  requestId = accepted.json().request_id;
});
after(async () => {
  await padron?.close();
});

// Literal addresses only: a webhook_url never makes the test resolve a name. Nothing is delivered
// (no worker runs), so the public one is never contacted.
const PUBLIC_HOOK = "http://93.184.216.34/hook";
const asyncBody = () => ({
  records: [{ rfc: "EKU9003173C9", name: "X", zip: "86035" }],
  webhook_url: PUBLIC_HOOK,
});
const HOOK_PREFIXES = [PUBLIC_HOOK, "http://127.0.0.1:9/", "https://[::7f00:1]/", "ftp://10.0.0.1/", ""];

interface Outcome {
  label: string;
  status: number;
  requestId: string;
  api: boolean;
  body: string;
}

test(`no input gives a 5xx or charges a refused request (seed ${SEED})`, { timeout: 240_000 }, async () => {
  const rng = seededRng(SEED);
  const site = {
    app: padron.app,
    db: padron.database.db,
    seed: SEED,
    asyncBody: asyncBody(),
    cases: { perPage: CASES_PER_PAGE, perForm: CASES_PER_FORM },
  };
  const cases = [...apiCases(rng), ...(await dashboardCases(rng, site))];
  assert.ok(cases.length >= 2500, `${cases.length} cases`);
  const outcomes = await runAll(cases);

  const failures = outcomes
    .filter((o) => o.status >= 500)
    .map((o) => ({ ...o, logged: padron.logs.filter((line) => line.includes(o.requestId)).join("") }));
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} answers were 5xx`);

  const refused = new Set(outcomes.filter((o) => o.api && o.status >= 400).map((o) => o.requestId));
  const charges = await padron.database.db
    .selectFrom("ledger")
    .select(["request_id"])
    .where("kind", "=", "charge")
    .execute();
  const chargedRefusals = charges.filter((c) => c.request_id !== null && refused.has(c.request_id));
  assert.deepEqual(chargedRefusals, [], "refused requests were charged");
  assert.ok(refused.size > 1000, `${refused.size} refused API requests`);
  await assertBalancesMatchLedger();
});

/** Every route of the OpenAPI document, so a new route is fuzzed without touching this test. */
function apiCases(rng: Rng): Case[] {
  const doc = padron.app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: object }> } }>>;
  };
  const cases: Case[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      for (let n = 0; n < CASES_PER_API_ROUTE; n++) {
        const url = path.replace(/\{[^}]+\}/g, () => (rng.chance(0.5) ? requestId : nastySegment(rng)));
        const body = schema ? encodeJson(rng, valueFor(rng, schema, apiString)) : undefined;
        cases.push({
          label: `#${cases.length} ${method.toUpperCase()} ${path}`,
          options: {
            method: rng.chance(0.03) ? rng.pick(["PUT", "DELETE", "PATCH"]) : (method.toUpperCase() as "GET"),
            url: rng.chance(0.1) ? `${url}?${nastyQuery(rng)}` : url,
            payload: body?.payload,
            headers: { ...body?.headers, ...apiHeaders(rng) },
          },
        });
      }
    }
  }
  return cases;
}

function apiString(rng: Rng, name: string): string {
  if (name === "webhook_url") return rng.pick(HOOK_PREFIXES) + nastyString(rng, ["hook"]).replaceAll(":", "");
  const known = padron.scenarios.map((s) =>
    name === "name" ? (s.name ?? "") : name === "zip" ? (s.zip ?? "") : s.rfc,
  );
  return nastyString(rng, known);
}

function apiHeaders(rng: Rng): Record<string, string> {
  const roll = rng.int(100);
  const key =
    roll < 55 ? live.key : roll < 85 ? sandboxKey.key : roll < 92 ? poor.key : nastyString(rng, [live.key]);
  const headers: Record<string, string> = { "x-api-key": key };
  if (rng.chance(0.1)) headers["idempotency-key"] = nastyString(rng, ["retry-1", "order-42"]);
  return headers;
}

async function runAll(cases: Case[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(cases.length);
  let next = 0;
  const lane = async () => {
    while (next < cases.length) {
      const index = next++;
      const { label, options } = cases[index];
      const response = await padron.app.inject(options);
      outcomes[index] = { label, ...checked(label, options, response) };
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return outcomes;
}

/** Status and request id; an error answer must be a problem document or an HTML page, never raw. */
function checked(label: string, options: InjectOptions, response: LightMyRequestResponse) {
  const api = String(options.url).startsWith("/v1/");
  const requestId = String(response.headers["x-request-id"] ?? "");
  const status = response.statusCode;
  const type = String(response.headers["content-type"] ?? "");
  if (status >= 400) {
    assert.match(
      type,
      /^(application\/problem\+json|text\/html)/,
      `${label}: ${response.body.slice(0, 200)}`,
    );
    // A replay under an Idempotency-Key is the first answer, with that request's id in its body.
    if (type.startsWith("application/problem+json") && !response.headers["idempotent-replayed"])
      assert.equal(response.json().request_id, requestId, label);
  }
  assert.match(requestId, /^req_/, label);
  return { status, requestId, api, body: status >= 500 ? response.body.slice(0, 300) : "" };
}

async function assertBalancesMatchLedger(): Promise<void> {
  const db = padron.database.db;
  for (const owner of [live, poor]) {
    const entries = await db
      .selectFrom("ledger")
      .select("credits")
      .where("owner_id", "=", owner.ownerId)
      .execute();
    const balance = await db
      .selectFrom("balances")
      .select("credits")
      .where("owner_id", "=", owner.ownerId)
      .executeTakeFirstOrThrow();
    assert.equal(
      Number(balance.credits),
      entries.reduce((sum, e) => sum + Number(e.credits), 0),
    );
  }
}
