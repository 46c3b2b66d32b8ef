import "reflect-metadata"; // @peculiar/x509 uses tsyringe, which needs the Reflect metadata polyfill
import { createPrivateKey, type KeyObject } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { createSandboxCa, importPublicKey, readKey, SIGNING_ALGORITHM } from "./certificate-authority.ts";

/** What signs the sandbox's copies of SAT's list parts: a key and its certificate from the sandbox CA. */
export type ListSigner = { certificate: Uint8Array; privateKey: KeyObject };

/** Deterministic (fixed keys, fixed dates): every signer signs alike. */
export async function createListSigner(): Promise<ListSigner> {
  const ca = await createSandboxCa();
  const pem = await readKey("subject-01.key.pem");
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: Buffer.from("30001000000500000001", "ascii").toString("hex"),
    subject: new x509.Name([
      { "2.5.4.3": [{ utf8String: "SERVICIO DE ADMINISTRACION TRIBUTARIA" }] },
      { "2.5.4.10": [{ utf8String: "SERVICIO DE ADMINISTRACION TRIBUTARIA" }] },
      { "2.5.4.11": [{ utf8String: "LISTAS PADRON SANDBOX" }] },
      { "2.5.4.45": [{ printableString: "SAT970701NN3" }] },
    ]),
    issuer: ca.issuer,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2040-01-01T00:00:00Z"),
    publicKey: await importPublicKey(pem),
    signingKey: ca.signingKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
  });
  return { certificate: new Uint8Array(certificate.rawData), privateKey: createPrivateKey(pem) };
}
