// The upstream chain of one validation made directly against the sandbox, with no service in between:
// padrón RFC check ‖ (certificate search → .cer files → RENAPO for the CURP they carry, and without a
// name the padrón chunks of the catalog, first match wins) ‖ with a name, the chunks from the start.
import { Agent, request } from "undici";
import { stats } from "./validate-client.ts";

const VALID = "RFC válido, y susceptible de recibir facturas";

type ChainTaxpayer = { rfc: string; name: string; curp: string | null };

/** A client that runs many taxpayers' chains at once and times each; one pool of connections for all runs. */
export function createBareChain(sandboxUrl: string, withName: boolean, codes: readonly string[]) {
  const agent = new Agent({ connections: 4096, headersTimeout: 0, bodyTimeout: 0, connectTimeout: 120_000 });

  const padron = (body: string, signal?: AbortSignal) =>
    request(`${sandboxUrl}/padron/validate`, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8" },
      body,
      dispatcher: agent,
      signal,
    }).then((r) => {
      if (r.statusCode !== 200) throw new Error(`padrón answered ${r.statusCode}`);
      return r.body.text();
    });

  async function postalSearch(rfc: string, name: string) {
    const cancel = new AbortController();
    const chunks: Promise<void>[] = [];
    let found: () => void = () => {};
    const won = new Promise<void>((resolve) => {
      found = resolve;
    });
    for (let start = 0; start < codes.length; start += 5000) {
      const body = codes
        .slice(start, start + 5000)
        .map((zip, i) => `${i + 1}|${rfc}|${name}|${zip}\r\n`)
        .join("");
      chunks.push(
        padron(body, cancel.signal).then(
          (answer) => {
            if (answer.includes(VALID)) found();
          },
          (error: Error) => {
            if (!cancel.signal.aborted) throw error;
          },
        ),
      );
    }
    await Promise.race([won, Promise.all(chunks)]);
    cancel.abort();
  }

  async function renapo(curp: string) {
    const answer = await request(`${sandboxUrl}/renapo/curp/${curp}`, { dispatcher: agent });
    await answer.body.arrayBuffer();
  }

  async function chain(taxpayer: ChainTaxpayer) {
    const started = performance.now();
    const status = padron(`1|${taxpayer.rfc}||\r\n`);
    const postal = withName ? postalSearch(taxpayer.rfc, taxpayer.name) : null;
    const certificates = (async () => {
      const search = await request(`${sandboxUrl}/certificates?rfc=${encodeURIComponent(taxpayer.rfc)}`, {
        dispatcher: agent,
      });
      const listed = (await search.body.json()) as { serial: string }[];
      await Promise.all(
        listed.map(async ({ serial }) => {
          const path = `${serial.slice(0, 6)}/${serial.slice(6, 12)}/${serial.slice(12, 14)}/${serial.slice(14, 16)}/${serial.slice(16, 18)}`;
          const file = await request(`${sandboxUrl}/rccf/${path}/${serial}.cer`, { dispatcher: agent });
          await file.body.arrayBuffer();
        }),
      );
      await Promise.all([
        taxpayer.curp ? renapo(taxpayer.curp) : null,
        withName ? null : postalSearch(taxpayer.rfc, taxpayer.name),
      ]);
    })();
    await Promise.all([status, postal, certificates]);
    return performance.now() - started;
  }

  async function run(taxpayers: readonly ChainTaxpayer[]) {
    const settled = await Promise.allSettled(taxpayers.map(chain));
    const failed = settled.filter((result) => result.status === "rejected").length;
    if (failed > 0) console.error(`bare chain: ${failed} of ${taxpayers.length} chains failed`);
    return stats(settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : [])));
  }
  return { run, close: () => agent.close() };
}
