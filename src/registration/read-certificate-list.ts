import { SaxesParser, type SaxesTagPlain } from "saxes";
import { SignedFileError } from "../signed-files/signed-file-error.ts";
import { packRfcBytes, unpackedKey } from "./rfc-key.ts";

/** Numbers per certificate record: key, serial (two 10-digit halves), status, from, to, obligations. */
export const CERTIFICATE_RECORD = 7;
export const CERTIFICATE_STATUSES = ["A", "R", "C"] as const;

export type CertificateCounts = { rows: number; skipped: number };

/**
 * The certificates of an LCO part's XML (`lco:LCO/lco:Contribuyente[@RFC]/lco:Certificado[@…]`, in
 * SAT's namespace `http:/www.sat.gob.mx/cfd/LCO`, after an optional MIME header block), as records of
 * CERTIFICATE_RECORD numbers. Dates have no offset in the file and are read as UTC. Certificates
 * missing an attribute are skipped.
 */
export async function* readCertificateList(
  content: AsyncIterable<Uint8Array>,
  options: { keyOffset: number; counts: CertificateCounts; batchRecords?: number },
): AsyncGenerator<Float64Array> {
  const { counts, keyOffset } = options;
  const size = (options.batchRecords ?? 4096) * CERTIFICATE_RECORD;
  let batch = new Float64Array(size);
  let filled = 0;
  // One write can hold many certificates: batches that fill up wait here until it returns.
  const full: Float64Array[] = [];
  let sawRoot = false;
  let key = -1;
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const local = tag.name.slice(tag.name.indexOf(":") + 1);
    if (!sawRoot) {
      if (local !== "LCO") throw new SignedFileError("not a certificate list: the root is not lco:LCO");
      sawRoot = true;
    } else if (local === "Contribuyente") key = keyOf(tag.attributes.RFC ?? "");
    else if (local === "Certificado") {
      const record = readCertificate(tag.attributes, key);
      if (!record) {
        counts.skipped++;
        return;
      }
      record[0] += keyOffset;
      batch.set(record, filled);
      filled += CERTIFICATE_RECORD;
      counts.rows++;
      if (filled === size) {
        full.push(batch);
        batch = new Float64Array(size);
        filled = 0;
      }
    }
  });
  parser.on("closetag", (tag) => {
    if (tag.name.endsWith("Contribuyente")) key = -1;
  });
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  try {
    for await (let chunk of content) {
      if (!decoder) chunk = withoutMimeHeader(chunk);
      decoder ??= new TextDecoder(declaredEncoding(chunk));
      parser.write(decoder.decode(chunk, { stream: true }));
      yield* full.splice(0);
    }
    parser.close();
  } catch (error) {
    if (error instanceof SignedFileError) throw error;
    throw new SignedFileError(`not a readable certificate list: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!sawRoot) throw new SignedFileError("not a certificate list: no lco:LCO element");
  yield* full.splice(0);
  if (filled > 0) yield batch.subarray(0, filled);
}

/** Hashed when it does not pack: lookups hash it the same way, and no text is kept per RFC. */
function keyOf(rfc: string): number {
  const bytes = Buffer.from(rfc.trim(), "latin1");
  const packed = packRfcBytes(bytes, 0, bytes.length);
  if (packed >= 0) return packed;
  return /^[A-ZÑ&0-9]{10,13}$/.test(rfc) ? unpackedKey(rfc) : -1;
}

function readCertificate(attributes: Record<string, string>, key: number): number[] | null {
  const serial = attributes.noCertificado ?? "";
  const status = CERTIFICATE_STATUSES.indexOf(attributes.EstatusCertificado as "A");
  const from = Date.parse(`${attributes.FechaInicio}Z`);
  const to = Date.parse(`${attributes.FechaFinal}Z`);
  const obligations = Number(attributes.ValidezObligaciones);
  if (key < 0 || !/^\d{20}$/.test(serial) || status < 0 || !Number.isFinite(from + to)) return null;
  if (!Number.isInteger(obligations)) return null;
  return [key, Number(serial.slice(0, 10)), Number(serial.slice(10)), status, from, to, obligations];
}

/** The content after a MIME header block (`openssl smime -text`, as l_RFC's parts have), if any. */
function withoutMimeHeader(first: Uint8Array): Uint8Array {
  const bytes = Buffer.from(first.buffer, first.byteOffset, first.byteLength);
  if (!/^content-type:/i.test(bytes.toString("latin1", 0, 13))) return first;
  const blank = /\r?\n\r?\n/.exec(bytes.toString("latin1", 0, 1024));
  if (!blank) throw new SignedFileError("not a certificate list: a MIME header with no blank line after it");
  return first.subarray(blank.index + blank[0].length);
}

/** The encoding the XML declaration names (UTF-8 when none). */
function declaredEncoding(first: Uint8Array): string {
  const head = Buffer.from(first.subarray(0, 200)).toString("latin1");
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase();
  return declared === "iso-8859-1" || declared === "latin1" ? "latin1" : (declared ?? "utf-8");
}

/** The 20-digit serial of a record's two halves. */
export const serialOf = (high: number, low: number) =>
  `${String(high).padStart(10, "0")}${String(low).padStart(10, "0")}`;
