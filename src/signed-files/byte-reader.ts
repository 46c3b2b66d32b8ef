import { SignedFileError } from "./signed-file-error.ts";

const EMPTY = new Uint8Array(0);

/**
 * Pulls bytes from a stream on demand: single bytes and small reads for DER headers, and views of the
 * stream's own chunks for content, so a part hundreds of megabytes long is never held.
 */
export class ByteReader {
  #source: AsyncIterator<Uint8Array>;
  #chunk: Uint8Array = EMPTY;
  #offset = 0;
  #done = false;
  /** Bytes consumed so far. */
  position = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  async #fill(): Promise<boolean> {
    while (this.#offset >= this.#chunk.length) {
      if (this.#done) return false;
      const next = await this.#source.next();
      if (next.done) {
        this.#done = true;
        return false;
      }
      this.#chunk = next.value;
      this.#offset = 0;
    }
    return true;
  }

  async atEnd(): Promise<boolean> {
    return !(await this.#fill());
  }

  async readByte(): Promise<number> {
    if (!(await this.#fill())) throw truncated();
    this.position++;
    return this.#chunk[this.#offset++];
  }

  /** `length` bytes copied into one array: for headers and the small parts of an envelope. */
  async readBytes(length: number): Promise<Uint8Array> {
    const out = new Uint8Array(length);
    let filled = 0;
    for await (const piece of this.stream(length)) {
      out.set(piece, filled);
      filled += piece.length;
    }
    return out;
  }

  /** `length` bytes as views of the stream's chunks, valid until the next read. */
  async *stream(length: number): AsyncGenerator<Uint8Array> {
    let left = length;
    while (left > 0) {
      if (!(await this.#fill())) throw truncated();
      const take = Math.min(left, this.#chunk.length - this.#offset);
      const piece = this.#chunk.subarray(this.#offset, this.#offset + take);
      this.#offset += take;
      this.position += take;
      left -= take;
      yield piece;
    }
  }
}

const truncated = () => new SignedFileError("the signed envelope ends early (truncated file)");
