import { ServiceError } from "../platform/errors.ts";

/** The largest Constancia accepted, decoded (the route's body limit fits its base64). */
export const MAX_CSF_PDF_BYTES = 10 * 1024 * 1024;

const problem = (detail: string, message: string) =>
  new ServiceError("invalid_request", detail, { errors: [{ path: "/csf_pdf", message }] });

/**
 * RFC and idCIF from a Constancia de Situación Fiscal's text, where SAT prints "idCIF: 12345678901" and
 * "RFC: …" (as phpcfdi/csf-scraper reads them). 413 past 10 MB; 422 naming what the text lacks.
 */
export async function readCsfPdf(base64: string): Promise<{ rfc: string; idCif: string }> {
  const compact = base64.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1)
    throw problem("csf_pdf must be the PDF's bytes in base64.", "is not base64");
  const bytes = Buffer.from(compact, "base64");
  if (bytes.length > MAX_CSF_PDF_BYTES)
    throw new ServiceError("payload_too_large", `The PDF is larger than ${MAX_CSF_PDF_BYTES} bytes.`);
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-")
    throw problem("csf_pdf is not a PDF.", "is not a PDF");
  const text = await pdfText(bytes);
  const rfc = /\bRFC:\s*([A-ZÑ&]{3,4}\d{6}[A-Z\d]{3})\b/iu.exec(text)?.[1];
  const idCif = /\bidCIF:\s*(\d{5,20})\b/i.exec(text)?.[1];
  const missing = [rfc ? null : "RFC", idCif ? null : "idCIF"].filter((part) => part !== null);
  if (!rfc || !idCif)
    throw problem(
      `The PDF's text has no ${missing.join(" and no ")}: send a Constancia de Situación Fiscal as SAT issues it, or rfc and id_cif.`,
      `the PDF's text has no ${missing.join(" and no ")}`,
    );
  return { rfc: rfc.toUpperCase(), idCif };
}

/** Every page's text; pdf.js (unpdf's build, which never evaluates font code) is loaded on first use. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  try {
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      return (await extractText(document, { mergePages: true })).text;
    } finally {
      await document.loadingTask.destroy();
    }
  } catch {
    throw problem("csf_pdf could not be read as a PDF.", "is not a readable PDF");
  }
}
