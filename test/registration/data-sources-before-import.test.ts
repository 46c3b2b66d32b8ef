import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { readRegistrationStatus } from "../../src/registration/read-registration-status.ts";
import { formClient, signUp } from "../dashboard/form-client.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { mintOwner } from "../helpers/owners.ts";

describe("SAT's registration lists before any import or sync", () => {
  let h: TestApp;
  before(async () => {
    h = await startTestApp({ PADRON_VALIDATION_URL: "", CERTIFICATE_SEARCH_URL: "" });
  });
  after(async () => h.close());

  it("GET /v1/data-sources shows both, date null and 0 rows, like an unloaded contributor list", async () => {
    const owner = await mintOwner(h.database.db, { mode: "live" });
    const answer = await h.call(owner.key, "GET", "/v1/data-sources");
    assert.equal(answer.status, 200);
    const sources = answer.body.sources as { source: string; date: string | null; rows: number }[];
    const shown = (name: string) => sources.filter((s) => s.source === name).map((s) => [s.date, s.rows]);
    assert.deepEqual(shown("sat_rfc_list"), [[null, 0]]);
    assert.deepEqual(shown("sat_certificate_list"), [[null, 0]]);
    assert.ok(sources.some((s) => s.source.startsWith("contributor_list:") && s.date === null));
  });

  it("the status lists each mode's two lists, and the dashboard names them", async () => {
    const statuses = await readRegistrationStatus(h.database.db);
    assert.deepEqual(
      statuses.map((s) => [s.mode, s.list, s.date, s.rows, s.last_sync, s.importing]),
      [
        ["live", "rfc", null, 0, null, false],
        ["live", "certificates", null, 0, null, false],
        ["sandbox", "rfc", null, 0, null, false],
        ["sandbox", "certificates", null, 0, null, false],
      ],
    );
    const client = formClient(h.base || (await h.listen()));
    await signUp(client, `sources-before-${Date.now()}@test.padron`);
    const page = await client.get("/data-sources");
    assert.match(
      page.text,
      /Registered RFCs \(l_RFC\)<\/td>\s*<td>live<\/td><td><\/td><td class="num">0<\/td>/,
    );
    assert.match(page.text, /Certificates \(LCO\)<\/td>/);
  });
});
