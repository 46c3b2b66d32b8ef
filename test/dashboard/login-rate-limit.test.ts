import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { formClient } from "./form-client.ts";

let padron: TestApp;
let base: string;
before(async () => {
  padron = await startTestApp({ DASHBOARD_LOGIN_PER_MINUTE: "3", PUBLIC_URL: "https://padron.example" });
  base = await padron.listen();
});
after(() => padron.close());

const newEmail = () => `user-${randomUUID()}@test.padron`;

test("log-in attempts are rate limited per address", async () => {
  const client = formClient(base);
  const _csrf = await client.csrfOf("/login");
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push(
      (await client.post("/login", { _csrf, email: newEmail(), password: "not the password" })).status,
    );
  }
  assert.deepEqual(statuses, [401, 401, 401, 429]);
  const limited = await client.post("/login", { _csrf, email: newEmail(), password: "x" });
  assert.match(limited.text, /Too many attempts/);
});

test("behind TLS (an https PUBLIC_URL) the cookies are Secure", async () => {
  const response = await fetch(`${base}/signup`);
  assert.match(
    response.headers.getSetCookie().join("\n"),
    /padron_csrf=[^;]+;.*HttpOnly; Secure; SameSite=Lax/,
  );
});
