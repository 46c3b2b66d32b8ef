import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { readCertificateList, serialOf } from "../../src/registration/read-certificate-list.ts";
import { type RfcLineCounts, readRfcLines } from "../../src/registration/read-rfc-lines.ts";
import { packRfcBytes, rfcKey, unpackRfc } from "../../src/registration/rfc-key.ts";
import { sortRecords } from "../../src/registration/sort-records.ts";
import { createListSigner } from "../../src/sandbox/formats/list-signer.ts";
import { signPart } from "../../src/sandbox/formats/sign-part.ts";
import { openPart } from "../../src/signed-files/open-part.ts";

const FIXTURES = "test/fixtures/registration";
const fixture = (name: string) => readFileSync(`${FIXTURES}/${name}`);

async function* pieces(bytes: Uint8Array, size = 65_536): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function readAll(bytes: Uint8Array, requireSignature = true, size?: number) {
  const part = await openPart(pieces(bytes, size), { requireSignature });
  const out: Buffer[] = [];
  for await (const piece of part.content) out.push(Buffer.from(piece));
  return { text: Buffer.concat(out).toString("latin1"), signer: part.signer() };
}

const flipped = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0x01;
  return copy;
};

describe("a SAT part: gzip → PKCS#7 SignedData → text, streamed", () => {
  const contents = fixture("datasample-contents.txt").toString("latin1");
  const signedText = `Content-Type: text/plain\r\n\r\n${contents.replace(/\n/g, "\r\n")}`;
  const signer = {
    subject:
      "OU=CSD01_AAA010101AAA,serialNumber=\\ / HEGT761003MDFRNN09,x500UniqueIdentifier=AAA010101AAA / HEGT7610034S2,O=ACCEM SERVICIOS EMPRESARIALES SC,name=ACCEM SERVICIOS EMPRESARIALES SC,CN=ACCEM SERVICIOS EMPRESARIALES SC",
    serial: "30001000000300023708",
    digest: "sha256",
  };

  it("unwraps the signed fixture (DER), checks its digest and signature and names the signer", async () => {
    assert.deepEqual(await readAll(fixture("datasample-signed.txt")), { text: signedText, signer });
  });

  it("the gzip'd fixture, fed a few bytes at a time, gives the same", async () => {
    assert.deepEqual(await readAll(fixture("datasample-signed.txt.gz"), true, 7), {
      text: signedText,
      signer,
    });
  });

  it("reads a BER envelope with indefinite lengths and the content in pieces (openssl -stream)", async () => {
    const content = Buffer.from("RFC|SNCF|SUBCONTRATACION\r\nÑAÑ140114GY4|1|0\r\nEOF\r\n", "latin1");
    const parts: Buffer[] = [];
    const source = (async function* () {
      yield content.subarray(0, 5);
      yield content.subarray(5);
    })();
    for await (const piece of signPart(source, await createListSigner())) parts.push(piece);
    const read = await readAll(gzipSync(Buffer.concat(parts)), true, 3);
    assert.equal(read.text, content.toString("latin1"));
    assert.equal(read.signer?.serial, "30001000000500000001");
    assert.match(read.signer?.subject ?? "", /OU=LISTAS PADRON SANDBOX/);
  });

  it("an unsigned text part is read when a signature is not required, and refused when it is", async () => {
    assert.deepEqual(await readAll(fixture("datasample-contents.txt"), false), {
      text: contents,
      signer: null,
    });
    await assert.rejects(readAll(fixture("datasample-contents.txt"), true), /not signed/);
  });

  const signedBytes = fixture("datasample-signed.txt");
  const gzipped = fixture("datasample-signed.txt.gz");

  it("reads a gzip of two members whole, as zlib does", async () => {
    const half = Math.floor(signedBytes.length / 2);
    const twoMembers = Buffer.concat([
      gzipSync(signedBytes.subarray(0, half)),
      gzipSync(signedBytes.subarray(half)),
    ]);
    assert.deepEqual(await readAll(twoMembers, true, 11), { text: signedText, signer });
  });

  const contentAt = signedBytes.indexOf("AACC570410JL6");
  for (const [what, bytes, error] of [
    ["one flipped byte in the content", flipped(signedBytes, contentAt), /does not match its signed digest/],
    [
      "one flipped byte in the signature",
      flipped(signedBytes, signedBytes.length - 20),
      /signature does not verify/,
    ],
    ["a truncated envelope", signedBytes.subarray(0, signedBytes.length - 300), /ends early/],
    ["a truncated gzip", gzipped.subarray(0, 2900), /gzip stream is broken or truncated/],
    // The trailer's CRC-32, then its length: the envelope inside is intact, only gzip's checks can refuse.
    ["a gzip whose CRC does not match", flipped(gzipped, gzipped.length - 8), /gzip stream is broken/],
    ["a gzip whose length does not match", flipped(gzipped, gzipped.length - 4), /gzip stream is broken/],
    ["bytes after the envelope", Buffer.concat([signedBytes, Buffer.from("x")]), /bytes after the end/],
  ] as const) {
    it(`refuses ${what}`, async () => {
      await assert.rejects(readAll(bytes), error);
    });
  }
});

describe("the registered-RFC list's lines and keys", () => {
  const lines = async (text: string) => {
    const counts: RfcLineCounts = { rows: 0, skipped: 0, unpacked: new Map() };
    const values: number[] = [];
    for await (const batch of readRfcLines(pieces(Buffer.from(text, "latin1"), 5), { keyOffset: 0, counts }))
      values.push(...batch);
    return { values, counts };
  };

  it("reads every row of the fixture with its flags; keys unpack to the RFCs, in the file's (sorted) order", async () => {
    const text = fixture("datasample-contents.txt").toString("latin1");
    const { values, counts } = await lines(text);
    const rows = text.split("\n").slice(1, -2);
    assert.equal(counts.rows, 100);
    assert.equal(counts.skipped, 0);
    assert.deepEqual(
      values.map((value) => `${unpackRfc(Math.floor(value / 4))}|${(value % 4) & 1}|${(value % 4) >> 1}`),
      rows,
    );
    assert.deepEqual(
      [...values].sort((a, b) => a - b),
      values,
    );
  });

  it("skips the MIME header block, reads CRLF, flags and Ñ; skips malformed rows and counts them", async () => {
    const { values, counts } = await lines(
      "Content-Type: text/plain\r\n\r\nRFC|SNCF|SUBCONTRATACION\r\nÑAÑ140114GY4|1|0\r\n&BC040317UN0|0|1\r\nAAA|0\r\nXAXX010229AA0|1|1\r\nBAD|2|0\r\nEOF\r\n",
    );
    assert.equal(counts.rows, 3);
    assert.equal(counts.skipped, 2);
    assert.equal(values[0], rfcKey("ÑAÑ140114GY4", "live") * 4 + 1);
    assert.equal(values[1], rfcKey("&BC040317UN0", "live") * 4 + 2);
    assert.equal(
      values[2],
      rfcKey("XAXX010229AA0", "live") * 4 + 3,
      "29 Feb of a YY not divisible by 4 is hashed",
    );
    assert.deepEqual([...counts.unpacked.values()], ["XAXX010229AA0"]);
  });

  it("refuses a part whose header is not RFC|SNCF|SUBCONTRATACION", async () => {
    await assert.rejects(lines("RFC|NOMBRE\r\nAAAL890402J19|0|0\r\n"), /first line is not RFC\|SNCF/);
    await assert.rejects(lines(""), /no RFC\|SNCF\|SUBCONTRATACION header/);
  });

  it("keys keep the latin-1 text order: & before companies before A–Z before Ñ", () => {
    const sorted = [
      "AAA&800101AA1",
      "AAA010101AA1",
      "AAAA800101AA1",
      "AAAZ800101AA1",
      "AAAÑ800101AA1",
      "AAB010101AA1",
    ];
    const keys = sorted.map((rfc) => rfcKey(rfc, "live"));
    assert.deepEqual(
      [...keys].sort((a, b) => a - b),
      keys,
    );
    assert.ok(keys.every((key) => key < 2 ** 49));
    assert.equal(packRfcBytes(Buffer.from("AAA010101AAB"), 0, 12), -1, "a bad check character does not pack");
  });
});

describe("sortRecords: external sort of numeric records", () => {
  it("sorts 2.5M numbers through spilled runs, and 3-number records by their first", async () => {
    const values = Float64Array.from({ length: 2_500_000 }, (_, i) => (i * 7_919) % 2_500_003);
    const out: number[] = [];
    for await (const batch of sortRecords(pieces8(values))) for (const v of batch) out.push(v);
    assert.equal(out.length, values.length);
    for (let i = 1; i < out.length; i++) if (out[i - 1] > out[i]) assert.fail(`out of order at ${i}`);
    const records = Float64Array.from([3, 30, 300, 1, 10, 100, 2, 20, 200]);
    const sorted: number[] = [];
    for await (const batch of sortRecords(pieces8(records), 3)) sorted.push(...batch);
    assert.deepEqual(sorted, [1, 10, 100, 2, 20, 200, 3, 30, 300]);
  });
});

async function* pieces8(values: Float64Array): AsyncGenerator<Float64Array> {
  for (let start = 0; start < values.length; start += 99_999) yield values.subarray(start, start + 99_999);
}

describe("the certificate list (LCO XML)", () => {
  it("reads each lco:Certificado of each lco:Contribuyente, RFCs repeated across elements", async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<lco:LCO xmlns:lco="http:/www.sat.gob.mx/cfd/LCO">
<lco:Contribuyente RFC="EKU9003173C9"><lco:Certificado ValidezObligaciones="1" EstatusCertificado="A" noCertificado="30001000000500003416" FechaFinal="2027-05-18T11:43:51" FechaInicio="2023-05-18T11:43:51"/></lco:Contribuyente>
<lco:Contribuyente RFC="EKU9003173C9"><lco:Certificado ValidezObligaciones="0" EstatusCertificado="R" noCertificado="30001000000400002434" FechaFinal="2023-06-17T00:00:00" FechaInicio="2019-06-17T00:00:00"/></lco:Contribuyente>
<lco:Contribuyente RFC="ÑAÑ140114GY4"><lco:Certificado ValidezObligaciones="2" EstatusCertificado="X" noCertificado="1" FechaFinal="x" FechaInicio="y"/></lco:Contribuyente>
</lco:LCO>`;
    const counts = { rows: 0, skipped: 0, unpacked: new Map() };
    const records: number[] = [];
    // Whole in one piece, with batches of one record: a write that completes several certificates.
    for await (const batch of readCertificateList(pieces(Buffer.from(xml), xml.length), {
      keyOffset: 0,
      counts,
      batchRecords: 1,
    }))
      records.push(...batch);
    assert.equal(counts.rows, 2);
    assert.equal(counts.skipped, 1);
    const key = rfcKey("EKU9003173C9", "live");
    assert.deepEqual(records, [
      ...[
        key,
        3000100000,
        500003416,
        0,
        Date.parse("2023-05-18T11:43:51Z"),
        Date.parse("2027-05-18T11:43:51Z"),
        1,
      ],
      ...[
        key,
        3000100000,
        400002434,
        1,
        Date.parse("2019-06-17T00:00:00Z"),
        Date.parse("2023-06-17T00:00:00Z"),
        0,
      ],
    ]);
    assert.equal(serialOf(records[1], records[2]), "30001000000500003416");
  });

  it("refuses XML that is not a certificate list", async () => {
    const counts = { rows: 0, skipped: 0, unpacked: new Map() };
    const read = async (xml: string) => {
      for await (const _ of readCertificateList(pieces(Buffer.from(xml)), { keyOffset: 0, counts })) {
      }
    };
    await assert.rejects(read("<html><body/></html>"), /root is not lco:LCO/);
    await assert.rejects(read("<lco:LCO><lco:Contribuyente"), /not a readable certificate list/);
  });
});
