// Generates a national-size registered-RFC list (l_RFC) and certificate list (LCO) in SAT's exact
// format: parts of ISO-8859-1 CRLF text (or XML) signed as PKCS#7 SignedData by the sandbox's signer
// and gzip'd. RFCs are valid and in text order (as SAT publishes them): letters, a real date, a random
// homoclave and check character. A second day has 0.1 % removed, 0.1 % added and 0.05 % flags flipped.
// Usage: node bench/registration-generate.ts OUT_DIR [--rfcs 100000000] [--parts 5] [--date 2026-11-20]
//          [--next-day] [--certificates 0] [--certificate-parts 4]
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createGzip } from "node:zlib";
import { dateOfDay, dayOf } from "../src/registration/list-date.ts";
import { partFileName } from "../src/registration/part-name.ts";
import { packRfcBytes, unpackRfc } from "../src/registration/rfc-key.ts";
import { createListSigner } from "../src/sandbox/formats/list-signer.ts";
import { signPart } from "../src/sandbox/formats/sign-part.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rfcs: { type: "string", default: "100000000" },
    parts: { type: "string", default: "5" },
    date: { type: "string", default: "2026-11-20" },
    "next-day": { type: "boolean", default: false },
    certificates: { type: "string", default: "0" },
    "certificate-parts": { type: "string", default: "4" },
  },
});
const out = positionals[0];
if (!out)
  throw new Error("usage: node bench/registration-generate.ts OUT_DIR [--rfcs N] [--parts 5] [--next-day]");
const rfcs = Number(values.rfcs);
const parts = Number(values.parts);
const nextDay = values["next-day"];
const date = nextDay ? dateOfDay(dayOf(values.date) + 1) : values.date;
const MAX_KEY = 28 ** 3 * 29 * 37_200 * 14_256;

/** mulberry32, one per part and seeded the same for both days: the second day is the first with its changes. */
function randomFrom(start: number): () => number {
  let seed = start;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const valid = (key: number) => {
  const text = key < MAX_KEY ? unpackRfc(key) : null;
  return text && packRfcBytes(Buffer.from(text, "latin1"), 0, text.length) === key ? text : null;
};

/** Lines of part `n` (0-based) of the day, each `RFC|SNCF|SUBCONTRATACION`, in key (text) order. */
async function* rfcLines(partIndex: number): AsyncGenerator<Buffer> {
  const perPart = Math.ceil(rfcs / parts);
  const gap = MAX_KEY / rfcs;
  const random = randomFrom(0x9e3779b9 + partIndex);
  let key = Math.floor((MAX_KEY / parts) * partIndex);
  let chunk: string[] = ["Content-Type: text/plain\r\n\r\nRFC|SNCF|SUBCONTRATACION\r\n"];
  let made = 0;
  while (made < perPart && made + partIndex * perPart < rfcs) {
    key += 1 + Math.floor(random() * 2 * gap);
    if (key >= MAX_KEY) break;
    const rfc = valid(key);
    if (!rfc) continue;
    made++;
    const r = random();
    const flags = r < 0.01 ? 1 : r < 0.015 ? 2 : 0;
    const change = random();
    if (nextDay && change < 0.001) continue;
    const shown = nextDay && change >= 0.002 && change < 0.0025 ? flags ^ 1 : flags;
    chunk.push(`${rfc}|${shown & 1}|${shown >> 1}\r\n`);
    if (nextDay && change >= 0.001 && change < 0.002) {
      const added = valid(key + 1);
      if (added) chunk.push(`${added}|0|0\r\n`);
    }
    if (chunk.length >= 50_000) {
      yield Buffer.from(chunk.join(""), "latin1");
      chunk = [];
    }
  }
  if (partIndex === parts - 1) chunk.push("EOF\r\n");
  yield Buffer.from(chunk.join(""), "latin1");
}

/** Certificates of every few RFCs: serials in order, mostly active, some revoked or expired. */
async function* certificateXml(
  partIndex: number,
  certificateParts: number,
  total: number,
): AsyncGenerator<Buffer> {
  const perPart = Math.ceil(total / certificateParts);
  const gap = MAX_KEY / total;
  const random = randomFrom(0x51ed27 + partIndex);
  let key = Math.floor((MAX_KEY / certificateParts) * partIndex);
  let chunk: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\r\n<lco:LCO xmlns:lco="http:/www.sat.gob.mx/cfd/LCO">\r\n`,
  ];
  for (let made = 0; made < perPart && made + partIndex * perPart < total; ) {
    key += 1 + Math.floor(random() * 2 * gap);
    if (key >= MAX_KEY) break;
    const rfc = valid(key);
    if (!rfc) continue;
    const serial = `0000100000${String(400_000_000 + partIndex * perPart + made).padStart(10, "0")}`;
    made++;
    const r = random();
    const status = r < 0.85 ? "A" : r < 0.9 ? "R" : "C";
    const from = new Date(
      Date.UTC(2019 + Math.floor(r * 7), Math.floor(random() * 12), 1 + Math.floor(random() * 28)),
    );
    const to = new Date(from.getTime() + 4 * 365.25 * 86_400_000);
    chunk.push(
      `<lco:Contribuyente RFC="${rfc.replace(/&/g, "&amp;")}"><lco:Certificado ValidezObligaciones="${r < 0.97 ? 1 : 0}" EstatusCertificado="${status}" noCertificado="${serial}" FechaFinal="${to.toISOString().slice(0, 19)}" FechaInicio="${from.toISOString().slice(0, 19)}"/></lco:Contribuyente>\r\n`,
    );
    if (chunk.length >= 20_000) {
      yield Buffer.from(chunk.join(""), "utf8");
      chunk = [];
    }
  }
  chunk.push("</lco:LCO>\r\n");
  yield Buffer.from(chunk.join(""), "utf8");
}

await mkdir(out, { recursive: true });
const signer = await createListSigner();
const write = (name: string, content: AsyncIterable<Buffer>) =>
  pipeline(signPart(content, signer), createGzip(), createWriteStream(join(out, name)));
const started = Date.now();
if (rfcs > 0)
  await Promise.all(
    Array.from({ length: parts }, (_, i) => write(partFileName("rfc", date, i + 1), rfcLines(i))),
  );
const certificates = Number(values.certificates);
const certificateParts = Number(values["certificate-parts"]);
if (certificates > 0)
  await Promise.all(
    Array.from({ length: certificateParts }, (_, i) =>
      write(partFileName("certificates", date, i + 1), certificateXml(i, certificateParts, certificates)),
    ),
  );
console.log(JSON.stringify({ out, date, rfcs, parts, certificates, seconds: (Date.now() - started) / 1000 }));
