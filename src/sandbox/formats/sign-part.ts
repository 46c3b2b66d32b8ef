import { createHash, sign } from "node:crypto";
import {
  Attribute,
  IssuerAndSerialNumber,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from "@peculiar/asn1-cms";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier, Certificate } from "@peculiar/asn1-x509";
import { derLength } from "../../signed-files/read-ber-header.ts";
import type { ListSigner } from "./list-signer.ts";

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ""), "hex");
const OID_DATA = hex("06092a864886f70d010701");
const SHA256 = "2.16.840.1.101.3.4.2.1";
const INDEFINITE = 0x80;
const END = hex("0000");

/**
 * Wraps content as SAT wraps its list parts: a PKCS#7 SignedData with the content inside, written as a
 * stream like `openssl smime -sign -stream` does (BER, indefinite lengths, the content in pieces), so
 * parts of any size are signed without being held. SHA-256, signed attributes, the signer's certificate.
 */
export async function* signPart(
  content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  signer: ListSigner,
): AsyncGenerator<Buffer> {
  yield Buffer.concat([
    hex("3080 06092a864886f70d010702 a080 3080 020101"),
    hex("310f 300d 0609608648016503040201 0500"),
    Buffer.from([0x30, INDEFINITE]),
    OID_DATA,
    Buffer.from([0xa0, INDEFINITE, 0x24, INDEFINITE]),
  ]);
  const digest = createHash("sha256");
  for await (const piece of content) {
    if (piece.length === 0) continue;
    digest.update(piece);
    yield Buffer.concat([Buffer.from([0x04]), derLength(piece.length), piece]);
  }
  yield Buffer.concat([END, END, END]);
  const certificate = Buffer.from(signer.certificate);
  yield Buffer.concat([Buffer.from([0xa0]), derLength(certificate.length), certificate]);
  yield Buffer.from(AsnConvert.serialize(signerInfos(signer, certificate, digest.digest())));
  yield Buffer.concat([END, END, END]);
}

function signerInfos(signer: ListSigner, certificate: Buffer, digest: Buffer): SignerInfos {
  const attributes = [
    new Attribute({ attrType: "1.2.840.113549.1.9.3", attrValues: [toArrayBuffer(OID_DATA)] }),
    new Attribute({
      attrType: "1.2.840.113549.1.9.4",
      attrValues: [AsnConvert.serialize(new OctetString(toArrayBuffer(digest)))],
    }),
  ];
  // DER orders a SET OF by encoding; the signature covers that SET, the file carries it as [0].
  const sorted = attributes
    .map((attribute) => ({ attribute, bytes: Buffer.from(AsnConvert.serialize(attribute)) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes));
  const body = Buffer.concat(sorted.map(({ bytes }) => bytes));
  const signature = sign(
    "sha256",
    Buffer.concat([Buffer.from([0x31]), derLength(body.length), body]),
    signer.privateKey,
  );
  const tbs = AsnConvert.parse(certificate, Certificate).tbsCertificate;
  return new SignerInfos([
    new SignerInfo({
      version: 1,
      sid: new SignerIdentifier({
        issuerAndSerialNumber: new IssuerAndSerialNumber({
          issuer: tbs.issuer,
          serialNumber: tbs.serialNumber,
        }),
      }),
      digestAlgorithm: new AlgorithmIdentifier({ algorithm: SHA256, parameters: null }),
      signedAttrs: sorted.map(({ attribute }) => attribute),
      signatureAlgorithm: new AlgorithmIdentifier({ algorithm: "1.2.840.113549.1.1.1", parameters: null }),
      signature: new OctetString(toArrayBuffer(signature)),
    }),
  ]);
}

const toArrayBuffer = (bytes: Buffer) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
