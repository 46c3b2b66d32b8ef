/** Where a download or import of several files (lists, l_RFC and LCO parts) is: the current file so far. */
export type FileProgress = {
  file: string;
  fileIndex: number;
  fileCount: number;
  bytes: number;
  rows: number;
  totalBytes?: number | null;
};

/** A one-line progress display (files, bytes, rows, rate) redrawn in place on a terminal. */
export type ProgressMeter = {
  /** `totalBytes`, when known, adds the current file's share done and an ETA. */
  update(state: FileProgress): void;
  /** Ends the current file: its counts join the totals. */
  finishFile(): void;
  done(): void;
};

type Output = { isTTY?: boolean; write(text: string): unknown };

export function createProgressMeter(out: Output, now: () => number = Date.now): ProgressMeter {
  const started = now();
  let lastDraw = 0;
  let doneBytes = 0;
  let doneRows = 0;
  let current = { bytes: 0, rows: 0 };
  let fileStarted = started;
  if (!out.isTTY) return { update() {}, finishFile() {}, done() {} };
  return {
    update(state) {
      current = state;
      if (now() - lastDraw < 100) return;
      lastDraw = now();
      const seconds = Math.max((lastDraw - started) / 1000, 0.001);
      const rows = doneRows + state.rows;
      const line =
        `file ${state.fileIndex + 1}/${state.fileCount} ${state.file}  ` +
        `${megabytes(doneBytes + state.bytes)}  ${rows.toLocaleString("en")} rows  ` +
        `${Math.round(rows / seconds).toLocaleString("en")} rows/s${eta(state, lastDraw - fileStarted)}`;
      out.write(`\r\x1b[2K${line}`);
    },
    finishFile() {
      doneBytes += current.bytes;
      doneRows += current.rows;
      current = { bytes: 0, rows: 0 };
      fileStarted = now();
    },
    done() {
      if (lastDraw > 0) out.write("\r\x1b[2K");
    },
  };
}

function eta(state: { bytes: number; totalBytes?: number | null }, elapsedMs: number): string {
  if (!state.totalBytes || state.bytes === 0) return "";
  const share = Math.min(state.bytes / state.totalBytes, 1);
  const left = Math.round(((elapsedMs / share) * (1 - share)) / 1000);
  return `  ${Math.round(share * 100)}%  ETA ${Math.floor(left / 60)}m${String(left % 60).padStart(2, "0")}s`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
