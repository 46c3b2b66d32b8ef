/** Thrown for input that is not a readable X.509 certificate (DER or PEM). */
export class CertificateParseError extends Error {
  readonly code = "invalid_certificate";
  override name = "CertificateParseError";
}
