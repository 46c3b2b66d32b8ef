import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { dateOfDay } from "../../src/registration/list-date.ts";
import { syncRegistration } from "../../src/registration/sync-registration.ts";
import { formClient, signUp } from "../dashboard/form-client.ts";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { mintOwner, type TestOwner } from "../helpers/owners.ts";
import { startReceiver } from "../webhooks/receiver.ts";

const VALID = "RFC válido, y susceptible de recibir facturas";
const NOT_REGISTERED = "RFC no registrado en el padrón de contribuyentes";

describe("live keys without connectors answer from SAT's lists (synced from a sandbox on loopback)", () => {
  let h: SandboxApp;
  let owner: TestOwner;
  let hook: Awaited<ReturnType<typeof startReceiver>>;
  let downloads: string;
  const today = Math.floor(Date.now() / 86_400_000);
  const rfcOf = (tag: string) => {
    const found = h.scenarios.find((s) => s.tags.includes(tag));
    if (!found) throw new Error(`no scenario ${tag}`);
    return found;
  };
  before(async () => {
    h = await startTestApp(
      { PADRON_VALIDATION_URL: "", CERTIFICATE_SEARCH_URL: "" },
      { sandbox: { timeoutMs: 4000, maxHoldMs: 500 }, listen: true, worker: true },
    );
    owner = await mintOwner(h.database.db, { mode: "live", credits: 1000 });
    hook = await startReceiver();
    downloads = mkdtempSync(join(tmpdir(), "padron-live-lists-"));
  });
  after(async () => {
    await hook.close();
    await h.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown) => h.call(owner.key, "POST", path, body);
  const balance = async () => (await h.call(owner.key, "GET", "/v1/account")).body.credits.balance as number;
  const batch = async (records: { rfc: string; name: string; zip: string }[]) => {
    const accepted = await post("/v1/rfc/verify-batch", { records, webhook_url: hook.url });
    assert.equal(accepted.status, 202);
    return (await h.settled(owner.key, accepted.body.request_id)).result.body.results;
  };

  it("before any import: verify, verify-batch, profile and registration answer null and charge nothing", async () => {
    const start = await balance();
    const kemper = rfcOf("registration_registered").rfc;
    const verify = await post("/v1/rfc/verify", { rfc: kemper });
    assert.deepEqual([verify.status, verify.body.valid], [200, null]);
    assert.equal(verify.headers.get("x-credits-charged"), "0");
    const [record] = await batch([{ rfc: kemper, name: "", zip: "" }]);
    assert.equal(record.valid, null);
    const profile = await post("/v1/rfc/profile", { rfc: kemper });
    assert.equal(profile.body.found, null);
    const registration = await post("/v1/rfc/registration", { rfc: kemper });
    assert.deepEqual(
      [registration.body.registered, registration.body.can_invoice, registration.body.data_as_of],
      [null, null, { rfc_list: null, certificate_list: null }],
    );
    assert.equal(registration.headers.get("x-credits-charged"), "0");
    assert.equal(await balance(), start);
  });

  it("after a sync of the sandbox's container as the live one, verify answers from the list with SAT's legends", async () => {
    const results = await syncRegistration(h.database, {
      mode: "live",
      baseUrl: `${h.sandbox.url}/lco`,
      downloadDir: downloads,
      minRowRatio: 0.9,
      timeoutMs: 10_000,
      retries: 1,
      firstDates: 2,
    });
    assert.deepEqual(
      results.map((r) => [r.list, r.status, r.date]),
      [
        ["rfc", "imported", dateOfDay(today)],
        ["certificates", "imported", dateOfDay(today)],
      ],
    );
    const start = await balance();
    const kemper = rfcOf("registration_registered");
    const asOf = new Date(today * 86_400_000).toISOString();
    const registered = await post("/v1/rfc/verify", { rfc: kemper.rfc });
    assert.deepEqual(registered.body, {
      rfc: kemper.rfc,
      valid: true,
      message: VALID,
      source: "sat_rfc_list",
      data_as_of: asOf,
    });
    const ghost = rfcOf("registration_never_registered");
    assert.deepEqual((await post("/v1/rfc/verify", { rfc: ghost.rfc })).body.message, NOT_REGISTERED);
    const absentWithName = await post("/v1/rfc/verify", { rfc: ghost.rfc, name: ghost.name, zip: ghost.zip });
    assert.equal(
      absentWithName.body.valid,
      false,
      "an RFC absent from the list is decisively not registered",
    );
    const presentWithName = await post("/v1/rfc/verify", {
      rfc: kemper.rfc,
      name: kemper.name,
      zip: kemper.zip,
    });
    assert.equal(presentWithName.body.valid, null, "name and postal code need the padrón");
    assert.equal(presentWithName.headers.get("x-credits-charged"), "0");
    for (const generic of ["XAXX010101000", "XEXX010101000"]) {
      const answer = await post("/v1/rfc/verify", { rfc: generic });
      assert.deepEqual([answer.body.valid, answer.body.source], [null, "sat_rfc_list"], generic);
      assert.equal(answer.headers.get("x-credits-charged"), "0", "a generic RFC's absence proves nothing");
    }
    assert.equal(await balance(), start - 3);
  });

  it("verify-batch answers each RFC-only record from the list; a present RFC with a name stays unknown", async () => {
    const kemper = rfcOf("registration_registered");
    const ghost = rfcOf("registration_never_registered");
    const results = await batch([
      { rfc: kemper.rfc, name: "", zip: "" },
      { rfc: ghost.rfc, name: "", zip: "" },
      { rfc: kemper.rfc, name: kemper.name ?? "", zip: kemper.zip ?? "" },
    ]);
    assert.deepEqual(
      results.map((r: { valid: boolean | null; message: string; source?: string }) => [
        r.valid,
        r.message,
        r.source,
      ]),
      [
        [true, VALID, "sat_rfc_list"],
        [false, NOT_REGISTERED, "sat_rfc_list"],
        [null, results[2].message, "sat_rfc_list"],
      ],
    );
  });

  it("profile lists the CSDs of the certificate list, each .cer from the public store", async () => {
    const kemper = rfcOf("registration_registered");
    const profile = await post("/v1/rfc/profile", { rfc: kemper.rfc });
    assert.equal(profile.body.found, true);
    assert.equal(profile.body.source, "sat_certificate_list");
    const expected = kemper.expect.registration.certificates;
    assert.deepEqual(
      profile.body.certs.map((c: { serial: string; status: string; type: string }) => [
        c.serial,
        c.status,
        c.type,
      ]),
      expected.map((c) => [c.serial, c.status, "SELLO"]),
    );
    assert.ok(profile.body.certs.every((c: { cer_base64: string | null }) => c.cer_base64));
    assert.equal(profile.body.name, "ESCUELA KEMPER URGATE SA DE CV");
  });

  it("registration answers every scenario as GET /scenarios expects, and charges 1 credit", async () => {
    const start = await balance();
    const scenarios = h.scenarios.filter((s) => s.expect.registration);
    for (const scenario of scenarios) {
      const answer = await post("/v1/rfc/registration", { rfc: scenario.rfc });
      const expected = scenario.expect.registration;
      assert.deepEqual(
        {
          registered: answer.body.registered,
          removed_on: answer.body.removed_on,
          sncf: answer.body.sncf,
          subcontracting: answer.body.subcontracting,
          can_invoice: answer.body.can_invoice,
          certificates: answer.body.certificates.map((c: { serial: string; status: string }) => ({
            serial: c.serial,
            status: c.status,
          })),
        },
        expected,
        `${scenario.tags.join(",")} ${scenario.rfc}`,
      );
    }
    for (const tag of [
      "registration_sncf",
      "registration_subcontracting",
      "registration_cannot_invoice",
      "csd_revoked",
      "csd_expired",
      "registration_removed_on_newest",
      "registration_restored_on_newest",
    ])
      assert.ok(
        scenarios.some((s) => s.tags.includes(tag)),
        tag,
      );
    assert.equal(rfcOf("registration_removed_on_newest").expect.registration.removed_on, dateOfDay(today));
    assert.equal(await balance(), start - scenarios.length);
  });

  it("registration without credits: 402 insufficient_balance and nothing of the answer", async () => {
    const broke = await mintOwner(h.database.db, { mode: "live", credits: 0 });
    const answer = await h.call(broke.key, "POST", "/v1/rfc/registration", {
      rfc: rfcOf("registration_registered").rfc,
    });
    assert.deepEqual(
      [answer.status, answer.body.code, answer.body.registered],
      [402, "insufficient_balance", undefined],
    );
    assert.equal((await h.call(broke.key, "GET", "/v1/account")).body.credits.balance, 0);
  });

  it("GET /v1/data-sources (free), the dashboard and /metrics show each list's date, rows and last sync", async () => {
    const start = await balance();
    const answer = await h.call(owner.key, "GET", "/v1/data-sources");
    assert.equal(answer.status, 200);
    const rfcList = answer.body.sources.find((s: { source: string }) => s.source === "sat_rfc_list");
    assert.equal(rfcList.mode, "live");
    assert.equal(rfcList.date, dateOfDay(today));
    assert.ok(rfcList.rows > 250);
    assert.equal(rfcList.last_sync.outcome, "imported");
    assert.ok(answer.body.sources.some((s: { source: string }) => s.source === "sat_certificate_list"));
    assert.equal(await balance(), start);
    const metrics = await (await fetch(`${h.base}/metrics`)).text();
    assert.match(metrics, /padron_data_source_age_seconds\{source="sat_rfc_list",mode="live"\} \d+/);
    const client = formClient(h.base);
    await signUp(client, `sources-${Date.now()}@test.padron`);
    const page = await client.get("/data-sources");
    assert.equal(page.status, 200);
    assert.match(page.text, /Registered RFCs \(l_RFC\)<\/td>\s*<td>live<\/td><td>\d{4}-\d{2}-\d{2}<\/td>/);
    assert.match(page.text, /imported/);
  });
});
