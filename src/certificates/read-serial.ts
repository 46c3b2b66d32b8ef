/**
 * SAT serials are 20 decimal digits stored as the ASCII bytes of the X.509 serial integer
 * (hex 3330303031… → "30001…"). Serials that are not ASCII digits are given in decimal.
 */
export function readSerial(integerBytes: Uint8Array): string {
  const bytes = integerBytes[0] === 0 && integerBytes.length > 1 ? integerBytes.subarray(1) : integerBytes;
  if (bytes.length > 0 && bytes.every((byte) => byte >= 0x30 && byte <= 0x39)) {
    return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  return value.toString();
}
