import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { readSignedData } from "./read-signed-data.ts";
import { SignedFileError } from "./signed-file-error.ts";
import type { SignerReport } from "./verify-signer.ts";

export type OpenedPart = {
  /** The part's text, gunzipped and unwrapped. */
  content: AsyncIterable<Uint8Array>;
  /** After `content` ended: who signed it, or null for a part that is not signed. */
  signer(): SignerReport | null;
};

/**
 * A part of SAT's lists as published (gzip → PKCS#7 SignedData → text) or any layer of it: gzip is
 * told by its magic bytes, a signed envelope by its leading SEQUENCE. An unsigned part is refused
 * when `requireSignature` (what SAT's container serves is always signed).
 */
export async function openPart(
  source: AsyncIterable<Uint8Array>,
  options: { requireSignature: boolean },
): Promise<OpenedPart> {
  let [first, rest] = await peek(source);
  if (first[0] === 0x1f && first[1] === 0x8b) [first, rest] = await peek(gunzip(rest));
  if (first[0] === 0x30) return readSignedData(rest);
  if (options.requireSignature) throw new SignedFileError("the part is not signed (no PKCS#7 envelope)");
  return { content: rest, signer: () => null };
}

function gunzip(source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const input = Readable.from(source, { objectMode: false });
  const output = createGunzip();
  input.on("error", (error) => output.destroy(error));
  output.on("error", () => input.destroy());
  return (async function* () {
    try {
      yield* input.pipe(output) as AsyncIterable<Uint8Array>;
    } catch (error) {
      throw new SignedFileError(`the gzip stream is broken or truncated (${(error as Error).message})`, {
        cause: error,
      });
    }
  })();
}

/** The first non-empty chunk, and the whole stream again (that chunk first). */
async function peek(source: AsyncIterable<Uint8Array>): Promise<[Uint8Array, AsyncIterable<Uint8Array>]> {
  const iterator = source[Symbol.asyncIterator]();
  let next = await iterator.next();
  while (!next.done && next.value.length === 0) next = await iterator.next();
  const first = next.done ? new Uint8Array(0) : next.value;
  const rest = (async function* () {
    if (first.length > 0) yield first;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
  return [first, rest];
}
