import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { ListSigner } from "./list-signer.ts";
import { signPart } from "./sign-part.ts";

export type RfcListRow = { rfc: string; flags: number };
type CertificateListEntry = {
  rfc: string;
  serial: string;
  status: "A" | "R" | "C";
  validFrom: string;
  validTo: string;
  obligations: number;
};

/** One l_RFC part's text as SAT signs it (`openssl smime -text`): MIME header, header line, rows, CRLF. */
export function writeRfcListPart(rows: readonly RfcListRow[], last: boolean): Buffer {
  const lines = ["Content-Type: text/plain", "", "RFC|SNCF|SUBCONTRATACION"];
  for (const { rfc, flags } of rows) lines.push(`${rfc}|${flags & 1}|${flags >> 1}`);
  if (last) lines.push("EOF");
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1");
}

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** An LCO part's XML: one `lco:Contribuyente` per certificate, in SAT's namespace (sic). */
export function writeCertificateList(entries: readonly CertificateListEntry[]): Buffer {
  const body = entries.map(
    (e) =>
      `<lco:Contribuyente RFC="${attribute(e.rfc)}"><lco:Certificado ValidezObligaciones="${e.obligations}" EstatusCertificado="${e.status}" noCertificado="${e.serial}" FechaFinal="${e.validTo.slice(0, 19)}" FechaInicio="${e.validFrom.slice(0, 19)}"/></lco:Contribuyente>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\r\n<lco:LCO xmlns:lco="http:/www.sat.gob.mx/cfd/LCO">\r\n${body.join("\r\n")}\r\n</lco:LCO>\r\n`,
    "utf8",
  );
}

/** A published part: the text signed (PKCS#7 SignedData) and gzip'd, with its Content-MD5. */
export async function publishPart(text: Buffer, signer: ListSigner) {
  const pieces: Buffer[] = [];
  for await (const piece of signPart([text], signer)) pieces.push(piece);
  const bytes = gzipSync(Buffer.concat(pieces));
  return { bytes, md5: createHash("md5").update(bytes).digest("base64") };
}
