/** A one-line progress display (files, bytes, rows, rate) redrawn in place on a terminal. */
export type ProgressMeter = {
  update(state: { file: string; fileIndex: number; fileCount: number; bytes: number; rows: number }): void;
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
        `${Math.round(rows / seconds).toLocaleString("en")} rows/s`;
      out.write(`\r\x1b[2K${line}`);
    },
    finishFile() {
      doneBytes += current.bytes;
      doneRows += current.rows;
      current = { bytes: 0, rows: 0 };
    },
    done() {
      if (lastDraw > 0) out.write("\r\x1b[2K");
    },
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
