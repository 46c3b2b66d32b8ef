import { CertificateParseError } from "./certificate-parse-error.ts";

/** One DER element: its tag byte and where its content lies in `bytes`. */
export type DerNode = {
  readonly bytes: Uint8Array;
  readonly tag: number;
  readonly contentStart: number;
  readonly end: number;
};

export const DerTag = {
  integer: 0x02,
  oid: 0x06,
  sequence: 0x30,
  set: 0x31,
  utcTime: 0x17,
  generalizedTime: 0x18,
} as const;

/** Reads the element starting at `offset`; it must end at or before `limit`. */
export function readDerNode(bytes: Uint8Array, offset: number, limit = bytes.length): DerNode {
  if (offset + 2 > limit) throw new CertificateParseError("truncated DER element");
  const tag = bytes[offset];
  if ((tag & 0x1f) === 0x1f) throw new CertificateParseError("multi-byte DER tags are not supported");
  let length = bytes[offset + 1];
  let contentStart = offset + 2;
  if (length & 0x80) {
    const lengthBytes = length & 0x7f;
    if (lengthBytes === 0 || lengthBytes > 4) throw new CertificateParseError("invalid DER length");
    if (contentStart + lengthBytes > limit) throw new CertificateParseError("truncated DER length");
    length = 0;
    for (let i = 0; i < lengthBytes; i++) length = length * 256 + bytes[contentStart + i];
    contentStart += lengthBytes;
  }
  const end = contentStart + length;
  if (end > limit) throw new CertificateParseError("DER element runs past its container");
  return { bytes, tag, contentStart, end };
}

export function derChildren(node: DerNode): DerNode[] {
  if ((node.tag & 0x20) === 0) throw new CertificateParseError("expected a constructed DER element");
  const children: DerNode[] = [];
  let offset = node.contentStart;
  while (offset < node.end) {
    const child = readDerNode(node.bytes, offset, node.end);
    children.push(child);
    offset = child.end;
  }
  return children;
}

export function derContent(node: DerNode): Uint8Array {
  return node.bytes.subarray(node.contentStart, node.end);
}

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new CertificateParseError(`expected ${what}`);
  return node;
}

// A certificate names the same dozen attribute types over and over: each encoding is decoded once.
const decodedOids = new Map<string, string>();

export function decodeOid(node: DerNode): string {
  const content = derContent(expectTag(node, DerTag.oid, "an object identifier"));
  if (content.length === 0) throw new CertificateParseError("empty object identifier");
  const key = String.fromCharCode.apply(null, content as unknown as number[]);
  let oid = decodedOids.get(key);
  if (oid === undefined) {
    oid = decodeOidArcs(content);
    if (decodedOids.size < 1000) decodedOids.set(key, oid);
  }
  return oid;
}

function decodeOidArcs(content: Uint8Array): string {
  const arcs: number[] = [];
  let value = 0;
  for (const byte of content) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    }
  }
  const first = arcs[0] < 80 ? Math.floor(arcs[0] / 40) : 2;
  return [first, arcs[0] - first * 40, ...arcs.slice(1)].join(".");
}
