import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CertificateParseError } from "../../src/certificates/certificate-parse-error.ts";
import { parseCertificate } from "../../src/certificates/parse-certificate.ts";

// Certificates assembled byte by byte: X.680 lets UTCTime omit the seconds and carry an offset, and
// GeneralizedTime stop at the hour or minute, add a fraction and an offset. All of them are legal.

/** One DER element: tag, definite length (short or long form), content. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const SEQUENCE = 0x30;
const SET = 0x31;
const oid = (...bytes: number[]) => tlv(0x06, Buffer.from(bytes));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, "utf8"));
const attribute = (type: Buffer, value: string) => tlv(SET, tlv(SEQUENCE, type, utf8(value)));
const SHA256_RSA = tlv(SEQUENCE, oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b), tlv(0x05));
const CN = oid(0x55, 0x04, 0x03);
const NAME = oid(0x55, 0x04, 0x29);
const UNIQUE_ID = oid(0x55, 0x04, 0x2d);

type Time = { tag: "utc" | "generalized"; text: string };
const utc = (text: string): Time => ({ tag: "utc", text });
const generalized = (text: string): Time => ({ tag: "generalized", text });
const timeElement = ({ tag, text }: Time) => tlv(tag === "utc" ? 0x17 : 0x18, Buffer.from(text, "ascii"));

/** A SAT-style certificate (serial as ASCII digits, RFC in x500UniqueIdentifier) with the given validity. */
function certificateWith(notBefore: Time, notAfter: Time): Uint8Array {
  const tbs = tlv(
    SEQUENCE,
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, Buffer.from("30001000000500003416", "ascii")),
    SHA256_RSA,
    tlv(SEQUENCE, attribute(CN, "AC DE PRUEBAS")),
    tlv(SEQUENCE, timeElement(notBefore), timeElement(notAfter)),
    tlv(
      SEQUENCE,
      attribute(CN, "ESCUELA KEMPER URGATE SA DE CV"),
      attribute(NAME, "ESCUELA KEMPER URGATE SA DE CV"),
      attribute(UNIQUE_ID, "EKU9003173C9 / VADA800927DJ3"),
    ),
    tlv(
      SEQUENCE,
      tlv(SEQUENCE, oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01), tlv(0x05)),
      tlv(0x03, Buffer.from([0])),
    ),
  );
  return new Uint8Array(tlv(SEQUENCE, tbs, SHA256_RSA, tlv(0x03, Buffer.from([0]))));
}

const CANONICAL_END = generalized("20270518114351Z");

describe("certificate validity in every legal UTCTime and GeneralizedTime form", () => {
  const cases: [Time, string][] = [
    [utc("9802241501-0600"), "1998-02-24T21:01:00Z"],
    [utc("9802241501Z"), "1998-02-24T15:01:00Z"],
    [utc("980224150102+0130"), "1998-02-24T13:31:02Z"],
    [utc("9802242330-0100"), "1998-02-25T00:30:00Z"],
    [utc("000229000000+0000"), "2000-02-29T00:00:00Z"],
    [utc("170518035456Z"), "2017-05-18T03:54:56Z"],
    [utc("491231235959Z"), "2049-12-31T23:59:59Z"],
    [utc("500101000000Z"), "1950-01-01T00:00:00Z"],
    [generalized("20270518114351Z"), "2027-05-18T11:43:51Z"],
    [generalized("20270518114351.987Z"), "2027-05-18T11:43:51Z"],
    [generalized("20270518114351,5Z"), "2027-05-18T11:43:51Z"],
    [generalized("202705181143Z"), "2027-05-18T11:43:00Z"],
    [generalized("202705181143.25Z"), "2027-05-18T11:43:15Z"],
    [generalized("2027051811Z"), "2027-05-18T11:00:00Z"],
    [generalized("2027051811.5Z"), "2027-05-18T11:30:00Z"],
    [generalized("20270518114351-0600"), "2027-05-18T17:43:51Z"],
    [generalized("20270518114351.5+05"), "2027-05-18T06:43:51Z"],
    [generalized("20270518114351"), "2027-05-18T11:43:51Z"],
    [generalized("20161231235960Z"), "2017-01-01T00:00:00Z"],
  ];
  for (const [time, expected] of cases) {
    it(`${time.tag} ${time.text} → ${expected}`, () => {
      const certificate = parseCertificate(certificateWith(time, CANONICAL_END));
      assert.equal(certificate.validFromUtc, expected);
      assert.equal(certificate.validToUtc, "2027-05-18T11:43:51Z");
      assert.equal(certificate.rfc, "EKU9003173C9");
      assert.equal(certificate.legalRepresentativeRfc, "VADA800927DJ3");
      assert.equal(certificate.serial, "30001000000500003416");
    });
  }

  it("the end of validity is read the same way", () => {
    const certificate = parseCertificate(certificateWith(utc("9802241501Z"), utc("3002241501-0600")));
    assert.equal(certificate.validToUtc, "2030-02-24T21:01:00Z");
  });

  const refused: Time[] = [
    utc("9802301501Z"),
    utc("98022415Z"),
    utc("9802241501"),
    utc("9802241501-2400"),
    utc("980224150102.5Z"),
    generalized("20270518246000Z"),
    generalized("2027051811-06:00"),
    { tag: "utc", text: "20270518114351Z" },
  ];
  for (const time of refused) {
    it(`${time.tag} ${time.text} is not a time: a parse error, not a wrong date`, () => {
      assert.throws(() => parseCertificate(certificateWith(time, CANONICAL_END)), CertificateParseError);
    });
  }
});
