import assert from "node:assert/strict";
import type { FileHandle } from "node:fs/promises";
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { flushingWriter } from "../../src/registration/flushing-writer.ts";

let dir = "";
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "flushing-writer-test-"));
});
after(() => rm(dir, { recursive: true, force: true }));

const bytesOf = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 7 + seed) % 251);

it("writes every byte in order, appended or at the positions given", async () => {
  const path = join(dir, "file");
  const file = await open(path, "w+");
  const write = flushingWriter(file, 1000);
  const [first, second, third] = [bytesOf(700, 1), bytesOf(900, 2), bytesOf(2500, 3)];
  await write(first);
  await write(second);
  await write(third, first.length + second.length);
  await write(first, 0);
  await file.close();
  assert.deepEqual(new Uint8Array(await readFile(path)), Uint8Array.from([...first, ...second, ...third]));
});

/** A file handle that takes at most `most` bytes per write, as a write(2) may, and counts its flushes. */
function shortWritingFile(most: number) {
  const written: number[] = [];
  const flushedAt: number[] = [];
  const file = {
    write: async (bytes: Uint8Array, offset: number, length: number) => {
      const taken = Math.min(length, most);
      written.push(...bytes.subarray(offset, offset + taken));
      return { bytesWritten: taken, buffer: bytes };
    },
    datasync: async () => void flushedAt.push(written.length),
  };
  return { file: file as unknown as FileHandle, written, flushedAt };
}

it("finishes short writes and flushes once per `everyBytes` written", async () => {
  const { file, written, flushedAt } = shortWritingFile(300);
  const write = flushingWriter(file, 1000);
  const chunks = [bytesOf(700, 1), bytesOf(700, 2), bytesOf(2500, 3), bytesOf(10, 4)];
  for (const chunk of chunks) await write(chunk);
  assert.deepEqual(
    written,
    chunks.flatMap((chunk) => [...chunk]),
  );
  assert.deepEqual(flushedAt, [1400, 3900], "after the writes that took it past 1,000 unflushed bytes");
});
