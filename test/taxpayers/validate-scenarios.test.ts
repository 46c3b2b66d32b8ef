import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { expectedListKeys, expectedValidation } from "./support/expected-bodies.ts";

// Acceptance (issue 4): every sandbox scenario through POST /v1/rfc/validate, with and without name.
const h: SandboxApp = await startTestApp(
  {},
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
after(() => h.close());
const tester = await h.owner({ mode: "test" });

function compare(actual: Record<string, unknown>, expected: Record<string, unknown>, listKeys: string[]) {
  const lists = actual.sat_lists as {
    article: string;
    situation: string;
    name: string;
    person_type: string;
  }[];
  // The sandbox writes some Art. 69 rows with an empty SUPUESTO (a real-file quirk); the entry keeps "".
  const keys = lists.map((entry) => `${entry.article}|${entry.situation}`).sort();
  assert.deepEqual(
    keys.map((key) => key.split("|")[0]),
    listKeys.map((key) => key.split("|")[0]),
  );
  for (const key of keys) assert.ok(key.endsWith("|") || listKeys.includes(key), `${key} not expected`);
  for (const entry of lists) {
    assert.ok(entry.name.length > 0, "a listed entry carries the listed name");
    assert.equal(entry.person_type, [...(actual.rfc as string)].length === 12 ? "M" : "F");
  }
  const { sat_lists: _ignored, ...rest } = actual;
  assert.deepEqual(rest, expected);
}

describe("validate, every scenario", async () => {
  for (const [index, scenario] of h.scenarios.entries()) {
    const label = `${scenario.tags.join("+")} ${scenario.rfc} (#${index})`;
    test(`${label} with name`, async () => {
      const s = h.scenarios[index];
      const answer = await h.call(tester.key, "POST", "/v1/rfc/validate", { rfc: s.rfc, name: s.name });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      compare(answer.body, await expectedValidation(h, s, true), expectedListKeys(s));
    });
    test(`${label} without name`, async () => {
      const s = h.scenarios[index];
      const answer = await h.call(tester.key, "POST", "/v1/rfc/validate", {
        rfc: ` ${s.rfc.toLowerCase().slice(0, 4)}-${s.rfc.slice(4)} `,
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      compare(answer.body, await expectedValidation(h, s, false), expectedListKeys(s));
    });
  }
});
