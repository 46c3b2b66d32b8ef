import { Readable } from "node:stream";
import { listFileUrl, syncedListFiles } from "../../../src/contributor-lists/catalog.ts";
import type { ListEntry } from "../../../src/contributor-lists/list-entry.ts";
import { parseListFile } from "../../../src/contributor-lists/parse-list-file.ts";

/**
 * The sandbox's list files, fetched and parsed with the real parser into RFC → entries. It stands in
 * for the stored lists (src/contributor-lists lookup) until that lands; the files are the real ones.
 */
export async function loadSandboxLists(sandboxUrl: string): Promise<Map<string, ListEntry[]>> {
  const byRfc = new Map<string, ListEntry[]>();
  for (const file of syncedListFiles()) {
    const response = await fetch(listFileUrl(file, sandboxUrl));
    if (!response.ok) throw new Error(`${file.fileName}: HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    for await (const entry of parseListFile(Readable.from([bytes]), file.fileName)) {
      if (entry.suppressed) continue;
      const { raw: _raw, ...kept } = entry;
      byRfc.set(entry.rfc, [...(byRfc.get(entry.rfc) ?? []), kept]);
    }
  }
  return byRfc;
}
