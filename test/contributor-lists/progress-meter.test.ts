import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createProgressMeter } from "../../src/contributor-lists/progress-meter.ts";

describe("createProgressMeter", () => {
  it("on a terminal: files, bytes, rows (cumulative over files) and rate, redrawn in place", () => {
    const written: string[] = [];
    let clock = 0;
    const meter = createProgressMeter({ isTTY: true, write: (text) => written.push(text) }, () => clock);
    clock = 1_000;
    meter.update({ file: "Firmes.csv", fileIndex: 0, fileCount: 2, bytes: 2_000_000, rows: 20_000 });
    meter.finishFile();
    clock = 2_000;
    meter.update({ file: "Cancelados.csv", fileIndex: 1, fileCount: 2, bytes: 1_500_000, rows: 10_000 });
    meter.done();
    assert.deepEqual(written, [
      "\r\x1b[2Kfile 1/2 Firmes.csv  2.0 MB  20,000 rows  20,000 rows/s",
      "\r\x1b[2Kfile 2/2 Cancelados.csv  3.5 MB  30,000 rows  15,000 rows/s",
      "\r\x1b[2K",
    ]);
  });

  it("writes nothing when the output is not a terminal", () => {
    const written: string[] = [];
    const meter = createProgressMeter({ isTTY: false, write: (text) => written.push(text) });
    meter.update({ file: "Firmes.csv", fileIndex: 0, fileCount: 1, bytes: 10, rows: 1 });
    meter.done();
    assert.deepEqual(written, []);
  });
});
