import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { findOwner } from "../../src/accounts/find-owner.ts";
import { issueApiKey } from "../../src/api-keys/issue-api-key.ts";
import { setPlan } from "../../src/credits/set-plan.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { launchBrowser, screenshot, type TestBrowser, watchedPage } from "./browser.ts";

let padron: TestApp;
let sandbox: RunningSandbox;
let base: string;
let browser: TestBrowser;
const pageErrors: string[] = [];

before(async () => {
  // Sandbox keys talk to a sandbox of the test's own; live keys have no connectors, so SAT's answers
  // are unknown (null) for them.
  sandbox = await startSandbox({ port: 0, seed: 7, size: 300, timeScale: 0 });
  padron = await startTestApp({ SANDBOX_URL: sandbox.url, PRICE_VALIDATE: "12" });
  base = await padron.listen();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await padron?.close();
  await sandbox?.close();
});

// The 404 page and the refused transfer are expected failed loads; script errors are not.
const newPage = () => watchedPage(browser.context, pageErrors, /status of (404|422)/);

async function signUp(page: Page, email: string): Promise<string> {
  await page.goto(`${base}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(`${base}/credits`);
  return (await findOwner(padron.database.db, `user:${email}`)).id;
}

const verify = (key: string) =>
  fetch(`${base}/v1/rfc/verify`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ rfc: "EKU9003173C9" }),
  });

/** The box of an element: inside the phone's 390 px and shown. */
async function fitsOnPhone(page: Page, selector: string): Promise<void> {
  const element = page.locator(selector).first();
  assert.ok(await element.isVisible(), `${selector} is shown`);
  const box = await element.boundingBox();
  assert.ok(
    box && box.x >= 0 && box.x + box.width <= 390,
    `${selector} lies within 390 px: ${JSON.stringify(box)}`,
  );
}

test("plan, funding an organization, the request log's outcomes, prices and 404 in a browser", async () => {
  const page = await newPage();
  const userId = await signUp(page, "marta@example.com");
  assert.equal(await page.locator("#plan").textContent(), "Pay as you go");

  // The operator gives her a plan: the credits page shows it and what is left this month.
  await padron.database.db
    .transaction()
    .execute((trx) => setPlan(trx, { ownerId: userId, monthlyCredits: 1000 }));
  await page.reload();
  assert.equal(await page.locator("#plan").textContent(), "Monthly plan");
  assert.match((await page.locator("#plan + p").textContent()) ?? "", /1000 credits a month/);
  assert.equal(await page.locator("#allowance-left").textContent(), "1000");

  // Her organization starts at 0; as its owner she moves 120 of her 500 credits to it.
  await page.goto(`${base}/orgs`);
  await page.getByLabel("Name").fill("Despacho Marta");
  await page.getByRole("button", { name: "Create organization" }).click();
  await page.goto(`${base}/org/despacho-marta/credits`);
  assert.equal(await page.locator("#balance").textContent(), "0");
  assert.match((await page.locator("#fund").textContent()) ?? "", /Your personal balance has 500 credits/);
  await page.getByLabel("Credits to move").fill("9999");
  await page.getByRole("button", { name: "Move credits" }).click();
  assert.match((await page.locator("#fund .error").textContent()) ?? "", /Your balance has 500 credits/);
  await page.getByLabel("Credits to move").fill("120");
  await page.getByRole("button", { name: "Move credits" }).click();
  await page.waitForURL(`${base}/org/despacho-marta/credits`);
  assert.equal(await page.locator("#balance").textContent(), "120");
  const received = page.locator("#ledger tbody tr", { hasText: "Transfer" });
  assert.match((await received.textContent()) ?? "", /\+120[\s\S]*from user:marta@example\.com/);
  await screenshot(page, "org-fund");
  await page.getByRole("link", { name: "Personal" }).click();
  await page.waitForURL(`${base}/credits`);
  assert.equal(await page.locator("#balance").textContent(), "380");
  const sent = page.locator("#ledger tbody tr", { hasText: "Transfer" });
  assert.match((await sent.textContent()) ?? "", /-120[\s\S]*to org:despacho-marta/);

  // A live key without connectors gets unknown answers (null, not charged); a sandbox key real ones.
  const live = await issueApiKey(padron.database.db, { ownerId: userId, label: "live", mode: "live" });
  const test = await issueApiKey(padron.database.db, { ownerId: userId, label: "sandbox", mode: "test" });
  const unknown = await verify(live.key);
  assert.equal(((await unknown.json()) as { valid: unknown }).valid, null);
  const known = await verify(test.key);
  assert.equal(((await known.json()) as { valid: unknown }).valid, true);
  await padron.requestLog.flush();
  await page.goto(`${base}/requests`);
  const row = (id: string | null) => page.locator("#requests tbody tr", { hasText: id ?? "?" });
  assert.match(
    (await row(unknown.headers.get("x-request-id")).textContent()) ?? "",
    /Live[\s\S]*200[\s\S]*null/,
  );
  assert.match(
    (await row(known.headers.get("x-request-id")).textContent()) ?? "",
    /Sandbox[\s\S]*200[\s\S]*true/,
  );

  // The price list comes from the configuration (validate is set to 12 here).
  await page.getByRole("link", { name: "Prices" }).click();
  await page.waitForURL(`${base}/prices`);
  const validate = page.locator("#prices tbody tr", { hasText: "validate" });
  assert.match((await validate.textContent()) ?? "", /12[\s\S]*per call[\s\S]*0\.12/);
  const batch = page.locator("#prices tbody tr", { hasText: "verify-batch" });
  assert.match((await batch.textContent()) ?? "", /1[\s\S]*per record/);
  assert.match(
    (await page.locator("#prices").textContent()) ?? "",
    /sat-lists[\s\S]*free with a monthly plan/,
  );

  // An unknown dashboard path is a page for people, with the visitor's own header.
  const missing = await page.goto(`${base}/no-such-page`);
  assert.equal(missing?.status(), 404);
  assert.match(missing?.headers()["content-type"] ?? "", /text\/html/);
  assert.match((await page.locator("main").textContent()) ?? "", /Page not found/);
  assert.match((await page.locator("header").textContent()) ?? "", /marta@example\.com/);

  // The phone: the ledger's credits and the request log's outcome are on screen, nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/credits`);
  await fitsOnPhone(page, "#ledger tbody td.credits");
  assert.ok(
    ((await page.evaluate("document.documentElement.scrollWidth - window.innerWidth")) as number) <= 0,
  );
  await screenshot(page, "ledger-phone");
  await page.goto(`${base}/requests`);
  await fitsOnPhone(page, "#requests tbody td.outcome");
  assert.deepEqual(pageErrors, []);
});

test("API clients keep problem+json for unknown paths; browsers get the page", async () => {
  for (const [path, accept, type] of [
    ["/v1/no-such-thing", "text/html", /application\/problem\+json/],
    ["/no-such-page", "*/*", /application\/problem\+json/],
    ["/no-such-page", "text/html,application/xhtml+xml", /text\/html/],
  ] as const) {
    const response = await fetch(`${base}${path}`, { headers: { accept } });
    assert.equal(response.status, 404, path);
    assert.match(response.headers.get("content-type") ?? "", type, `${path} with ${accept}`);
  }
});
