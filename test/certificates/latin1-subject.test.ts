import "reflect-metadata";
import assert from "node:assert/strict";
import { webcrypto, X509Certificate } from "node:crypto";
import { before, describe, it } from "node:test";
import * as x509 from "@peculiar/x509";
import { CertificateParseError } from "../../src/certificates/certificate-parse-error.ts";
import { parseCertificate } from "../../src/certificates/parse-certificate.ts";

const ALGORITHM = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
let keys: webcrypto.CryptoKeyPair;

/** @peculiar/x509 accepts typed string values at runtime; its JsonName type only declares plain strings. */
type StringValue = {
  printableString?: string;
  utf8String?: string;
  bmpString?: string;
  universalString?: string;
};
type SubjectJson = Record<string, (string | StringValue)[]>[];

/** A self-signed certificate; strings given as printableString are encoded by @peculiar/x509 as latin-1 bytes. */
async function buildCertificate(subject: SubjectJson, serial = "30001000000300099999"): Promise<Uint8Array> {
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(serial, "latin1").toString("hex"),
    name: new x509.Name(subject as unknown as x509.JsonName),
    notBefore: new Date("2024-02-29T12:00:00Z"),
    notAfter: new Date("2028-02-28T12:00:00Z"),
    keys,
    signingAlgorithm: ALGORITHM,
  });
  return new Uint8Array(certificate.rawData);
}

/**
 * Rewrites the string tag in front of every copy of `text`'s bytes: the issuer's and the subject's of a
 * self-signed certificate (same length, so the DER stays well formed).
 */
function retagString(
  der: Uint8Array,
  text: string,
  newTag: number,
  { encoding, oldTag }: { encoding: "latin1" | "utf8"; oldTag: number } = {
    encoding: "latin1",
    oldTag: 0x13,
  },
): Uint8Array {
  const bytes = Buffer.from(text, encoding);
  const needle = Buffer.concat([Buffer.from([oldTag, bytes.length]), bytes]);
  const copy = Buffer.from(der);
  assert.ok(
    copy.includes(needle),
    `the ${encoding} string tagged 0x${oldTag.toString(16)} is in the certificate`,
  );
  for (let at = copy.indexOf(needle); at >= 0; at = copy.indexOf(needle, at + 1)) copy[at] = newTag;
  return new Uint8Array(copy);
}

const PERSON_NAME = "MUÑOZ PEÑA JOSÉ";
const personSubject: SubjectJson = [
  { CN: [{ printableString: PERSON_NAME }] },
  { "2.5.4.41": [{ printableString: PERSON_NAME }] },
  { "2.5.4.45": [{ printableString: "MUPJ800101AB1" }] },
  { "2.5.4.5": [{ printableString: "MUPJ800101HDFXXX09" }] },
];

describe("latin-1 bytes in subject strings", () => {
  before(async () => {
    x509.cryptoProvider.set(webcrypto);
    keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, [
      "sign",
      "verify",
    ])) as webcrypto.CryptoKeyPair;
  });

  it("the built certificate really holds latin-1 bytes (0xD1 for Ñ), not UTF-8", async () => {
    const der = Buffer.from(await buildCertificate(personSubject));
    assert.ok(der.includes(Buffer.from(PERSON_NAME, "latin1")));
    assert.ok(!der.includes(Buffer.from(PERSON_NAME, "utf8")));
  });

  for (const [label, tag] of [
    ["PrintableString", 0x13],
    ["UTF8String", 0x0c],
    ["TeletexString", 0x14],
    ["VisibleString", 0x1a],
  ] as const) {
    it(`decodes Ñ and É from latin-1 bytes in a ${label}`, async () => {
      const der = retagString(await buildCertificate(personSubject), PERSON_NAME, tag);
      const certificate = parseCertificate(der);
      assert.equal(certificate.name, PERSON_NAME);
      assert.match(certificate.subject, new RegExp(`CN=${PERSON_NAME}$`));
    });
  }

  it("is a certificate node:crypto refuses outright (why padron does not use X509Certificate)", async () => {
    const der = retagString(await buildCertificate(personSubject), PERSON_NAME, 0x0c);
    assert.throws(() => new X509Certificate(der));
    assert.equal(parseCertificate(der).rfc, "MUPJ800101AB1");
  });

  it("keeps valid UTF-8 as UTF-8", async () => {
    const certificate = parseCertificate(
      await buildCertificate([{ "2.5.4.41": [{ utf8String: "PEÑA Ü" }] }]),
    );
    assert.equal(certificate.name, "PEÑA Ü");
  });

  it("reads UTF-8 bytes in a PrintableString as UTF-8", async () => {
    const utf8 = await buildCertificate([{ "2.5.4.41": [{ utf8String: "PEÑA Ü" }] }]);
    const der = retagString(utf8, "PEÑA Ü", 0x13, { encoding: "utf8", oldTag: 0x0c });
    assert.equal(parseCertificate(der).name, "PEÑA Ü");
  });

  it("reads BMPString and UniversalString", async () => {
    const certificate = parseCertificate(
      await buildCertificate([
        { CN: [{ bmpString: "PEÑA Ü" }] },
        { "2.5.4.41": [{ universalString: "MUÑOZ" }] },
      ]),
    );
    assert.equal(certificate.name, "MUÑOZ");
    assert.equal(certificate.subject, "name=MUÑOZ,CN=PEÑA Ü");
  });

  it("refuses a name attribute whose value is not a string", async () => {
    const der = retagString(await buildCertificate(personSubject), PERSON_NAME, 0x04);
    assert.throws(() => parseCertificate(der), CertificateParseError);
  });

  it("an individual's certificate gives the person's CURP and no legal representative", async () => {
    const certificate = parseCertificate(await buildCertificate(personSubject));
    assert.equal(certificate.rfc, "MUPJ800101AB1");
    assert.equal(certificate.curp, "MUPJ800101HDFXXX09");
    assert.equal(certificate.legalRepresentativeRfc, null);
    assert.equal(certificate.legalRepresentativeCurp, null);
    assert.equal(certificate.type, "FIEL");
    assert.equal(certificate.email, null);
    assert.equal(certificate.serial, "30001000000300099999");
    assert.equal(certificate.validFromUtc, "2024-02-29T12:00:00Z");
    assert.equal(certificate.validToUtc, "2028-02-28T12:00:00Z");
  });

  it("a company certificate whose x500UniqueIdentifier is only the RFC", async () => {
    const certificate = parseCertificate(
      await buildCertificate([
        { O: [{ printableString: "COMPAÑÍA & HIJOS SA DE CV" }] },
        { "2.5.4.45": ["ÑAÑ140114GY4"] },
        { "2.5.4.5": [" / HEGT761003MDFRNN09"] },
        { OU: ["Sucursal 1"] },
      ]),
    );
    assert.equal(certificate.rfc, "ÑAÑ140114GY4");
    assert.equal(certificate.name, "COMPAÑÍA & HIJOS SA DE CV", "falls back to O without name and CN");
    assert.equal(certificate.legalRepresentativeRfc, null);
    assert.equal(certificate.legalRepresentativeCurp, "HEGT761003MDFRNN09");
    assert.equal(certificate.curp, null);
    assert.equal(certificate.type, "SELLO");
  });

  it("gives a non-ASCII serial in decimal", async () => {
    const certificate = parseCertificate(await buildCertificate(personSubject, "\u0001\u0000"));
    assert.equal(certificate.serial, "256");
  });
});
