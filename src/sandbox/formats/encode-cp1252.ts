// Code points of bytes 0x80–0x9F in windows-1252 (WHATWG table). The five bytes cp1252 leaves
// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) are written for U+0081… as WHATWG decoders read them,
// so the sandbox can reproduce SAT's stray 0x8D byte (research §1.3).
const HIGH_CONTROL_RANGE = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];
const SPECIALS = new Map(HIGH_CONTROL_RANGE.map((codePoint, index) => [codePoint, 0x80 + index]));
const REPLACEMENT = 0x3f; // "?", what Windows writes for characters the code page lacks

/** One byte per character, `byteOf` its code point. */
function encode(text: string, byteOf: (codePoint: number) => number): Buffer {
  const bytes = Buffer.allocUnsafe(text.length);
  let length = 0;
  for (const char of text) bytes[length++] = byteOf(char.codePointAt(0)!);
  return bytes.subarray(0, length);
}

/** Encodes text as windows-1252; characters outside the code page become "?" (never throws). */
export const encodeCp1252 = (text: string): Buffer =>
  encode(text, (codePoint) =>
    codePoint < 0x80 || (codePoint >= 0xa0 && codePoint <= 0xff)
      ? codePoint
      : (SPECIALS.get(codePoint) ?? REPLACEMENT),
  );

/** Encodes text as ISO-8859-1 (latin-1); characters outside it become "?". */
export const encodeLatin1 = (text: string): Buffer =>
  encode(text, (codePoint) => (codePoint <= 0xff ? codePoint : REPLACEMENT));
