import { CertificateParseError } from "./certificate-parse-error.ts";

const PEM_BLOCK =
  /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----([\s\S]*?)-----END (?:X509 |TRUSTED )?CERTIFICATE-----/;

/** DER bytes from DER bytes, PEM text, or PEM text read from a file as bytes. */
export function readCertificateBytes(input: Uint8Array | string): Uint8Array {
  // A DER certificate always starts with a SEQUENCE tag (0x30); PEM starts with "-----" or whitespace.
  if (typeof input !== "string" && (input.length === 0 || input[0] === 0x30)) return input;
  const text = typeof input === "string" ? input : new TextDecoder("latin1").decode(input);
  const block = PEM_BLOCK.exec(text);
  if (!block) throw new CertificateParseError("not a certificate: neither DER nor a PEM CERTIFICATE block");
  const base64 = block[1].replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
    throw new CertificateParseError("PEM block is not valid base64");
  return new Uint8Array(Buffer.from(base64, "base64"));
}
