import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";

// `padron cert inspect --json` against what openssl reads from the same DER file (issue 4 acceptance).
const run = promisify(execFile);
const DIR = "test/fixtures/certs";
const files = readdirSync(DIR).filter((file) => file.endsWith(".cer"));

async function openssl(file: string) {
  const { stdout } = await run("openssl", [
    "x509",
    "-inform",
    "der",
    "-noout",
    "-subject",
    "-serial",
    "-dates",
    "-nameopt",
    "multiline,utf8,-esc_msb",
    "-in",
    file,
  ]);
  const subject = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const match = /^\s{4}(\w+)\s+= (.*)$/.exec(line);
    if (match) subject.set(match[1], match[2]);
  }
  const field = (name: string) => (new RegExp(`^${name}=(.*)$`, "m").exec(stdout) as RegExpExecArray)[1];
  const iso = (text: string) => new Date(text).toISOString().replace(/\.000Z$/, "Z");
  return {
    subject,
    // SAT serials are the ASCII digits of the 20-digit number (research §2.4).
    serial: Buffer.from(field("serial"), "hex").toString("latin1"),
    notBefore: iso(field("notBefore")),
    notAfter: iso(field("notAfter")),
  };
}

async function inspect(file: string) {
  const { stdout } = await run(process.execPath, ["bin/padron.js", "cert", "inspect", file, "--json"]);
  return JSON.parse(stdout) as Record<string, string | null>;
}

test("the fixtures are there", () =>
  assert.deepEqual(files.sort(), ["CSD01_AAA010101AAA.cer", "FIEL_AAA010101AAA.cer"]));

for (const file of files) {
  test(`cert inspect --json ${file} shows what openssl shows`, async () => {
    const path = join(DIR, file);
    const [ours, theirs] = await Promise.all([inspect(path), openssl(path)]);
    const [rfc, representative] = (theirs.subject.get("x500UniqueIdentifier") as string).split(" / ");
    assert.equal(ours.serial, theirs.serial);
    assert.equal(ours.rfc, rfc);
    assert.equal(ours.legal_representative_rfc, representative);
    assert.equal(
      ours.legal_representative_curp,
      (theirs.subject.get("serialNumber") as string).replace(/^\s*\/\s*/, ""),
    );
    assert.equal(ours.curp, null, "a company certificate carries the representative's CURP, not its own");
    assert.equal(ours.name, theirs.subject.get("name"));
    assert.equal(ours.email, theirs.subject.get("emailAddress") ?? null);
    assert.equal(ours.type, theirs.subject.has("organizationalUnitName") ? "SELLO" : "FIEL");
    assert.equal(ours.valid_from_utc, theirs.notBefore);
    assert.equal(ours.valid_to_utc, theirs.notAfter);
  });
}

test("the values the issue names", async () => {
  const csd = await inspect(join(DIR, "CSD01_AAA010101AAA.cer"));
  const fiel = await inspect(join(DIR, "FIEL_AAA010101AAA.cer"));
  assert.deepEqual(
    [csd.rfc, csd.legal_representative_rfc, csd.legal_representative_curp, csd.serial, csd.type, csd.email],
    ["AAA010101AAA", "HEGT7610034S2", "HEGT761003MDFRNN09", "30001000000300023708", "SELLO", null],
  );
  assert.deepEqual(
    [fiel.rfc, fiel.serial, fiel.type, fiel.email],
    ["AAA010101AAA", "30001000000300023685", "FIEL", "FactElect@sat.gob.mx"],
  );
});

test("without --json the output is for people; a bad file fails with a message", async () => {
  const { stdout } = await run(process.execPath, [
    "bin/padron.js",
    "cert",
    "inspect",
    join(DIR, "FIEL_AAA010101AAA.cer"),
  ]);
  assert.match(stdout, /^Serial:\s+30001000000300023685$/m);
  assert.match(stdout, /^CURP:\s+-$/m);
  await assert.rejects(
    run(process.execPath, ["bin/padron.js", "cert", "inspect", "package.json"]),
    (error: Error & { stderr: string; code: number }) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr, /padron cert inspect: .*not a certificate/);
      return true;
    },
  );
});
