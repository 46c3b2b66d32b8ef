import { readFile } from "node:fs/promises";
import { CertificateParseError } from "../certificates/certificate-parse-error.ts";
import { formatCertificateForPeople, inspectCertificate } from "../certificates/inspect-certificate.ts";
import type { Command } from "./command.ts";

export const cert: Record<string, Command> = {
  "cert inspect": {
    usage: "FILE [--json]   (DER or PEM)",
    options: { json: { type: "boolean" } },
    takesFiles: true,
    async run(values, positionals) {
      const [file] = positionals;
      if (!file || positionals.length > 1) throw new TypeError("give exactly one certificate FILE");
      let info: ReturnType<typeof inspectCertificate>;
      try {
        info = inspectCertificate(new Uint8Array(await readFile(file)));
      } catch (error) {
        // A bad file is the operator's input, not a bug: one line, no stack.
        if (error instanceof CertificateParseError) throw new TypeError(`${file}: ${error.message}`);
        throw error;
      }
      process.stdout.write(
        values.json ? `${JSON.stringify(info, null, 2)}\n` : formatCertificateForPeople(info),
      );
    },
  },
};
