import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { CertificateParseError } from "../../src/certificates/certificate-parse-error.ts";
import {
  formatCertificateForPeople,
  inspectCertificate,
} from "../../src/certificates/inspect-certificate.ts";
import { parseCertificate } from "../../src/certificates/parse-certificate.ts";
import { readDerElement } from "../../src/certificates/read-der-element.ts";

const CERTS = "test/fixtures/certs";
const CSD = `${CERTS}/CSD01_AAA010101AAA.cer`;
const FIEL = `${CERTS}/FIEL_AAA010101AAA.cer`;

type OpensslView = { subject: string; issuer: string; serial: string; notBefore: string; notAfter: string };

/** What openssl shows for a DER file; serial converted from openssl's hex (or decimal) to SAT's ASCII form. */
function opensslView(path: string): OpensslView {
  const output = execFileSync(
    "openssl",
    ["x509", "-inform", "der", "-in", path, "-noout", "-subject", "-issuer", "-serial", "-dates"].concat([
      "-nameopt",
      "RFC2253,-esc_msb",
    ]),
    { encoding: "utf8" },
  );
  const field = (name: string) => {
    const line = output.split("\n").find((candidate) => candidate.startsWith(`${name}=`));
    assert.ok(line, `openssl printed no ${name}`);
    return line.slice(name.length + 1).trim();
  };
  const rawSerial = field("serial");
  const serialHex =
    /^\d+$/.test(rawSerial) && rawSerial.length !== 40 ? BigInt(rawSerial).toString(16) : rawSerial;
  return {
    subject: field("subject"),
    issuer: field("issuer"),
    serial: Buffer.from(serialHex.replace(/^0x/i, ""), "hex").toString("latin1"),
    notBefore: isoSeconds(field("notBefore")),
    notAfter: isoSeconds(field("notAfter")),
  };
}

function isoSeconds(opensslDate: string): string {
  return new Date(opensslDate).toISOString().replace(".000Z", "Z");
}

function subjectValue(subject: string, key: string): string | undefined {
  const part = subject.split(/(?<!\\),/).find((item) => item.startsWith(`${key}=`));
  return part?.slice(key.length + 1).replace(/\\(.)/g, "$1");
}

describe("parseCertificate on SAT's test certificates", () => {
  for (const [path, serial, type] of [
    [CSD, "30001000000300023708", "SELLO"],
    [FIEL, "30001000000300023685", "FIEL"],
  ] as const) {
    it(`${path} matches what openssl prints`, () => {
      const view = opensslView(path);
      const certificate = parseCertificate(readFileSync(path));
      assert.equal(certificate.serial, view.serial);
      assert.equal(certificate.serial, serial);
      assert.equal(certificate.type, type);
      assert.equal(certificate.subject, view.subject);
      assert.equal(certificate.issuer, view.issuer);
      assert.equal(certificate.validFromUtc, view.notBefore);
      assert.equal(certificate.validToUtc, view.notAfter);
      const [rfc, representativeRfc] = subjectValue(view.subject, "x500UniqueIdentifier")!.split(" / ");
      assert.equal(certificate.rfc, rfc);
      assert.equal(certificate.rfc, "AAA010101AAA");
      assert.equal(certificate.legalRepresentativeRfc, representativeRfc);
      assert.equal(certificate.legalRepresentativeRfc, "HEGT7610034S2");
      assert.equal(certificate.legalRepresentativeCurp, subjectValue(view.subject, "serialNumber")!.slice(3));
      assert.equal(certificate.legalRepresentativeCurp, "HEGT761003MDFRNN09");
      assert.equal(
        certificate.curp,
        null,
        "a company certificate carries the representative's CURP, not its own",
      );
      assert.equal(certificate.name, subjectValue(view.subject, "name"));
      assert.equal(certificate.email, subjectValue(view.subject, "emailAddress") ?? null);
    });
  }

  it("reads the FIEL's email and the CSD's lack of one", () => {
    assert.equal(parseCertificate(readFileSync(FIEL)).email, "FactElect@sat.gob.mx");
    assert.equal(parseCertificate(readFileSync(CSD)).email, null);
  });

  it("accepts PEM as a string and as bytes, giving the same result as DER", () => {
    const der = readFileSync(CSD);
    const pem = `-----BEGIN CERTIFICATE-----\n${der.toString("base64").replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`;
    const fromDer = inspectCertificate(der);
    assert.deepEqual(inspectCertificate(pem), fromDer);
    assert.deepEqual(inspectCertificate(Buffer.from(`\n${pem}`)), fromDer);
    assert.deepEqual(parseCertificate(pem).der, new Uint8Array(der));
  });
});

describe("inspectCertificate", () => {
  it("gives the CLI's JSON fields with null for absent values", () => {
    assert.deepEqual(inspectCertificate(readFileSync(FIEL)), {
      serial: "30001000000300023685",
      type: "FIEL",
      rfc: "AAA010101AAA",
      name: "ACCEM SERVICIOS EMPRESARIALES SC",
      email: "FactElect@sat.gob.mx",
      curp: null,
      legal_representative_rfc: "HEGT7610034S2",
      legal_representative_curp: "HEGT761003MDFRNN09",
      valid_from_utc: "2017-05-16T23:29:17Z",
      valid_to_utc: "2021-05-15T23:29:17Z",
      issuer: opensslView(FIEL).issuer,
    });
  });

  it("formats for people with one labelled line per field", () => {
    const text = formatCertificateForPeople(inspectCertificate(readFileSync(CSD)));
    assert.match(text, /^Serial: +30001000000300023708$/m);
    assert.match(text, /^Type: +SELLO$/m);
    assert.match(text, /^Legal representative CURP: +HEGT761003MDFRNN09$/m);
    assert.match(text, /^Email: +-$/m);
    assert.equal(text.trimEnd().split("\n").length, 11);
  });
});

describe("parseCertificate on bad input", () => {
  const garbage: [string, Uint8Array | string][] = [
    ["random bytes", new Uint8Array([0x30, 0x82, 0xff, 0xff, 1, 2, 3])],
    ["empty input", new Uint8Array()],
    ["plain text", "hello, this is not a certificate"],
    ["a PEM block of junk", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"],
    ["a truncated certificate", readFileSync(CSD).subarray(0, 500)],
    ["a certificate whose signature is not a BIT STRING", withSignatureTag(readFileSync(CSD), 0x04)],
    ["a certificate with bytes after its signature", withSignatureLength(readFileSync(CSD), -1)],
    ["a certificate whose subject holds no name attributes", withSubjectRdnTag(readFileSync(CSD), 0x04)],
  ];
  for (const [label, input] of garbage) {
    it(`throws CertificateParseError for ${label}`, () => {
      assert.throws(
        () => parseCertificate(input),
        (error: unknown) => error instanceof CertificateParseError && error.code === "invalid_certificate",
      );
    });
  }
});

/** The certificate's signature element: after the TBSCertificate and the signature algorithm. */
function signatureAt(der: Uint8Array): number {
  const certificate = readDerElement(der, 0);
  const tbs = readDerElement(der, certificate.start);
  return readDerElement(der, tbs.end).end;
}

function withSignatureTag(der: Uint8Array, tag: number): Uint8Array {
  const copy = der.slice();
  copy[signatureAt(copy)] = tag;
  return copy;
}

/** The subject's first RDN retagged from SET to `tag`: the subject is then no X.501 Name. */
function withSubjectRdnTag(der: Uint8Array, tag: number): Uint8Array {
  const copy = der.slice();
  const certificate = readDerElement(copy, 0);
  const tbs = readDerElement(copy, certificate.start);
  let field = readDerElement(copy, tbs.start);
  if (field.tag === 0xa0) field = readDerElement(copy, field.end);
  // serial → signature algorithm → issuer → validity → subject
  for (let step = 0; step < 4; step++) field = readDerElement(copy, field.end);
  copy[field.start] = tag;
  return copy;
}

/** The signature's length changed by `delta` (its last length byte): a shorter one leaves bytes after it. */
function withSignatureLength(der: Uint8Array, delta: number): Uint8Array {
  const copy = der.slice();
  const signature = readDerElement(copy, signatureAt(copy));
  copy[signature.start - 1] += delta;
  return copy;
}
