/** Live lists come from SAT; sandbox lists from the sandbox, for `pdr_test_` keys. Never mixed. */
export const LIST_MODES = ["live", "sandbox"] as const;
export type ListMode = (typeof LIST_MODES)[number];

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
  override name = "ListDownloadError";
}

export type IngestRequest = {
  mode: ListMode;
  /** The file's name as published or on disk: with the header, it tells which list this is. */
  fileName: string;
  provenance: ListProvenance;
  minRowRatio: number;
  /** Replace the current version even when the new one has far fewer rows. */
  force?: boolean;
  /** The list the caller asked for (sync); a file that turns out to be another list is refused. */
  expectedListKey?: string;
  onProgress?: (progress: IngestProgress) => void;
};

export type SyncFileResult = {
  list: string;
  file: string;
  status: "replaced" | "unchanged" | "not_modified" | "rejected" | "failed";
  rows: number | null;
  content_date: string | null;
  attempts: number;
  reason?: string;
};
