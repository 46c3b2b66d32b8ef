/** A safe integer's longest text: `-9007199254740991`. */
const INTEGER_BYTES = 17;
const BACKSLASH = 0x5c;
const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = new RegExp(SPECIAL.source, "g");
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * Rows of values (`width` per row) as COPY's text format, one buffer per batch, written straight into
 * bytes: strings concatenated per batch filled V8's old generation at 27 MB/s (decision 0047).
 */
export async function* copyTextChunks(
  batches: AsyncIterable<unknown[]>,
  width: number,
): AsyncGenerator<Buffer> {
  let out: Buffer<ArrayBuffer> = Buffer.allocUnsafe(1 << 16);
  for await (const values of batches) {
    let at = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const text = textOf(value);
      const room =
        text !== null ? 3 * text.length : value instanceof Uint8Array ? 3 + 2 * value.length : INTEGER_BYTES;
      if (at + room + 1 > out.length) out = grown(out, at, at + room + 1);
      if (text !== null) at += out.write(text, at, "utf8");
      else if (value instanceof Uint8Array) at = writeBytes(out, at, value);
      else at = writeInteger(out, at, value as number);
      out[at++] = (i + 1) % width === 0 ? 0x0a : 0x09;
    }
    yield Buffer.from(out.subarray(0, at));
  }
}

/** A value's text, escaped (`\\N` for null); null for bytes and safe integers, written as they are. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return "\\N";
  if (value instanceof Uint8Array || Number.isSafeInteger(value)) return null;
  return escaped(String(value));
}

/** The test first: a replace that finds nothing cost 4× as much, twice per row of a certificate list. */
function escaped(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(SPECIALS, (special) => ESCAPES[special]);
}

function grown(out: Buffer, used: number, needed: number): Buffer<ArrayBuffer> {
  const bigger = Buffer.allocUnsafe(Math.max(needed, out.length * 2));
  out.copy(bigger, 0, 0, used);
  return bigger;
}

function writeInteger(out: Buffer, at: number, value: number): number {
  let rest = value;
  if (rest < 0) {
    out[at++] = 0x2d;
    rest = -rest;
  }
  let digits = 1;
  for (let power = 10; power <= rest; power *= 10) digits++;
  for (let place = at + digits - 1; place >= at; place--) {
    out[place] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}

/** bytea as hex (`\x…`), its backslash escaped for the text format; Node's hex is 10× a loop's speed. */
function writeBytes(out: Buffer, at: number, bytes: Uint8Array): number {
  out[at++] = BACKSLASH;
  out[at++] = BACKSLASH;
  out[at++] = 0x78;
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
  return at + out.write(hex, at, "latin1");
}
