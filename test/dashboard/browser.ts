import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { findChromium } from "../helpers/chromium.ts";

// A system Chromium (or the one an npm dev dependency ships), driven by playwright-core: no browser
// download, nothing leaves loopback.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh chromium profile of its own (user-data-dir), removed on close. */
export async function launchBrowser(): Promise<TestBrowser> {
  const dir = mkdtempSync(join(tmpdir(), "padron-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: await findChromium(),
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 760 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new page that collects script errors, and failed loads other than the `expected` ones, in `errors`. */
export async function watchedPage(
  context: BrowserContext,
  errors: string[],
  expected: RegExp,
): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !expected.test(message.text())) errors.push(message.text());
  });
  return page;
}

const SCREENSHOTS = new URL("../../docs/screenshots/", import.meta.url);

const WRITE_SCREENSHOTS = process.env.PADRON_SCREENSHOTS === "1";

/** Saves docs/screenshots/NAME.png (the README shows them) when PADRON_SCREENSHOTS=1; otherwise
 * a test run would rewrite tracked files on every machine (and race with a parallel run). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!WRITE_SCREENSHOTS) return;
  await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true });
}
