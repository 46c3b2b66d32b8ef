import { createReadStream } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ART69_BY_SUPUESTO } from "../contributor-lists/catalog.ts";
import { ingestListFile } from "../contributor-lists/ingest-list-file.ts";
import { createProgressMeter } from "../contributor-lists/progress-meter.ts";
import { readListStatus } from "../contributor-lists/read-list-status.ts";
import { syncLists } from "../contributor-lists/sync-lists.ts";
import type { Command } from "./command.ts";
import { listStatusText } from "./list-status-text.ts";
import { listModeOf, meterFor, print, withDatabase, withSourceOrSandbox } from "./session.ts";

export const lists: Record<string, Command> = {
  "lists sync": {
    usage: "[--mode live|sandbox] [--url BASE] [--json]",
    options: { mode: { type: "string" }, url: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }, config) => {
        const mode = listModeOf(values);
        const progress = meterFor();
        // Downloads from `--url`, else the configured base, else (sandbox mode only) a sandbox.
        const configured = mode === "live" ? config.lists.liveBaseUrl : config.lists.sandboxBaseUrl;
        const url = (values.url as string | undefined) || configured;
        const source = { mode, url, liveSetting: "LISTS_LIVE_BASE_URL", sandboxPath: "/" };
        const results = await withSourceOrSandbox(config, source, (baseUrl) =>
          syncLists(db, {
            mode,
            baseUrl,
            minRowRatio: config.lists.minRowRatio,
            timeoutMs: config.lists.fetchTimeoutMs,
            retries: config.lists.fetchRetries,
            onProgress: progress.update,
          }),
        );
        progress.meter.done();
        const text = results.map(
          (r) =>
            `${r.list.padEnd(26)} ${r.status.padEnd(12)} ${r.rows ?? "-"} rows${r.content_date ? `  as of ${r.content_date}` : ""}${r.reason ? `  (${r.reason})` : ""}`,
        );
        print(Boolean(values.json), results, text.join("\n"));
        if (results.some((r) => r.status === "failed" || r.status === "rejected")) process.exitCode = 1;
      }),
  },
  "lists import": {
    usage: "FILE... [--mode live|sandbox] [--force] [--json]",
    options: { mode: { type: "string" }, force: { type: "boolean" }, json: { type: "boolean" } },
    takesFiles: true,
    run: (values, files) =>
      withDatabase(async ({ db }, config) => {
        if (files.length === 0) throw new TypeError("give at least one list FILE");
        const mode = listModeOf(values);
        const meter = createProgressMeter(process.stderr);
        const results = [];
        for (const [fileIndex, path] of files.entries()) {
          const file = basename(path);
          try {
            const result = await ingestListFile(db, createReadStream(path), {
              mode,
              fileName: file,
              provenance: {
                sourceUrl: pathToFileURL(resolve(path)).href,
                etag: null,
                lastModified: null,
                expectedBytes: null,
              },
              minRowRatio: config.lists.minRowRatio,
              force: Boolean(values.force),
              onProgress: ({ bytes, rows }) =>
                meter.update({ file, fileIndex, fileCount: files.length, bytes, rows }),
            });
            meter.finishFile();
            results.push({
              file: path,
              list: result.list.key,
              article: result.list.article,
              sub_list: result.list === ART69_BY_SUPUESTO ? null : result.list.subList,
              rows: result.rows,
              content_date: result.contentDate,
              status: result.status,
              ...(result.reason ? { reason: result.reason } : {}),
            });
          } catch (error) {
            results.push({ file: path, status: "failed", reason: (error as Error).message });
          }
        }
        meter.done();
        const text = results.map((r) =>
          "list" in r
            ? `${r.file}: ${r.list} ${r.status}, ${r.rows} rows${r.content_date ? `, as of ${r.content_date}` : ""}${r.reason ? ` (${r.reason})` : ""}`
            : `${r.file}: failed (${r.reason})`,
        );
        print(Boolean(values.json), results, text.join("\n"));
        if (results.some((r) => r.status === "failed" || r.status === "rejected")) process.exitCode = 1;
      }),
  },
  "lists status": {
    usage: "[--mode live|sandbox] [--json]",
    options: { mode: { type: "string" }, json: { type: "boolean" } },
    run: (values) =>
      withDatabase(async ({ db }) => {
        const statuses = await readListStatus(db, values.mode ? listModeOf(values) : undefined);
        print(Boolean(values.json), statuses, listStatusText(statuses));
      }),
  },
};
