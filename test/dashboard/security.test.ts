import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { createOrganization } from "../../src/accounts/create-organization.ts";
import { createUser } from "../../src/accounts/create-user.ts";
import { verifyPassword } from "../../src/accounts/password.ts";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import { listApiKeys } from "../../src/api-keys/list-api-keys.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { formClient, signUp } from "./form-client.ts";

let padron: TestApp;
let base: string;
before(async () => {
  padron = await startTestApp({ DASHBOARD_LOGIN_PER_MINUTE: "1000" });
  base = await padron.listen();
});
after(() => padron.close());

const newEmail = () => `user-${randomUUID()}@test.padron`;

test("a form post without the CSRF token, or with another session's token, is refused", async () => {
  const alice = formClient(base);
  await signUp(alice, newEmail());
  const userId = await userIdOf(alice);
  const withoutToken = await alice.post("/api-keys", { label: "no token", mode: "test" });
  assert.equal(withoutToken.status, 403);
  assert.match(withoutToken.text, /This form has expired/);

  const mallory = formClient(base);
  await signUp(mallory, newEmail());
  const malloryToken = await mallory.csrfOf("/api-keys");
  const foreignToken = await alice.post("/api-keys", { _csrf: malloryToken, label: "foreign", mode: "test" });
  assert.equal(foreignToken.status, 403);
  assert.deepEqual(await listApiKeys(padron.database.db, userId), []);

  const ownToken = await alice.csrfOf("/api-keys");
  const accepted = await alice.post("/api-keys", { _csrf: ownToken, label: "with token", mode: "test" });
  assert.equal(accepted.status, 200);
  assert.deepEqual(
    (await listApiKeys(padron.database.db, userId)).map((k) => k.label),
    ["with token"],
  );
});

test("log-in and sign-up forms are refused without the pre-session token", async () => {
  const visitor = formClient(base);
  await visitor.get("/login");
  const login = await visitor.post("/login", { email: "x@test.padron", password: "whatever password" });
  assert.equal(login.status, 403);
  const signup = await visitor.post("/signup", { email: newEmail(), password: "a long enough password" });
  assert.equal(signup.status, 403);
});

test("a second organization's pages answer 404 to a non-member, also with a valid token", async () => {
  const db = padron.database.db;
  const stranger = await createUser(
    db,
    { email: newEmail(), password: "owner password 1" },
    { signupCredits: 0 },
  );
  const org = await createOrganization(db, { name: `Other Co ${randomUUID()}`, ownerUserId: stranger.id });
  const key = await issueApiKey(db, { ownerId: org.id, label: "theirs", mode: "live" });

  const visitor = formClient(base);
  await signUp(visitor, newEmail());
  for (const section of [
    "members",
    "api-keys",
    "credits",
    "requests",
    "webhooks",
    `api-keys/${key.id}/delete`,
  ]) {
    const page = await visitor.get(`/org/${org.slug}/${section}`);
    assert.equal(page.status, 404, section);
    assert.doesNotMatch(page.text, new RegExp(org.name));
  }
  const _csrf = await visitor.csrfOf("/api-keys");
  assert.equal((await visitor.post(`/org/${org.slug}/api-keys`, { _csrf, label: "intruder" })).status, 404);
  assert.equal((await visitor.post(`/org/${org.slug}/api-keys/${key.id}/delete`, { _csrf })).status, 404);
  assert.equal((await visitor.post(`/org/${org.slug}/members`, { _csrf, email: "a@b.co" })).status, 404);
  assert.deepEqual(
    (await listApiKeys(db, org.id)).map((k) => k.label),
    ["theirs"],
  );
  // Another owner's key id under one's own account is not found either.
  assert.equal((await visitor.get(`/api-keys/${key.id}/delete`)).status, 404);
  assert.equal((await visitor.post(`/api-keys/${key.id}/delete`, { _csrf })).status, 404);
});

test("passwords are stored as scrypt hashes only; session tokens only as hashes", async () => {
  const email = newEmail();
  const password = `secret-${randomUUID()}`;
  const client = formClient(base);
  await signUp(client, email, password);
  const row = await padron.database.db
    .selectFrom("users")
    .select("password_hash")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  assert.match(row.password_hash ?? "", /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  assert.ok(!row.password_hash?.includes(password));
  assert.equal(await verifyPassword(password, row.password_hash ?? ""), true);
  assert.equal(await verifyPassword(`${password}x`, row.password_hash ?? ""), false);

  const token = client.cookies.get("padron_session") ?? "";
  assert.ok(token.length >= 43);
  const sessions = await padron.database.db.selectFrom("sessions").select(["id", "csrf_token"]).execute();
  assert.ok(sessions.length > 0);
  for (const s of sessions) assert.notEqual(s.id, token);
});

test("unknown user and wrong password get the same answer", async () => {
  const email = newEmail();
  await createUser(padron.database.db, { email, password: "the right password" }, { signupCredits: 0 });
  const attempt = async (who: string, password: string) => {
    const client = formClient(base);
    const _csrf = await client.csrfOf("/login");
    const response = await client.post("/login", { _csrf, email: who, password });
    return { status: response.status, message: /role="alert">([^<]*)</.exec(response.text)?.[1] };
  };
  const wrongPassword = await attempt(email, "the wrong password");
  const unknownUser = await attempt(newEmail(), "the right password");
  assert.deepEqual(wrongPassword, { status: 401, message: "Email or password is incorrect." });
  assert.deepEqual(unknownUser, wrongPassword);
  const right = formClient(base);
  const _csrf = await right.csrfOf("/login");
  const ok = await right.post("/login", { _csrf, email, password: "the right password" });
  assert.equal(ok.status, 303);
  assert.ok(right.cookies.has("padron_session"));
});

test("session cookies are HttpOnly and SameSite=Lax; log-out ends the session", async () => {
  const response = await fetch(`${base}/signup`);
  const preAuth = response.headers.getSetCookie().join("\n");
  assert.match(preAuth, /padron_csrf=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
  assert.doesNotMatch(preAuth, /Secure/);

  const client = formClient(base);
  const _csrf = await client.csrfOf("/signup");
  const signup = await fetch(`${base}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `padron_csrf=${client.cookies.get("padron_csrf")}`,
    },
    body: new URLSearchParams({ _csrf, email: newEmail(), password: "a long enough password" }).toString(),
  });
  const session = signup.headers.getSetCookie().find((c) => c.startsWith("padron_session=")) ?? "";
  assert.match(session, /HttpOnly/);
  assert.match(session, /SameSite=Lax/);
  assert.match(session, /Expires=/);
  const cookie = session.split(";")[0];
  assert.equal((await fetch(`${base}/api-keys`, { headers: { cookie }, redirect: "manual" })).status, 200);

  const page = await (await fetch(`${base}/api-keys`, { headers: { cookie } })).text();
  const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
  const logout = await fetch(`${base}/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: `_csrf=${token}`,
  });
  assert.equal(logout.status, 303);
  const afterLogout = await fetch(`${base}/api-keys`, { headers: { cookie }, redirect: "manual" });
  assert.equal(afterLogout.status, 303);
  assert.equal(afterLogout.headers.get("location"), "/login?next=%2Fapi-keys");
});

test("after log-in, `next` only leads to a page of this site", async () => {
  const email = newEmail();
  await createUser(padron.database.db, { email, password: "the right password" }, { signupCredits: 0 });
  for (const [next, expected] of [
    ["/requests", "/requests"],
    ["//evil.example/x", "/credits"],
    ["https://evil.example/", "/credits"],
    ["/\\evil.example", "/credits"],
    ["/\t/evil.example", "/credits"], // browsers drop the tab: //evil.example
    ["/\n/evil.example", "/credits"],
    ["/.//evil.example", "/credits"],
    ["/%09/x", "/%09/x"],
    ["/\u3000/x", "/%E3%80%80/x"],
    ["/requests?page=2#top", "/requests?page=2#top"],
    ["requests", "/credits"],
  ]) {
    const client = formClient(base);
    const _csrf = await client.csrfOf("/login");
    const response = await client.post("/login", { _csrf, email, password: "the right password", next });
    assert.equal(response.status, 303, next);
    assert.equal(response.location, expected, next);
  }
});

test("characters a header cannot carry never reach Location, and no session row is left without its cookie", async () => {
  const email = newEmail();
  const user = await createUser(
    padron.database.db,
    { email, password: "the right password" },
    { signupCredits: 0 },
  );
  const sessions = async () =>
    (await padron.database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute())
      .length;
  let cookies = 0;
  for (const next of ["/\n/x", "/\r\nSet-Cookie: a=b", "/\u3000/x", "/x\u0085y", "/\ud800/x"]) {
    const client = formClient(base);
    const _csrf = await client.csrfOf("/login");
    const response = await client.post("/login", { _csrf, email, password: "the right password", next });
    assert.equal(response.status, 303, JSON.stringify(next));
    assert.match(response.location ?? "", /^\/(?!\/)[\x21-\x7e]*$/, JSON.stringify(next));
    if (client.cookies.has("padron_session")) cookies++;
  }
  assert.equal(cookies, 5);
  assert.equal(await sessions(), cookies);

  const member = formClient(base);
  await signUp(member, newEmail());
  for (const [path, location] of [
    ["/org/%0a", "/org/%0A/members"],
    ["/org/%0d%0aSet-Cookie:%20a=b", "/org/%0D%0ASet-Cookie%3A%20a%3Db/members"],
    ["/org/%E3%80%80", "/org/%E3%80%80/members"],
  ]) {
    const response = await member.get(path);
    assert.equal(response.status, 303, path);
    assert.equal(response.location, location, path);
    assert.equal((await member.get(location)).status, 404, location);
  }
});

test("dashboard pages forbid framing, caching and foreign scripts", async () => {
  const response = await fetch(`${base}/login`);
  assert.equal(response.headers.get("x-frame-options"), "DENY");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.match(response.headers.get("content-security-policy") ?? "", /script-src 'self'/);
  const htmx = await fetch(`${base}/assets/htmx.min.js`);
  assert.equal(htmx.status, 200);
  assert.match(await htmx.text(), /htmx/);
});

async function userIdOf(client: ReturnType<typeof formClient>): Promise<string> {
  const page = await client.get("/orgs");
  const email = /class="email">([^<]+)</.exec(page.text)?.[1];
  const row = await padron.database.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email ?? "")
    .executeTakeFirstOrThrow();
  return row.id;
}
