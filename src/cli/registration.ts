import type { RegistrationList } from "../platform/db/schema.ts";
import type { DateImport } from "../registration/import-date.ts";
import { importPartFiles } from "../registration/import-part-files.ts";
import { readRegistrationStatus } from "../registration/read-registration-status.ts";
import { configuredSync, registrationBaseUrl } from "../registration/refresh-configured-registration.ts";
import { syncRegistration } from "../registration/sync-registration.ts";
import type { Command } from "./command.ts";
import { listModeOf, meterFor, print, withDatabase, withSourceOrSandbox } from "./session.ts";

/** One JSON line per part: the date's outcome, the part's rows and its signer. */
function partLines(imports: readonly DateImport[]): string[] {
  return imports.flatMap((result) =>
    (result.parts.length > 0 ? result.parts : [null]).map((part) =>
      JSON.stringify({
        list: result.list,
        date: result.date,
        status: result.status,
        file: part?.file ?? null,
        rows: part?.rows ?? result.rows,
        skipped: part?.skipped ?? 0,
        signer: part?.signer ? { subject: part.signer.subject, serial: part.signer.serial } : null,
        ...(result.changes ? { changes: result.changes } : {}),
        ...(result.reason ? { reason: result.reason } : {}),
      }),
    ),
  );
}

/** The list under the name SAT publishes it as. */
const satName = (list: RegistrationList) => (list === "rfc" ? "l_RFC" : "LCO");

const describe = (result: DateImport) =>
  `${satName(result.list)} ${result.date}: ${result.status}, ${result.rows.toLocaleString("en")} rows` +
  (result.changes
    ? ` (${result.changes.added} added, ${result.changes.removed} removed, ${result.changes.restored} restored, ${result.changes.flags} flags changed)`
    : "") +
  (result.reason ? ` (${result.reason})` : "");

export const registration: Record<string, Command> = {
  "registration import": {
    usage: "FILE... [--mode live|sandbox] [--date YYYY-MM-DD] [--force] [--json]   l_RFC / LCO parts",
    options: {
      mode: { type: "string" },
      date: { type: "string" },
      force: { type: "boolean" },
      json: { type: "boolean" },
    },
    takesFiles: true,
    run: (values, files) =>
      withDatabase(async (database, config) => {
        if (files.length === 0) throw new TypeError("give at least one part FILE");
        const progress = meterFor();
        const imports = await importPartFiles(database, {
          mode: listModeOf(values),
          files,
          date: values.date as string | undefined,
          requireSignature: false,
          minRowRatio: config.registration.minRowRatio,
          force: Boolean(values.force),
          onProgress: progress.update,
        });
        progress.meter.done();
        process.stdout.write(`${(values.json ? partLines(imports) : imports.map(describe)).join("\n")}\n`);
        if (imports.some((result) => result.status === "rejected")) process.exitCode = 1;
      }),
  },
  "registration sync": {
    usage: "[--mode live|sandbox] [--url CONTAINER] [--json]",
    options: { mode: { type: "string" }, url: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async (database, config) => {
        const mode = listModeOf(values);
        const progress = meterFor();
        // Downloads from `--url`, else the configured container, else (sandbox mode only) a sandbox.
        const url = (values.url as string | undefined) || registrationBaseUrl(config, mode, null);
        const source = { mode, url, liveSetting: "REGISTRATION_LIVE_BASE_URL", sandboxPath: "/lco" };
        const results = await withSourceOrSandbox(config, source, (baseUrl) =>
          syncRegistration(database, {
            ...configuredSync(config, mode, baseUrl),
            onProgress: progress.update,
          }),
        );
        progress.meter.done();
        const text = results.map(
          (r) =>
            `${satName(r.list)}: ${r.status}${r.date ? ` ${r.date}` : ""}${r.reason ? ` (${r.reason})` : ""}` +
            r.imports.map((i) => `\n  ${describe(i)}`).join(""),
        );
        const lines = results.flatMap((r) =>
          r.imports.length > 0 ? partLines(r.imports) : [JSON.stringify(r)],
        );
        process.stdout.write(`${(values.json ? lines : text).join("\n")}\n`);
        if (results.some((r) => r.status === "failed" || r.status === "rejected")) process.exitCode = 1;
      }),
  },
  "registration status": {
    usage: "[--mode live|sandbox] [--json]",
    options: { mode: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const statuses = await readRegistrationStatus(db, values.mode ? listModeOf(values) : undefined);
        const text = statuses.map(
          (s) =>
            `${s.mode.padEnd(8)} ${satName(s.list).padEnd(6)} ${s.date ?? "-"}  ${s.rows.toLocaleString("en").padStart(12)} rows` +
            `  last sync ${s.last_sync ? `${s.last_sync.at} ${s.last_sync.outcome}${s.last_sync.detail ? ` (${s.last_sync.detail})` : ""}` : "-"}`,
        );
        print(Boolean(values.json), statuses, text.join("\n"));
      }),
  },
};
