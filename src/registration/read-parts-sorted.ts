import type { FileProgress } from "../contributor-lists/progress-meter.ts";
import { openPart } from "../signed-files/open-part.ts";
import { SignedFileError } from "../signed-files/signed-file-error.ts";
import type { SignerReport } from "../signed-files/verify-signer.ts";
import { sortRecords } from "./sort-records.ts";

/** A part to import: a local file or a finished download, opened as often as needed. */
export type PartSource = {
  name: string;
  origin: string;
  bytes: number | null;
  open(): AsyncIterable<Uint8Array>;
};

export type PartReport = { file: string; rows: number; skipped: number; signer: SignerReport | null };

/** How a list's parts are read: records of `width` numbers, counted as they are read. */
export type PartReader = {
  width: number;
  counts: { rows: number; skipped: number };
  read: (content: AsyncIterable<Uint8Array>) => AsyncIterable<Float64Array>;
};

/**
 * Every part of one list date read (unwrapped, signature checked, parsed) into one sorted stream of
 * records. The sort reads all parts before its first record comes out, so a part that is refused
 * fails that first read, before the caller writes anything.
 */
export function readPartsSorted(
  parts: readonly PartSource[],
  options: PartReader & {
    requireSignature: boolean;
    reports: PartReport[];
    onProgress?: (progress: FileProgress) => void;
  },
): AsyncIterable<Float64Array> {
  const { counts } = options;
  async function* records(): AsyncGenerator<Float64Array> {
    for (const [fileIndex, part] of parts.entries()) {
      const before = { ...counts };
      const progress: FileProgress = {
        file: part.name,
        fileIndex,
        fileCount: parts.length,
        bytes: 0,
        totalBytes: part.bytes,
        rows: 0,
      };
      const counted = (async function* () {
        for await (const chunk of part.open()) {
          progress.bytes += chunk.length;
          progress.rows = counts.rows - before.rows;
          options.onProgress?.(progress);
          yield chunk;
        }
      })();
      try {
        const opened = await openPart(counted, { requireSignature: options.requireSignature });
        yield* options.read(opened.content);
        options.reports.push({
          file: part.name,
          rows: counts.rows - before.rows,
          skipped: counts.skipped - before.skipped,
          signer: opened.signer(),
        });
      } catch (error) {
        // Of five parts, the operator (and the sync's last outcome) must know which one was refused.
        if (!(error instanceof SignedFileError)) throw error;
        throw new SignedFileError(`${part.name}: ${error.message}`, { cause: error });
      }
    }
  }
  return sortRecords(records(), options.width);
}
