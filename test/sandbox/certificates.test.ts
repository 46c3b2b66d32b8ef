import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { certificateFilePath } from "../../src/sandbox/formats/certificate-files.ts";
import type { CertificateRecord, Taxpayer } from "../../src/sandbox/population/types.ts";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.ts";

let sandbox: RunningSandbox;
type Issued = { taxpayer: Taxpayer; certificate: CertificateRecord; der: Buffer };
const issued: Issued[] = [];

/** Subject attributes by name, from node's one-per-line rendering. */
function subjectFields(certificate: X509Certificate): Map<string, string> {
  return new Map(
    certificate.subject.split("\n").map((line) => {
      const at = line.indexOf("=");
      return [line.slice(0, at), line.slice(at + 1).replace(/^\\ /, " ")] as [string, string];
    }),
  );
}

before(async () => {
  sandbox = await startSandbox({ seed: 5, size: 70, timeScale: 0 });
  for (const taxpayer of sandbox.population.taxpayers) {
    for (const certificate of taxpayer.certificates) {
      const response = await fetch(`${sandbox.url}/${certificateFilePath(certificate.serial)}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (certificate.fileMissing) assert.equal(response.status, 404, certificate.serial);
      else {
        assert.equal(response.status, 200, certificate.serial);
        issued.push({ taxpayer, certificate, der: body });
      }
    }
  }
});
after(() => sandbox.close());

describe("certificates of a generated population", () => {
  it("every served certificate loads with X509Certificate and carries SAT's subject conventions", () => {
    assert.ok(issued.length > 100, `only ${issued.length} certificates`);
    for (const { taxpayer, certificate, der } of issued) {
      const x509 = new X509Certificate(der);
      const fields = subjectFields(x509);
      const label = `${taxpayer.rfc} ${certificate.serial}`;
      assert.equal(Buffer.from(x509.serialNumber, "hex").toString("ascii"), certificate.serial, label);
      assert.equal(
        new Date(x509.validFrom).toISOString().replace(".000Z", "Z"),
        certificate.validFrom,
        label,
      );
      assert.equal(fields.get("CN"), taxpayer.name, label);
      assert.equal(fields.get("name"), taxpayer.name, label);
      assert.equal(fields.get("O"), taxpayer.name, label);
      assert.equal(fields.has("OU"), certificate.type === "SELLO", `${label}: OU only on SELLO`);
      const unique = fields.get("x500UniqueIdentifier");
      const serialNumber = fields.get("serialNumber");
      if (taxpayer.legalRepresentative) {
        assert.equal(unique, `${taxpayer.rfc} / ${taxpayer.legalRepresentative.rfc}`, label);
        assert.equal(serialNumber, ` / ${taxpayer.legalRepresentative.curp}`, label);
      } else {
        assert.equal(unique, taxpayer.rfc, label);
        assert.equal(serialNumber, taxpayer.certificatesCarryCurp ? taxpayer.person!.curp : undefined, label);
      }
    }
  });

  it("a sample loads with openssl x509 -inform der", () => {
    const sample = issued.filter((_, index) => index % Math.ceil(issued.length / 12) === 0);
    for (const { certificate, der, taxpayer } of sample) {
      const output = execFileSync(
        "openssl",
        ["x509", "-inform", "der", "-noout", "-subject", "-serial", "-nameopt", "RFC2253,-esc_msb"],
        {
          input: der,
        },
      ).toString("utf8");
      const hexSerial = Buffer.from(certificate.serial, "ascii").toString("hex").toUpperCase();
      assert.match(output, new RegExp(`serial=${hexSerial}`), certificate.serial);
      assert.ok(output.includes(taxpayer.rfc), `${certificate.serial}: ${output}`);
      assert.equal(output.includes("OU="), certificate.type === "SELLO", certificate.serial);
    }
  });

  it("the same serial is served from cache with the same bytes", async () => {
    const { certificate, der } = issued[0];
    const again = Buffer.from(
      await (await fetch(`${sandbox.url}/${certificateFilePath(certificate.serial)}`)).arrayBuffer(),
    );
    assert.ok(again.equals(der));
  });

  it("unknown serials and paths that do not match the serial are 404", async () => {
    assert.equal((await fetch(`${sandbox.url}/${certificateFilePath("00001000000999999999")}`)).status, 404);
    const serial = issued[0].certificate.serial;
    assert.equal((await fetch(`${sandbox.url}/rccf/000000/000000/00/00/00/${serial}.cer`)).status, 404);
  });
});
