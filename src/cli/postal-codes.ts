import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { ListMode } from "../platform/db/schema.ts";
import { importPostalCodes } from "../postal-codes/import-postal-codes.ts";
import { parseSepomexCatalog } from "../upstreams/postal-catalog/parse-sepomex-catalog.ts";
import { UpstreamFailure } from "../upstreams/upstream-failure.ts";
import type { Command } from "./command.ts";
import { print, withDatabase } from "./session.ts";

export const postalCodes: Record<string, Command> = {
  "postal-codes import": {
    usage: "FILE [--mode live|sandbox] [--force] [--json]   (SEPOMEX CPdescarga.txt, latin-1)",
    options: { mode: { type: "string" }, force: { type: "boolean" }, json: { type: "boolean" } },
    takesFiles: true,
    async run(values, positionals) {
      const [file] = positionals;
      if (!file || positionals.length > 1) throw new TypeError("give exactly one SEPOMEX TXT FILE");
      const mode = parseCatalogMode(values.mode as string | undefined);
      const settlements = readCatalog(file, await readFile(file));
      await withDatabase(async ({ db }, config) => {
        const imported = await importPostalCodes(db, mode, settlements, basename(file), {
          minCodeRatio: config.upstreams.postalCatalog.minCodeRatio,
          force: values.force === true,
        });
        if (imported.status === "rejected")
          throw new TypeError(`${file} refused: ${imported.reason}; --force imports it`);
        const { status: _, ...summary } = imported;
        print(
          values.json === true,
          summary,
          `imported ${summary.codes} postal codes (${summary.settlements} settlements) into the ${mode} catalog`,
        );
      });
    },
  },
};

// Unlike listModeOf in session.ts, this message names the value given.
function parseCatalogMode(value: string | undefined): ListMode {
  if (value === undefined || value === "live") return "live";
  if (value === "sandbox") return "sandbox";
  throw new TypeError(`--mode must be live or sandbox, got "${value}"`);
}

function readCatalog(file: string, bytes: Buffer) {
  try {
    return parseSepomexCatalog(bytes);
  } catch (error) {
    if (error instanceof UpstreamFailure) throw new TypeError(`${file}: ${error.message}`);
    throw error;
  }
}
