import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { createUser } from "../../src/accounts/create-user.ts";
import { findOwner } from "../../src/accounts/find-owner.ts";
import { grantCredits } from "../../src/credits/grant-credits.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { launchBrowser, screenshot, type TestBrowser, watchedPage } from "./browser.ts";
import { callApiWithKey } from "./call-api.ts";

let padron: TestApp;
let sandbox: RunningSandbox;
let base: string;
let browser: TestBrowser;
const pageErrors: string[] = [];

before(async () => {
  // Sandbox keys talk to a sandbox of the test's own; live keys' connectors point at it too, so a
  // live call is answered (and stays charged) without leaving this machine.
  sandbox = await startSandbox({ port: 0, seed: 7, size: 300, timeScale: 0 });
  padron = await startTestApp({
    SANDBOX_URL: sandbox.url,
    PADRON_VALIDATION_URL: `${sandbox.url}/padron/validate`,
    CERTIFICATE_SEARCH_URL: `${sandbox.url}/certificates`,
    CERTIFICATE_FILES_URL: `${sandbox.url}/rccf/`,
  });
  base = await padron.listen();
  browser = await launchBrowser();
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
});
after(async () => {
  await browser?.close();
  await padron?.close();
  await sandbox?.close();
});

const OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth";

// The member's 403 page is an expected failed load; script and CSP errors are not.
const newPage = () => watchedPage(browser.context, pageErrors, /status of 403/);

/** Creates a key on a keys page and returns it as shown once; the screenshot shows a placeholder. */
async function createKey(
  page: Page,
  label: string,
  mode: "Sandbox" | "Live",
  shot?: string,
): Promise<string> {
  await page.getByLabel("Label").fill(label);
  await page.getByLabel(mode, { exact: false }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.locator("#new-key");
  await shown.waitFor();
  const key = (await shown.textContent())?.trim() ?? "";
  await page.getByRole("button", { name: "Copy" }).click();
  await page.getByRole("button", { name: "Copied" }).waitFor();
  assert.equal(await page.evaluate("navigator.clipboard.readText()"), key);
  if (shot) {
    await shown.evaluate((el) => {
      el.textContent = `${el.textContent?.slice(0, 9)}${"•".repeat(38)}`;
    });
    await screenshot(page, shot);
  }
  return key;
}

test("sign up, keys, request log, organizations, organization billing, deletion and roles in a browser", async () => {
  const email = "ana@example.com";
  const password = "correct horse battery staple";
  const page = await newPage();

  // Sign up: the signup grant shows as a balance of 500.
  await page.goto(`${base}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await screenshot(page, "signup");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${base}/credits`);
  assert.equal(await page.locator("#balance").textContent(), "500");

  // A sandbox key, used from outside the browser; the call shows in the request log.
  await page.getByRole("navigation", { name: email }).getByRole("link", { name: "API keys" }).click();
  await page.waitForURL(`${base}/api-keys`);
  const sandboxKey = await createKey(page, "ci sandbox", "Sandbox", "api-keys");
  assert.match(sandboxKey, /^pdr_test_[0-9A-Za-z]{38}$/);
  assert.match((await page.locator(".warning").first().textContent()) ?? "", /shown only once/);
  const call = await callApiWithKey(base, sandboxKey);
  assert.equal(call.response.status, 200);
  const requestId = call.response.headers.get("x-request-id") ?? "";
  await padron.requestLog.flush();
  await page.goto(`${base}/requests`);
  const logRow = page.locator("#requests tbody tr", { hasText: requestId });
  assert.equal(await logRow.count(), 1);
  assert.match((await logRow.textContent()) ?? "", new RegExp(`${call.operation}[\\s\\S]*200`));
  assert.ok(!(await page.content()).includes(sandboxKey), "the request log never shows the key");
  await screenshot(page, "requests");
  await padron.keyUse.flush();
  await page.goto(`${base}/api-keys`);
  assert.doesNotMatch((await page.getByRole("row", { name: /ci sandbox/ }).textContent()) ?? "", /never/);

  // An organization, and a live key of its own that is billed to it.
  await page.getByRole("link", { name: "Organizations" }).click();
  await page.getByLabel("Name").fill("Acme Facturación");
  await page.getByRole("button", { name: "Create organization" }).click();
  await page.waitForURL(`${base}/org/acme-facturacion/members`);
  const org = await findOwner(padron.database.db, "org:acme-facturacion");
  await padron.database.db
    .transaction()
    .execute((trx) =>
      grantCredits(trx, { ownerId: org.id, credits: 100, kind: "grant", note: "operator grant" }),
    );
  await page.goto(`${base}/orgs`);
  await screenshot(page, "organizations");
  await page.goto(`${base}/org/acme-facturacion/api-keys`);
  const orgKey = await createKey(page, "org backend", "Live", "org-api-keys");
  assert.match(orgKey, /^pdr_live_/);
  const charged = await fetch(`${base}/v1/rfc/verify`, {
    method: "POST",
    headers: { "x-api-key": orgKey, "content-type": "application/json" },
    body: JSON.stringify({ rfc: "EKU9003173C9" }),
  });
  assert.equal(charged.status, 200);
  assert.equal(charged.headers.get("x-credits-charged"), "1");
  const chargedId = charged.headers.get("x-request-id") ?? "";
  await padron.requestLog.flush();

  await page.getByRole("link", { name: "Credits" }).click();
  await page.waitForURL(`${base}/org/acme-facturacion/credits`);
  assert.equal(await page.locator("#balance").textContent(), "99");
  const orgCharge = page.locator("#ledger tbody tr", { hasText: chargedId });
  assert.equal(await orgCharge.count(), 1);
  assert.match((await orgCharge.textContent()) ?? "", /Charge[\s\S]*verify[\s\S]*-1/);
  await screenshot(page, "org-credits");

  await page.getByRole("link", { name: "Personal" }).click();
  await page.waitForURL(`${base}/credits`);
  assert.equal(await page.locator("#balance").textContent(), "500");
  assert.equal(await page.locator("#ledger tbody tr", { hasText: chargedId }).count(), 0);
  assert.equal(await page.locator("#ledger tbody tr").count(), 1, "only the signup grant");
  await screenshot(page, "credits");

  // Deleting a key: confirmation, then the API refuses it at once.
  await page.goto(`${base}/api-keys`);
  await page
    .getByRole("row", { name: /ci sandbox/ })
    .getByRole("link", { name: "Delete…" })
    .click();
  await screenshot(page, "delete-key");
  await page.getByRole("button", { name: "Delete key" }).click();
  await page.waitForURL(`${base}/api-keys`);
  assert.equal(await page.getByRole("row", { name: /ci sandbox/ }).count(), 0);
  assert.equal((await callApiWithKey(base, sandboxKey)).response.status, 401);

  // A member of the organization cannot open its keys page.
  const memberEmail = "luis@example.com";
  await createUser(
    padron.database.db,
    { email: memberEmail, password: "member password 1" },
    { signupCredits: 500 },
  );
  await page.goto(`${base}/org/acme-facturacion/members`);
  await page.getByLabel("Email").fill(memberEmail);
  await page.getByLabel("Role").selectOption("member");
  await page.getByRole("button", { name: "Add member" }).click();
  await page.waitForURL(`${base}/org/acme-facturacion/members`);
  assert.equal(await page.getByRole("row", { name: new RegExp(memberEmail) }).count(), 1);
  await screenshot(page, "org-members");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(`${base}/login`);

  await page.getByLabel("Email").fill(memberEmail);
  await page.getByLabel("Password").fill("member password 1");
  await screenshot(page, "login");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${base}/credits`);
  const forbidden = await page.goto(`${base}/org/acme-facturacion/api-keys`);
  assert.equal(forbidden?.status(), 403);
  assert.match((await page.locator("main").textContent()) ?? "", /Only owners and admins/);
  await screenshot(page, "member-forbidden");
  const requests = await page.goto(`${base}/org/acme-facturacion/requests`);
  assert.equal(requests?.status(), 200);
  assert.equal(
    await page
      .getByRole("navigation", { name: "Acme Facturación" })
      .getByRole("link", { name: "API keys" })
      .count(),
    0,
  );

  assert.equal(await page.evaluate("typeof window.htmx"), "object");
  assert.deepEqual(pageErrors, []);
});

test("the pages are readable on a phone", async () => {
  await browser.context.clearCookies();
  const page = await newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/signup`);
  await page.getByLabel("Email").fill("phone@example.com");
  await page.getByLabel("Password").fill("a phone password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${base}/credits`);
  const overflow = (await page.evaluate(OVERFLOW)) as number;
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await screenshot(page, "credits-phone");
  await page.goto(`${base}/api-keys`);
  const keysOverflow = (await page.evaluate(OVERFLOW)) as number;
  assert.ok(keysOverflow <= 0, `the keys page is ${keysOverflow}px wider than the phone`);
});
