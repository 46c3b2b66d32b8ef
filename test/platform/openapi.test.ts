import assert from "node:assert/strict";
import { test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { launchBrowser } from "../dashboard/browser.ts";
import { startTestApp } from "../helpers/app.ts";

test("/openapi.json is a valid OpenAPI 3.1 document and /docs serves the reference page on it", async () => {
  const padron = await startTestApp();
  try {
    const response = await padron.app.inject({ method: "GET", url: "/openapi.json" });
    assert.equal(response.statusCode, 200);
    const document = response.json();
    assert.equal(document.openapi, "3.1.0");
    assert.ok(document.paths["/v1/account"].get, "API routes are documented");
    const validator = new Validator();
    const result = await validator.validate(document);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(validator.version, "3.1");
    const docs = await padron.app.inject({ method: "GET", url: "/docs" });
    assert.equal(docs.statusCode, 301);
    assert.equal(docs.headers.location, "/docs/");
    const page = await padron.app.inject({ method: "GET", url: "/docs/" });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<script src="js\/scalar.js">/);
    assert.match(page.body, /"url": "\/openapi.json"/);
    const script = await padron.app.inject({ method: "GET", url: "/docs/js/scalar.js" });
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers["content-type"]), /^application\/javascript/);
    const errors = await padron.app.inject({ method: "GET", url: "/docs/errors" });
    assert.match(errors.body, /id="insufficient_balance"/);
  } finally {
    await padron.close();
  }
});

test("/docs renders the operations in a browser from this server alone", { timeout: 60_000 }, async () => {
  const padron = await startTestApp();
  const browser = await launchBrowser();
  try {
    const base = await padron.listen();
    const page = await browser.context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${base}/docs`);
    await page.getByText("/v1/account").first().waitFor();
    assert.deepEqual(
      requested.filter((url) => !url.startsWith(`${base}/`)),
      [],
      "nothing is loaded from another origin",
    );
    assert.ok(requested.includes(`${base}/openapi.json`));
  } finally {
    await browser.close();
    await padron.close();
  }
});

test("/metrics exposes requests by route and status and a latency histogram", async () => {
  const padron = await startTestApp();
  try {
    await padron.app.inject({ method: "GET", url: "/v1/account" });
    const metrics = await padron.app.inject({ method: "GET", url: "/metrics" });
    assert.equal(metrics.statusCode, 200);
    assert.match(
      metrics.body,
      /padron_http_requests_total\{method="GET",route="\/v1\/account",status="401"\} 1/,
    );
    assert.match(
      metrics.body,
      /padron_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/account"\}/,
    );
  } finally {
    await padron.close();
  }
});
