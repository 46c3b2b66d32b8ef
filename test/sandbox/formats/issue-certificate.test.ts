import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import { before, describe, it } from "node:test";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { createSandboxCa, type SandboxCa } from "../../../src/sandbox/formats/certificate-authority.ts";
import { type CertificateSpec, issueSatCertificate } from "../../../src/sandbox/formats/issue-certificate.ts";

const COMPANY_SELLO: CertificateSpec = {
  serial: "00001000000504204971",
  type: "SELLO",
  rfc: "EKU9003173C9",
  name: "ESCUELA KEMPER URGATE SA DE CV",
  legalRepresentativeRfc: "VADA800927DJ3",
  curp: "VADA800927HSRSRL05",
  branch: "Sucursal 1",
  validFrom: new Date("2023-05-18T11:43:51Z"),
  validTo: new Date("2027-05-18T11:43:51Z"),
};
const COMPANY_FIEL: CertificateSpec = {
  ...COMPANY_SELLO,
  serial: "00001000000504204972",
  type: "FIEL",
  branch: "Sucursal 1",
  email: "contacto@kemper.example.mx",
};
const INDIVIDUAL_FIEL: CertificateSpec = {
  serial: "00001000000700000001",
  type: "FIEL",
  rfc: "PEÑA800101AB1",
  name: "JOSÉ PEÑA ÑÚÑEZ",
  curp: "PEXN800101HDFXXN09",
  email: "jose@example.mx",
  validFrom: new Date("2024-01-01T00:00:00Z"),
  validTo: new Date("2028-01-01T00:00:00Z"),
};

function openssl(der: Uint8Array, ...args: string[]): string {
  const result = spawnSync("openssl", ["x509", "-inform", "der", "-noout", ...args], { input: der });
  assert.equal(result.status, 0, result.stderr.toString());
  return result.stdout.toString("utf8");
}

/** Subject attribute OIDs in encoded order. */
function subjectOids(der: Uint8Array): string[] {
  const name = new x509.X509Certificate(der).subjectName;
  return name.toJSON().flatMap((rdn) => Object.keys(rdn).map((key) => oidOf(key)));
}

const OIDS: Record<string, string> = {
  CN: "2.5.4.3",
  O: "2.5.4.10",
  OU: "2.5.4.11",
  C: "2.5.4.6",
  E: "1.2.840.113549.1.9.1",
};
const oidOf = (key: string) => OIDS[key] ?? key;
const FIXTURES = new URL("../../fixtures/certs/", import.meta.url);

describe("issueSatCertificate", () => {
  let ca: SandboxCa;
  before(async () => {
    ca = await createSandboxCa();
  });

  it("issues a SELLO that openssl and node:crypto load, with SAT's subject and serial conventions", async () => {
    const der = await issueSatCertificate(ca, COMPANY_SELLO);
    const text = openssl(der, "-subject", "-serial", "-nameopt", "RFC2253,-esc_msb", "-nameopt", "oid");
    assert.match(text, /serial=3030303031303030303030353034323034393731/);
    assert.match(text, /2\.5\.4\.45=EKU9003173C9 \/ VADA800927DJ3/);
    assert.match(text, /2\.5\.4\.5=\\ \/ VADA800927HSRSRL05/);
    assert.match(text, /2\.5\.4\.11=Sucursal 1/);
    assert.match(text, /2\.5\.4\.41=ESCUELA KEMPER URGATE SA DE CV/);
    assert.match(text, /2\.5\.4\.10=ESCUELA KEMPER URGATE SA DE CV/);
    assert.match(text, /2\.5\.4\.3=ESCUELA KEMPER URGATE SA DE CV/);
    assert.doesNotMatch(text, /2\.5\.4\.6=|1\.2\.840\.113549\.1\.9\.1=/);

    const certificate = new X509Certificate(der);
    assert.equal(Buffer.from(certificate.serialNumber, "hex").toString("ascii"), COMPANY_SELLO.serial);
    assert.equal(certificate.validFromDate.toISOString(), "2023-05-18T11:43:51.000Z");
    assert.equal(certificate.validToDate.toISOString(), "2027-05-18T11:43:51.000Z");
    assert.ok(certificate.checkIssued(new X509Certificate(ca.certificate)));
    assert.ok(certificate.verify(new X509Certificate(ca.certificate).publicKey));
  });

  it("gives a FIEL C=MX and emailAddress, no OU, and the FIEL key usages", async () => {
    const der = await issueSatCertificate(ca, COMPANY_FIEL);
    const text = openssl(
      der,
      "-subject",
      "-nameopt",
      "RFC2253,-esc_msb",
      "-nameopt",
      "oid",
      "-ext",
      "keyUsage,extendedKeyUsage,basicConstraints",
    );
    assert.match(text, /2\.5\.4\.6=MX/);
    assert.match(text, /1\.2\.840\.113549\.1\.9\.1=contacto@kemper\.example\.mx/);
    assert.doesNotMatch(text, /2\.5\.4\.11=/);
    assert.match(text, /Digital Signature, Non Repudiation, Data Encipherment, Key Agreement/);
    assert.match(text, /E-mail Protection, TLS Web Client Authentication/);
    assert.match(text, /critical\s+CA:FALSE/);
  });

  it("writes an individual's bare RFC and CURP and keeps Ñ and accents readable", async () => {
    const der = await issueSatCertificate(ca, INDIVIDUAL_FIEL);
    const subject = new X509Certificate(der).subject;
    assert.match(subject, /CN=JOSÉ PEÑA ÑÚÑEZ/);
    const parsed = new x509.X509Certificate(der).subjectName;
    assert.deepEqual(parsed.getField("2.5.4.45"), ["PEÑA800101AB1"]);
    assert.deepEqual(parsed.getField("2.5.4.5"), ["PEXN800101HDFXXN09"]);
    assert.deepEqual(parsed.getField("2.5.4.41"), ["JOSÉ PEÑA ÑÚÑEZ"]);
  });

  it("is deterministic: same inputs give byte-identical DER, also across CA instances", async () => {
    const first = await issueSatCertificate(ca, COMPANY_SELLO);
    const again = await issueSatCertificate(await createSandboxCa(), COMPANY_SELLO);
    assert.deepEqual(again, first);
    const other = await issueSatCertificate(ca, { ...COMPANY_SELLO, serial: "00001000000504204973" });
    assert.notDeepEqual(other, first);
  });

  it("always gives a SELLO an OU, so it is never mistaken for a FIEL", async () => {
    const der = await issueSatCertificate(ca, { ...COMPANY_SELLO, branch: undefined });
    const subject = new x509.X509Certificate(der).subjectName;
    assert.deepEqual(subject.getField("2.5.4.11"), ["CSD01_EKU9003173C9"]);
  });

  it("orders subject attributes like SAT's own test certificates", async () => {
    const realSello = await readFile(new URL("CSD01_AAA010101AAA.cer", FIXTURES));
    const realFiel = await readFile(new URL("FIEL_AAA010101AAA.cer", FIXTURES));
    assert.deepEqual(subjectOids(await issueSatCertificate(ca, COMPANY_SELLO)), subjectOids(realSello));
    assert.deepEqual(subjectOids(await issueSatCertificate(ca, COMPANY_FIEL)), subjectOids(realFiel));
  });

  it("rejects a serial that is not 20 ASCII digits", async () => {
    await assert.rejects(issueSatCertificate(ca, { ...COMPANY_SELLO, serial: "12345" }), {
      name: "InvalidCertificateSpecError",
    });
  });
});
