import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import {
  expectedFindZip,
  expectedProfile,
  expectedRegistry,
  expectedVerify,
} from "./support/expected-operations.ts";

// Acceptance (issue 4): every sandbox scenario through verify, find-zip, profile and commerce-registry.
const h: SandboxApp = await startTestApp(
  {},
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
after(() => h.close());
const tester = await h.owner({ mode: "test" });

for (const [index, s] of h.scenarios.entries()) {
  describe(`${s.tags.join("+")} ${s.rfc} (#${index})`, () => {
    test("verify, RFC only", async () => {
      const answer = await h.call(tester.key, "POST", "/v1/rfc/verify", { rfc: s.rfc });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, expectedVerify(s, false));
    });
    test("verify, RFC + name + zip", async () => {
      const answer = await h.call(tester.key, "POST", "/v1/rfc/verify", {
        rfc: s.rfc,
        name: s.name,
        zip: s.zip,
      });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, expectedVerify(s, true));
    });
    test("find-zip", async () => {
      const answer = await h.call(tester.key, "POST", "/v1/rfc/find-zip", { rfc: s.rfc, name: s.name });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, expectedFindZip(h, s));
    });
    test("profile", async () => {
      const answer = await h.call(tester.key, "POST", "/v1/rfc/profile", { rfc: s.rfc });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, await expectedProfile(h, s));
    });
    test("commerce-registry", async () => {
      const answer = await h.call(tester.key, "POST", "/v1/rfc/commerce-registry", {
        rfc: s.rfc,
        name: s.name,
      });
      if ([...s.rfc].length === 13) {
        assert.equal(answer.status, 422);
        assert.equal(answer.body.code, "company_rfc_required");
        return;
      }
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, (await expectedRegistry(h, s, s.name as string)).body);
    });
  });
}
