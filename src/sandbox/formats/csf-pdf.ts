import iconv from "iconv-lite";

// A one-page PDF 1.4 with Helvetica text lines: enough for any PDF text reader to find "RFC:" and
// "idCIF:" as on SAT's Constancia. Written by hand (a dozen objects) rather than with a PDF library.

const escapeText = (line: string) => line.replace(/[\\()]/g, (char) => `\\${char}`);

/** The PDF bytes; lines in windows-1252 (WinAnsiEncoding), so Ñ and accents read back as written. */
export function buildCsfPdf(lines: readonly string[]): Buffer {
  const text = lines.map((line) => `(${escapeText(line)}) Tj T*`).join("\n");
  const content = iconv.encode(`BT\n/F1 10 Tf\n14 TL\n50 760 Td\n${text}\nET\n`, "win1252");
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    ),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from("endstream"),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(size);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(object);
    size += object.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
