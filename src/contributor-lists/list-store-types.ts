/** Live lists come from SAT; sandbox lists from the sandbox, for `pdr_test_` keys. Never mixed. */
export type ListMode = "live" | "sandbox";

export const LIST_MODES: readonly ListMode[] = ["live", "sandbox"];

/** Where a version's bytes came from (stored with the version). */
export type ListProvenance = {
  sourceUrl: string;
  etag: string | null;
  lastModified: string | null;
  /** The Content-Length the server announced; a body of another size is a truncated download. */
  expectedBytes: number | null;
};

export type IngestProgress = { bytes: number; rows: number };

/** A download or import that must not replace the current version (network failure, truncation). */
export class ListDownloadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ListDownloadError";
  }
}
