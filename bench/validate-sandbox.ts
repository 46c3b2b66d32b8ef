// Child process of bench/validate-load.ts: the sandbox on its own CPU, so the app's event loop is measured
// alone. Prints one JSON line: { url, taxpayers: [{ rfc, name, zip }] } (taxpayers with certificates).
import "reflect-metadata";
import { startSandbox } from "../src/sandbox/server.ts";

const [scale, size, count] = process.argv.slice(2).map(Number);
const sandbox = await startSandbox({ port: 0, seed: 1, size, timeScale: scale, backlog: 4096 });
const taxpayers = sandbox.population.taxpayers
  .filter((t) => t.certificates.some((c) => c.type === "FIEL" && !c.fileMissing))
  .filter((t) => !sandbox.population.magicFaults.has(t.rfc))
  .slice(0, count)
  .map((t) => ({ rfc: t.rfc, name: t.padronName, zip: t.zip }));
process.stdout.write(`${JSON.stringify({ url: sandbox.url, taxpayers })}\n`);
process.on("SIGTERM", () => void sandbox.close().then(() => process.exit(0)));
