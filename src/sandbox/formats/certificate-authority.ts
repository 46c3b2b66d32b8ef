import "reflect-metadata"; // @peculiar/x509 uses tsyringe, which needs the Reflect metadata polyfill
import { createPrivateKey, createPublicKey, webcrypto } from "node:crypto";
import { readFile } from "node:fs/promises";
import * as x509 from "@peculiar/x509";

// Sandbox-only key material committed on purpose (see keys/README.md): fixed keys make every
// issued certificate byte-identical for the same inputs, and RSASSA-PKCS1-v1_5 signing is deterministic.
const KEYS_DIR = new URL("./keys/", import.meta.url);
// Only subject-01 signs (the registration lists, list-signer.ts); the rest of the pool is public halves.
const SUBJECT_KEY_FILES = [
  "subject-01.key.pem",
  ...Array.from({ length: 7 }, (_, i) => `subject-0${i + 2}.pub.pem`),
];
export const SIGNING_ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };

/** The issuer, shaped like SAT's test CA but unmistakably a sandbox. */
const SANDBOX_CA_SUBJECT: x509.JsonNameParams = [
  { "2.5.4.3": [{ utf8String: "AC DE PRUEBAS PADRON SANDBOX" }] },
  { "2.5.4.10": [{ utf8String: "SERVICIO DE ADMINISTRACION TRIBUTARIA" }] },
  { "2.5.4.11": [{ utf8String: "PADRON SANDBOX - NO VALIDO PARA OPERACIONES REALES" }] },
  { "2.5.4.6": [{ printableString: "MX" }] },
  { "2.5.4.45": [{ printableString: "SAT970701NN3" }] },
];

async function importPrivateKey(pem: string) {
  const der = createPrivateKey(pem).export({ type: "pkcs8", format: "der" });
  return webcrypto.subtle.importKey("pkcs8", der, SIGNING_ALGORITHM, true, ["sign"]);
}

export async function importPublicKey(pem: string) {
  const der = createPublicKey(pem).export({ type: "spki", format: "der" });
  return webcrypto.subtle.importKey("spki", der, SIGNING_ALGORITHM, true, ["verify"]);
}

export const readKey = (file: string) => readFile(new URL(file, KEYS_DIR), "utf8");

/** Loads the committed sandbox keys and builds the (deterministic) CA certificate. */
export async function createSandboxCa() {
  const caPem = await readKey("ca.key.pem");
  const signingKey = await importPrivateKey(caPem);
  const caPublicKey = await importPublicKey(caPem);
  const subjectPublicKeys = await Promise.all(
    SUBJECT_KEY_FILES.map(async (file) => importPublicKey(await readKey(file))),
  );
  const issuer = new x509.Name(SANDBOX_CA_SUBJECT);
  const caCertificate = await x509.X509CertificateGenerator.create({
    serialNumber: "01",
    subject: issuer,
    issuer,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2040-01-01T00:00:00Z"),
    publicKey: caPublicKey,
    signingKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return {
    /** DER of the self-signed sandbox CA certificate (also deterministic). */
    certificate: new Uint8Array(caCertificate.rawData),
    issuer,
    signingKey,
    /** Public halves of the subject key pool; a certificate picks one by its serial. */
    subjectPublicKeys,
  };
}

export type SandboxCa = Awaited<ReturnType<typeof createSandboxCa>>;
