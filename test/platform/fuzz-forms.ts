import assert from "node:assert/strict";
import type { FastifyInstance, InjectOptions } from "fastify";
import { createOrganization } from "../../src/accounts/create-organization.ts";
import { createUser } from "../../src/accounts/create-user.ts";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import type { Db } from "../../src/platform/db/connect.ts";
import { createDelivery } from "../../src/webhooks/create-delivery.ts";
import {
  type EncodedBody,
  encodeFormValue,
  encodeJson,
  nastyQuery,
  nastySegment,
} from "../helpers/fuzz-encodings.ts";
import { nastyString, type Rng } from "../helpers/fuzz-values.ts";
import { userIdByEmail } from "../helpers/owners.ts";

export interface Case {
  label: string;
  options: InjectOptions;
}

/** The app under fuzz, and the async request body that makes a webhook delivery to redeliver. */
export interface FuzzSite {
  app: FastifyInstance;
  db: Db;
  seed: number;
  asyncBody: unknown;
  cases: { perPage: number; perForm: number };
}

/** Every form on the dashboard's pages (log-out aside), posted with fuzzed fields; and the pages. */
export async function dashboardCases(rng: Rng, fuzz: FuzzSite): Promise<Case[]> {
  const pageOf = (path: string, cookie: string) => fetchPage(fuzz.app, path, cookie);
  const site = await prepareDashboard(fuzz);
  const cases: Case[] = [];
  const anonymous = await pageOf("/login", "");
  for (const { path, cookie } of [
    { path: "/login", cookie: anonymous.cookie },
    { path: "/signup", cookie: anonymous.cookie },
    ...site.pages.map((path) => ({ path, cookie: site.cookie })),
  ]) {
    const page = await pageOf(path, cookie);
    assert.equal(page.status, 200, path);
    for (let n = 0; n < fuzz.cases.perPage; n++)
      cases.push({
        label: `#${cases.length} GET ${path}`,
        options: {
          method: "GET",
          url: rng.chance(0.5) ? `${path}?${nastyQuery(rng)}` : mutatePath(rng, path),
          headers: { cookie },
        },
      });
    for (const form of formsOf(page.html).filter((f) => f.action !== "/logout"))
      for (let n = 0; n < fuzz.cases.perForm; n++)
        cases.push(formCase(rng, form, cookie, `#${cases.length}`));
  }
  return cases;
}

interface Form {
  action: string;
  fields: Map<string, string>;
}

function formsOf(html: string): Form[] {
  const forms: Form[] = [];
  for (const [, attributes, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (!/method="post"/i.test(attributes)) continue;
    const action = /action="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const fields = new Map<string, string>();
    for (const [tag] of inner.matchAll(/<(input|select|textarea)\b[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(tag)?.[1];
      if (name && !fields.has(name)) fields.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? "");
    }
    forms.push({ action, fields });
  }
  return forms;
}

const PLAUSIBLE: Record<string, string[]> = {
  email: ["fuzz-member@test.padron", "someone@test.padron"],
  password: ["a long enough password"],
  label: ["billing server"],
  name: ["Fuzz Co"],
  mode: ["live", "test"],
  role: ["owner", "admin", "member"],
  next: ["/requests", "/webhooks"],
};

function formCase(rng: Rng, form: Form, cookie: string, label: string): Case {
  const pairs: string[] = [];
  for (const [name, value] of form.fields) {
    if (rng.chance(0.05)) continue;
    const plain = name === "_csrf" && rng.chance(0.9) ? value : nastyString(rng, PLAUSIBLE[name] ?? [value]);
    pairs.push(`${name}=${encodeFormValue(rng, plain)}`);
    if (rng.chance(0.03)) pairs.push(`${name}=twice`);
  }
  if (rng.chance(0.05)) pairs.push(`${encodeFormValue(rng, nastyString(rng))}=x`);
  const body: EncodedBody = rng.chance(0.9)
    ? { payload: pairs.join("&"), headers: { "content-type": "application/x-www-form-urlencoded" } }
    : encodeJson(rng, Object.fromEntries(pairs.map((p) => p.split("="))));
  const jar = rng.chance(0.05) ? `padron_session=${nastySegment(rng)}; padron_csrf=%00` : cookie;
  return {
    label: `${label} POST ${form.action}`,
    options: {
      method: "POST",
      url: rng.chance(0.2) ? mutatePath(rng, form.action) : form.action,
      payload: body.payload,
      headers: { ...body.headers, cookie: jar },
    },
  };
}

/** The path with one of its segments (never the first) replaced by a hostile one. */
function mutatePath(rng: Rng, path: string): string {
  const segments = path.split("/");
  if (segments.length < 3) return `${path}/${nastySegment(rng)}`;
  segments[1 + rng.int(segments.length - 1)] = nastySegment(rng);
  return segments.join("/");
}

/** A signed-in user with an organization, keys to delete and a finished delivery to redeliver. */
async function prepareDashboard({
  app,
  db,
  seed,
  asyncBody,
}: FuzzSite): Promise<{ cookie: string; pages: string[] }> {
  const signup = await fetchPage(app, "/signup", "");
  const csrf = /name="_csrf" value="([^"]+)"/.exec(signup.html)?.[1] ?? "";
  const email = `fuzz-${seed}@test.padron`;
  const created = await app.inject({
    method: "POST",
    url: "/signup",
    headers: { cookie: signup.cookie, "content-type": "application/x-www-form-urlencoded" },
    payload: `_csrf=${csrf}&email=${encodeURIComponent(email)}&password=a+long+enough+password`,
  });
  const session = created.cookies.find((c) => c.name === "padron_session");
  assert.ok(session, "signed up");
  const user = { id: await userIdByEmail(db, email) };
  const org = await createOrganization(db, { name: "Fuzz Co", ownerUserId: user.id });
  const victim = await issueApiKey(db, { ownerId: user.id, label: "victim", mode: "test" });
  const orgVictim = await issueApiKey(db, { ownerId: org.id, label: "victim", mode: "live" });
  await createUser(db, { email: "fuzz-member@test.padron" }, { signupCredits: 0 });
  const asyncRequest = await app.inject({
    method: "POST",
    url: "/v1/rfc/verify-batch",
    headers: { "x-api-key": victim.key, "content-type": "application/json" },
    payload: asyncBody as object,
  });
  const delivery = await createDelivery(db, {
    ownerId: user.id,
    mode: "test",
    requestId: asyncRequest.json().request_id,
    url: "http://127.0.0.1:9/",
    type: "rfc.verify_batch.completed",
    status: 200,
    body: {},
  });
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "failed" })
    .where("id", "=", delivery.id)
    .execute();
  const o = `/org/${org.slug}`;
  return {
    cookie: `padron_session=${session.value}`,
    pages: [
      "/api-keys",
      "/orgs",
      "/credits",
      "/requests",
      "/webhooks",
      `/api-keys/${victim.id}/delete`,
      `${o}/members`,
      `${o}/api-keys`,
      `${o}/credits`,
      `${o}/requests`,
      `${o}/webhooks`,
      `${o}/api-keys/${orgVictim.id}/delete`,
    ],
  };
}

async function fetchPage(app: FastifyInstance, path: string, cookie: string) {
  const response = await app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
  const preAuth = response.cookies.find((c) => c.name === "padron_csrf");
  return {
    status: response.statusCode,
    html: response.body,
    cookie: preAuth ? `padron_csrf=${preAuth.value}` : cookie,
  };
}
