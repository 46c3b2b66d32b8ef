import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { createOrganization } from "../../src/accounts/create-organization.ts";
import { createUser } from "../../src/accounts/create-user.ts";
import { endSession } from "../../src/accounts/end-session.ts";
import { findSession } from "../../src/accounts/find-session.ts";
import { slugify } from "../../src/accounts/slugify.ts";
import { startSession } from "../../src/accounts/start-session.ts";
import { listApiKeys } from "../../src/api-keys/list-api-keys.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { formClient, signUp } from "./form-client.ts";

let padron: TestApp;
let base: string;
before(async () => {
  padron = await startTestApp();
  base = await padron.listen();
});
after(() => padron.close());

const newEmail = () => `user-${randomUUID()}@test.padron`;

test("roles: a member sees members and requests but not keys, credits or webhooks; admins manage", async () => {
  const owner = formClient(base);
  await signUp(owner, newEmail());
  let _csrf = await owner.csrfOf("/orgs");
  const created = await owner.post("/orgs", { _csrf, name: "Roles Test Org" });
  assert.equal(created.status, 303);
  const orgPath = created.location?.replace(/\/members$/, "") ?? "";
  assert.match(orgPath, /^\/org\/roles-test-org/);

  const memberEmail = newEmail();
  const adminEmail = newEmail();
  await createUser(
    padron.database.db,
    { email: memberEmail, password: "member password" },
    { signupCredits: 0 },
  );
  await createUser(
    padron.database.db,
    { email: adminEmail, password: "admin password" },
    { signupCredits: 0 },
  );
  _csrf = await owner.csrfOf(`${orgPath}/members`);
  assert.equal(
    (await owner.post(`${orgPath}/members`, { _csrf, email: memberEmail, role: "member" })).status,
    303,
  );
  assert.equal(
    (await owner.post(`${orgPath}/members`, { _csrf, email: adminEmail, role: "admin" })).status,
    303,
  );
  const unknown = await owner.post(`${orgPath}/members`, { _csrf, email: newEmail(), role: "member" });
  assert.equal(unknown.status, 422);
  assert.match(unknown.text, /No padron account has that email/);

  const member = await logInAs(memberEmail, "member password");
  for (const section of ["api-keys", "credits", "webhooks"]) {
    assert.equal((await member.get(`${orgPath}/${section}`)).status, 403, section);
  }
  const membersPage = await member.get(`${orgPath}/members`);
  assert.equal(membersPage.status, 200);
  assert.doesNotMatch(membersPage.text, /Add a member/);
  assert.equal((await member.get(`${orgPath}/requests`)).status, 200);
  _csrf = await member.csrfOf(`${orgPath}/members`);
  assert.equal(
    (await member.post(`${orgPath}/api-keys`, { _csrf, label: "sneaky", mode: "live" })).status,
    403,
  );
  assert.equal(
    (await member.post(`${orgPath}/members`, { _csrf, email: memberEmail, role: "owner" })).status,
    403,
  );

  const admin = await logInAs(adminEmail, "admin password");
  _csrf = await admin.csrfOf(`${orgPath}/api-keys`);
  assert.equal(
    (await admin.post(`${orgPath}/api-keys`, { _csrf, label: "admin key", mode: "live" })).status,
    200,
  );
  const promote = await admin.post(`${orgPath}/members`, { _csrf, email: memberEmail, role: "owner" });
  assert.equal(promote.status, 422);
  assert.match(promote.text, /Only owners can make someone an owner/);
  const orgId = (
    await padron.database.db
      .selectFrom("organizations")
      .select("id")
      .where("slug", "=", orgPath.slice("/org/".length))
      .executeTakeFirstOrThrow()
  ).id;
  assert.deepEqual(
    (await listApiKeys(padron.database.db, orgId)).map((k) => k.label),
    ["admin key"],
  );
});

test("sessions expire, and an ended session no longer opens anything", async () => {
  const db = padron.database.db;
  const user = await createUser(
    db,
    { email: newEmail(), password: "whatever password" },
    { signupCredits: 0 },
  );
  const now = Date.now();
  const session = await startSession(db, { userId: user.id, ttlMs: 60_000, now });
  assert.equal((await findSession(db, session.token, now + 59_000))?.userId, user.id);
  assert.equal(await findSession(db, session.token, now + 60_000), null);
  assert.equal(await findSession(db, `${session.token}x`, now), null);
  await endSession(db, session.token);
  assert.equal(await findSession(db, session.token, now), null);
});

test("only an organization's owners move credits to it, and only with the form's token", async () => {
  const owner = formClient(base);
  const ownerEmail = newEmail();
  await signUp(owner, ownerEmail);
  let _csrf = await owner.csrfOf("/orgs");
  const orgPath = (await owner.post("/orgs", { _csrf, name: "Fund Test Org" })).location?.replace(
    /\/members$/,
    "",
  );
  const adminEmail = newEmail();
  await createUser(
    padron.database.db,
    { email: adminEmail, password: "admin password" },
    { signupCredits: 300 },
  );
  _csrf = await owner.csrfOf(`${orgPath}/members`);
  await owner.post(`${orgPath}/members`, { _csrf, email: adminEmail, role: "admin" });
  const balances = async () => {
    const pages = await Promise.all([owner.get("/credits"), owner.get(`${orgPath}/credits`)]);
    return pages.map((page) => /id="balance">(\d+)</.exec(page.text)?.[1]);
  };

  assert.equal((await owner.post(`${orgPath}/credits/transfer`, { credits: "50" })).status, 403, "no token");
  const admin = await logInAs(adminEmail, "admin password");
  const adminCredits = await admin.get(`${orgPath}/credits`);
  assert.equal(adminCredits.status, 200);
  assert.doesNotMatch(adminCredits.text, /Add credits from your balance/, "admins manage but do not fund");
  const adminToken = await admin.csrfOf(`${orgPath}/credits`);
  assert.equal(
    (await admin.post(`${orgPath}/credits/transfer`, { _csrf: adminToken, credits: "50" })).status,
    403,
  );
  assert.deepEqual(await balances(), ["500", "0"]);

  _csrf = await owner.csrfOf(`${orgPath}/credits`);
  const invalid = await owner.post(`${orgPath}/credits/transfer`, { _csrf, credits: "-5" });
  assert.equal(invalid.status, 422);
  assert.match(invalid.text, /whole number of credits/);
  const moved = await owner.post(`${orgPath}/credits/transfer`, { _csrf, credits: "200" });
  assert.equal(moved.status, 303);
  assert.equal(moved.location, `${orgPath}/credits`);
  assert.deepEqual(await balances(), ["300", "200"]);
  assert.equal(
    (await owner.post("/credits/transfer", { _csrf, credits: "1" })).status,
    404,
    "no personal form",
  );
});

async function logInAs(email: string, password: string) {
  const client = formClient(base);
  const _csrf = await client.csrfOf("/login");
  const response = await client.post("/login", { _csrf, email, password });
  assert.equal(response.status, 303);
  return client;
}

test("organizations created at once under one name all succeed, each under its own slug", async () => {
  const db = padron.database.db;
  const founder = await createUser(
    db,
    { email: `founder-${randomUUID()}@test.padron` },
    { signupCredits: 0 },
  );
  const name = `Same Name ${randomUUID().slice(0, 8)}`;
  const created = await Promise.all(
    Array.from({ length: 16 }, () => createOrganization(db, { name, ownerUserId: founder.id })),
  );
  assert.equal(new Set(created.map((org) => org.slug)).size, 16);
  assert.ok(created.some((org) => org.slug === slugify(name)));

  // The dashboard's form, posted twice at once.
  const person = formClient(base);
  await signUp(person, `founder-${randomUUID()}@test.padron`);
  const _csrf = await person.csrfOf("/orgs");
  const twice = await Promise.all([1, 2].map(() => person.post("/orgs", { _csrf, name: `${name} form` })));
  assert.deepEqual(
    twice.map((response) => response.status),
    [303, 303],
  );
  assert.notEqual(twice[0].location, twice[1].location);
});

test("eight signups racing for one email: one account, the others are told it is taken", async () => {
  const email = newEmail();
  const tries = await Promise.allSettled(
    Array.from({ length: 8 }, () => createUser(padron.database.db, { email }, { signupCredits: 0 })),
  );
  assert.equal(tries.filter((t) => t.status === "fulfilled").length, 1);
  for (const t of tries)
    if (t.status === "rejected") assert.match(String(t.reason?.message), /already exists/);
});

test("sign-up keeps the one password rule: 10 to 200 characters, told on the form", async () => {
  for (const password of ["short", "x".repeat(201)]) {
    const client = formClient(base);
    const _csrf = await client.csrfOf("/signup");
    const refused = await client.post("/signup", { _csrf, email: newEmail(), password });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /the password must have 10 to 200 characters/);
  }
});
