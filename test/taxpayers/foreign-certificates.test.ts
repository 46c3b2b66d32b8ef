import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { type SandboxApp, startTestApp } from "../helpers/app.ts";
import { chargedCall, scenarioTagged } from "./support/ledger.ts";

// A certificate-search connector that proxies the sandbox but answers one RFC's search with another's
// listing: the .cer files downloaded are then certificates issued to that other RFC.
let sandboxUrl = "";
const listingOf = new Map<string, string>();
const search = createServer(async (req, res) => {
  const rfc = new URL(req.url ?? "/", "http://x").searchParams.get("rfc") ?? "";
  const asked = encodeURIComponent(listingOf.get(rfc) ?? rfc);
  const upstream = await fetch(`${sandboxUrl}/certificates?rfc=${asked}`);
  res.writeHead(upstream.status, { "content-type": "application/json" });
  res.end(Buffer.from(await upstream.arrayBuffer()));
});
await new Promise<void>((resolve) => search.listen(0, "127.0.0.1", resolve));
const searchUrl = `http://127.0.0.1:${(search.address() as AddressInfo).port}/certificates`;
const h: SandboxApp = await startTestApp(
  { CERTIFICATE_SEARCH_URL: searchUrl },
  { sandbox: { lists: ["sandbox", "live"], postalCatalog: true }, listen: true },
);
sandboxUrl = h.sandbox.url;
after(async () => {
  await h.close();
  await new Promise((resolve) => search.close(resolve));
});
const payer = await h.owner({ credits: 100_000 });
const call = (path: string, body: unknown) => chargedCall(h, path, body, payer.key);

const asked = scenarioTagged(h, "registry_multiple_folios"); // GIT980120AR1
const other = scenarioTagged(h, "fiel_only"); // TCR090211NY0, TALLERES CANTERA ROSA
listingOf.set(asked.rfc, other.rfc);

type Cert = { cer_base64: string | null; legal_representative_rfc: string | null };

test("validate: another RFC's certificate gives no name or representative; certs unavailable", async () => {
  const answer = await call("/v1/rfc/validate", { rfc: asked.rfc });
  assert.equal(answer.body.valid, true);
  const certs = answer.body.certs as Cert[];
  assert.ok(certs.length > 0, "the listing rows stay");
  assert.ok(certs.every((cert) => cert.cer_base64 === null && cert.legal_representative_rfc === null));
  for (const field of ["name", "email", "legal_representative_rfc", "legal_representative_curp"])
    assert.equal(answer.body[field], undefined, field);
  assert.equal(answer.body.legal_representative, undefined);
  assert.deepEqual(answer.body.unavailable, ["certs"]);
  assert.deepEqual(answer.ledger, { net: -5, kinds: ["charge", "refund"] });
});

test("profile: the same, a partial answer without the other RFC's identity", async () => {
  const answer = await call("/v1/rfc/profile", { rfc: asked.rfc });
  assert.equal(answer.body.found, true);
  assert.equal(answer.body.name, undefined);
  assert.equal(answer.body.legal_representative_rfc, undefined);
  assert.deepEqual(answer.body.unavailable, ["certs"]);
  assert.deepEqual(answer.ledger, { net: -1, kinds: ["charge", "refund"] });
});
