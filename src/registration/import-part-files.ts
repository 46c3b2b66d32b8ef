import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { DatabaseHandle } from "../platform/db/connect.ts";
import type { RegistrationList } from "../platform/db/schema.ts";
import { openPart } from "../signed-files/open-part.ts";
import { importCertificateList } from "./import-certificate-list.ts";
import type { DateImport, DateImportRequest } from "./import-date.ts";
import { importRfcList } from "./import-rfc-list.ts";
import { isListDate } from "./list-date.ts";
import { readPartName } from "./part-name.ts";
import type { PartSource } from "./read-parts-sorted.ts";

export type FilesImportRequest = Omit<DateImportRequest, "date" | "parts"> & {
  files: readonly string[];
  /** For files not named like SAT's parts: the list date they are of. */
  date?: string;
};

/**
 * `padron registration import`: local parts (gzip'd or not, signed or not), grouped by list and
 * date (from SAT's file names, or `date`, which a name of another date contradicts), each date imported
 * in order, oldest first.
 */
export async function importPartFiles(
  database: DatabaseHandle,
  request: FilesImportRequest,
): Promise<DateImport[]> {
  if (request.date !== undefined && !isListDate(request.date))
    throw new TypeError(`--date must be a day that exists, as YYYY-MM-DD, got "${request.date}"`);
  const groups = new Map<string, { list: RegistrationList; date: string; parts: PartSource[] }>();
  for (const file of request.files) {
    const named = readPartName(basename(file));
    if (named && request.date !== undefined && named.date !== request.date)
      throw new TypeError(`${file}: its name says ${named.date}, not --date ${request.date}`);
    const date = request.date ?? named?.date;
    if (!date)
      throw new TypeError(
        `${file}: name it like SAT's parts (l_RFC_YYYY_MM_DD_N.txt.gz, LCO_YYYY-MM-DD_N.XML.gz) or give --date`,
      );
    const list = named?.list ?? (await sniffList(file));
    const key = `${date} ${list === "rfc" ? 0 : 1}`;
    const group = groups.get(key) ?? { list, date, parts: [] };
    group.parts.push({
      name: basename(file),
      origin: pathToFileURL(resolve(file)).href,
      bytes: (await stat(file)).size,
      open: () => createReadStream(file),
    });
    groups.set(key, group);
  }
  const results: DateImport[] = [];
  for (const [, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const dateRequest = { ...request, date: group.date, parts: group.parts };
    results.push(
      group.list === "rfc"
        ? await importRfcList(database, dateRequest)
        : await importCertificateList(database, dateRequest),
    );
  }
  return results;
}

/** An XML document is the certificate list; anything else is read as the registered-RFC list. */
async function sniffList(file: string): Promise<RegistrationList> {
  const stream = createReadStream(file, { end: 1_000_000 });
  try {
    const part = await openPart(stream, { requireSignature: false });
    for await (const chunk of part.content)
      return /<(\?xml|\w+:LCO)/.test(Buffer.from(chunk).toString("latin1", 0, 4096)) ? "certificates" : "rfc";
  } catch {
    // Unreadable: the import itself reports why.
  } finally {
    stream.destroy();
  }
  return "rfc";
}
