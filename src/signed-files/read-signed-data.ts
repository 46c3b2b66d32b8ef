import { createHash, type Hash } from "node:crypto";
import { DigestAlgorithmIdentifiers } from "@peculiar/asn1-cms";
import { AsnConvert } from "@peculiar/asn1-schema";
import { ByteReader } from "./byte-reader.ts";
import {
  type BerHeader,
  BerTag,
  closeIndefinite,
  expectBerHeader,
  readBerHeader,
  readWholeElement,
} from "./read-ber-header.ts";
import { SignedFileError } from "./signed-file-error.ts";
import { DIGESTS, type SignerReport, verifySigners } from "./verify-signer.ts";

const SIGNED_DATA_OID = Buffer.from("2a864886f70d010702", "hex");
const SMALL_PART_LIMIT = 4 * 1024 * 1024;

/**
 * A DER or BER PKCS#7 SignedData with its content inside (what `openssl smime -sign -nodetach` writes),
 * read as a stream: the content's bytes go out as they come while every announced digest is computed;
 * the certificates and signer infos after them are small and parsed by @peculiar/asn1-cms.
 */
export function readSignedData(source: AsyncIterable<Uint8Array>) {
  let report: SignerReport | null = null;
  return {
    /** The encapsulated content, streamed; digested on the way and verified when it ends. */
    content: (async function* () {
      report = yield* walkSignedData(new ByteReader(source));
    })(),
    /** The verified signer, once `content` has been read to its end without error. */
    signer(): SignerReport {
      if (!report) throw new Error("the signed content has not been read to its end");
      return report;
    },
  };
}

async function* walkSignedData(reader: ByteReader): AsyncGenerator<Uint8Array, SignerReport> {
  const contentInfo = await expectBerHeader(reader, BerTag.sequence, "a ContentInfo");
  const type = await expectBerHeader(reader, BerTag.oid, "a content type");
  if (!Buffer.from(await reader.readBytes(type.length ?? 0)).equals(SIGNED_DATA_OID))
    throw new SignedFileError("not a PKCS#7 SignedData file");
  const explicit = await expectBerHeader(reader, BerTag.context0, "the SignedData");
  const signedData = await expectBerHeader(reader, BerTag.sequence, "the SignedData");
  const signedDataEnd = endOf(reader, signedData);
  const version = await expectBerHeader(reader, BerTag.integer, "a version");
  await reader.readBytes(version.length ?? 0);
  const digestSet = await expectBerHeader(reader, BerTag.set, "the digest algorithms");
  const hashes = startDigests(await readWholeElement(reader, digestSet, SMALL_PART_LIMIT));
  const encapsulated = await expectBerHeader(reader, BerTag.sequence, "the encapsulated content");
  const encapsulatedEnd = endOf(reader, encapsulated);
  const typeHeader = await expectBerHeader(reader, BerTag.oid, "the content's type");
  const contentType = await readWholeElement(reader, typeHeader, 64);
  const wrapper = await readBerHeader(reader);
  if (wrapper.tag !== BerTag.context0) throw new SignedFileError("the signed content is not inside the file");
  for await (const piece of octets(reader, await readBerHeader(reader))) {
    for (const hash of hashes.values()) hash.update(piece);
    yield piece;
  }
  await closeIndefinite(reader, wrapper);
  await closeElement(reader, encapsulated, encapsulatedEnd);
  let certificates: Uint8Array | null = null;
  let signerInfos: Uint8Array | null = null;
  for (;;) {
    if (signedDataEnd !== null && reader.position >= signedDataEnd) break;
    const header = await readBerHeader(reader);
    if (signedDataEnd === null && header.tag === BerTag.endOfContents) break;
    const element = await readWholeElement(reader, header, SMALL_PART_LIMIT);
    if (header.tag === BerTag.context0) certificates = element;
    else if (header.tag === BerTag.set) signerInfos = element;
    else if (header.tag !== BerTag.context1) throw new SignedFileError("unexpected element in SignedData");
  }
  await closeIndefinite(reader, explicit);
  await closeIndefinite(reader, contentInfo);
  if (!(await reader.atEnd())) throw new SignedFileError("bytes after the end of the signed envelope");
  if (!signerInfos) throw new SignedFileError("the part carries no signer information");
  const digests = new Map([...hashes].map(([oid, hash]) => [oid, hash.digest()]));
  return verifySigners({ signerInfos, certificates, contentType, digests });
}

/** One OCTET STRING, primitive or (BER) constructed of primitive pieces, to any depth. */
async function* octets(reader: ByteReader, header: BerHeader): AsyncGenerator<Uint8Array> {
  if (header.tag === BerTag.octetString && header.length !== null) {
    yield* reader.stream(header.length);
    return;
  }
  if (header.tag !== (BerTag.octetString | 0x20))
    throw new SignedFileError("the signed content is not an OCTET STRING");
  const end = endOf(reader, header);
  for (;;) {
    if (end !== null && reader.position >= end) return;
    const piece = await readBerHeader(reader);
    if (end === null && piece.tag === BerTag.endOfContents) return;
    yield* octets(reader, piece);
  }
}

function startDigests(digestSet: Uint8Array): Map<string, Hash> {
  const hashes = new Map<string, Hash>();
  for (const algorithm of AsnConvert.parse(digestSet, DigestAlgorithmIdentifiers)) {
    const name = DIGESTS[algorithm.algorithm];
    if (name) hashes.set(algorithm.algorithm, createHash(name));
  }
  if (hashes.size === 0) throw new SignedFileError("the part announces no digest algorithm padron knows");
  return hashes;
}

const endOf = (reader: ByteReader, header: BerHeader) =>
  header.length === null ? null : reader.position + header.length;

async function closeElement(reader: ByteReader, header: BerHeader, end: number | null): Promise<void> {
  if (end === null) return closeIndefinite(reader, header);
  if (reader.position !== end) throw new SignedFileError("unexpected bytes inside the encapsulated content");
}
