// Child process of bench/validate-load.ts: the sandbox on its own CPU. Prints one JSON line:
// { url, taxpayers: [{ rfc, name, zip, curp }] }: `count` taxpayers with certificates, taken from the most
// populated postal codes, so the catalog a postal-code search walks stays as small as the bench asks.
import "reflect-metadata";
import { startSandbox } from "../src/sandbox/server.ts";

const [scale, size, count] = process.argv.slice(2).map(Number);
const sandbox = await startSandbox({ port: 0, seed: 1, size, timeScale: scale, backlog: 4096 });
const eligible = sandbox.population.taxpayers
  .filter((t) => t.certificates.some((c) => c.type === "FIEL" && !c.fileMissing))
  .filter((t) => !sandbox.population.magicFaults.has(t.rfc));
const perZip = new Map<string, number>();
for (const t of eligible) perZip.set(t.zip, (perZip.get(t.zip) ?? 0) + 1);
const byPopulatedZip = (a: { zip: string }, b: { zip: string }) =>
  (perZip.get(b.zip) ?? 0) - (perZip.get(a.zip) ?? 0) || a.zip.localeCompare(b.zip);
const taxpayers = eligible
  .sort(byPopulatedZip)
  .slice(0, count)
  .map((t) => ({
    rfc: t.rfc,
    name: t.padronName,
    zip: t.zip,
    // The CURP the validation looks up in RENAPO once the certificates name it.
    curp: (t.certificatesCarryCurp ? (t.legalRepresentative ?? t.person)?.curp : undefined) ?? null,
  }));
process.stdout.write(`${JSON.stringify({ url: sandbox.url, taxpayers })}\n`);
process.on("SIGTERM", () => void sandbox.close().then(() => process.exit(0)));
