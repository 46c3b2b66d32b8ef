// Writes a list file in SAT's Art. 69 format (cp1252, CRLF) for the parsing and ingest benchmarks.
// Usage: node bench/lists-generate.ts OUT.csv [rows=1000000]
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import iconv from "iconv-lite";

const [outPath, rowsArgument] = process.argv.slice(2);
if (!outPath) {
  console.error("usage: node bench/lists-generate.ts OUT.csv [rows=1000000]");
  process.exit(2);
}
const rows = Number(rowsArgument ?? 1_000_000);
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÑ&";
const STATES = ["CIUDAD DE MEXICO", "JALISCO", "NUEVO LEON", "MÉXICO", "YUCATÁN", "QUERÉTARO"];
const SUPUESTOS = ["FIRMES", "NO LOCALIZADOS", "EXIGIBLES"];
const WORDS = [
  "CONSTRUCCIONES",
  "PEÑA",
  "SERVICIOS",
  "ALIMENTOS",
  "MUÑOZ",
  "LOGÍSTICA",
  "GRUPO",
  "ASOCIADOS",
];

let seed = 1;
/** mulberry32: deterministic, so every run writes the same file. */
function random(limit: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % limit;
}

function row(index: number): string {
  const individual = random(3) === 0;
  const letters = Array.from({ length: individual ? 4 : 3 }, () => LETTERS[random(LETTERS.length)]).join("");
  const date = `${String(random(100)).padStart(2, "0")}${String(1 + random(12)).padStart(2, "0")}${String(1 + random(28)).padStart(2, "0")}`;
  const rfc = `${letters}${date}${(index % 1296).toString(36).toUpperCase().padStart(2, "0")}${random(10)}`;
  const name = `${WORDS[random(WORDS.length)]} ${WORDS[random(WORDS.length)]} ${index}`;
  const quotedName = random(10) === 0 ? `"${name}, SA DE CV"` : `${name} SA DE CV`;
  const supuesto = SUPUESTOS[random(SUPUESTOS.length)];
  const published = `${String(1 + random(28)).padStart(2, "0")}/${String(1 + random(12)).padStart(2, "0")}/20${10 + random(16)}`;
  return `${rfc},${quotedName},${individual ? "F" : "M"},${supuesto},${published},${STATES[random(STATES.length)]}\r\n`;
}

const out = createWriteStream(outPath);
out.write(
  iconv.encode(
    "RFC,RAZON SOCIAL,TIPO PERSONA,SUPUESTO,FECHA DE PRIMERA PUBLICACION,ENTIDAD FEDERATIVA\r\n",
    "win1252",
  ),
);
const BATCH = 5_000;
for (let start = 0; start < rows; start += BATCH) {
  let text = "";
  for (let index = start; index < Math.min(rows, start + BATCH); index++) text += row(index);
  if (!out.write(iconv.encode(text, "win1252"))) await once(out, "drain");
}
out.end(",,,,,\r\n,,,,,\r\n");
await once(out, "finish");
console.log(`wrote ${rows} rows to ${outPath} (${out.bytesWritten} bytes)`);
