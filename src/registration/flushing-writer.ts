import type { FileHandle } from "node:fs/promises";

/** Bytes written between flushes: the most that another process's fsync may wait behind. */
export const FLUSH_EVERY_BYTES = 8 << 20;

export type FlushingWrite = (bytes: Uint8Array, position?: number) => Promise<void>;

/**
 * Writes to `file` and has the OS write it to disk every few megabytes, so a bulk file never leaves a
 * large dirty backlog in the page cache for the server's SQLite checkpoints (an fsync, on the request
 * thread) to wait behind, as PostgreSQL's `*_flush_after` settings do for its own writes (decision 0031).
 */
export function flushingWriter(file: FileHandle, everyBytes = FLUSH_EVERY_BYTES): FlushingWrite {
  let unflushed = 0;
  return async (bytes, position) => {
    for (let done = 0; done < bytes.length; ) {
      const at = position === undefined ? null : position + done;
      done += (await file.write(bytes, done, bytes.length - done, at)).bytesWritten;
    }
    unflushed += bytes.length;
    if (unflushed < everyBytes) return;
    unflushed = 0;
    await file.datasync();
  };
}
