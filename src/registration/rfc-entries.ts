/** A registered RFC's state; `removed_on` set = off the list since then. Dates are days since 1970. */
export type RfcState = { since: number; changed_on: number; flags: number; removed_on: number | null };
export type RfcRow = RfcState & { key: number };

/** Entries per block: 128 × 14 bytes keeps a PostgreSQL tuple under its 2 KB TOAST threshold. */
export const BLOCK_ENTRIES = 128;
/** key (7 bytes, big-endian), since, changed_on (uint16 days), flags (uint8), removed_on (uint16, 0 = none). */
export const ENTRY_BYTES = 14;
const HIGH = 2 ** 32;

export const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A block's entries, sorted by key, as bytes. */
export function encodeEntries(rows: readonly RfcRow[]): Uint8Array {
  const bytes = new Uint8Array(rows.length * ENTRY_BYTES);
  const data = view(bytes);
  for (let i = 0; i < rows.length; i++) writeEntry(data, i, rows[i]);
  return bytes;
}

/** Writes one entry at `index` of a block's bytes (seen through a DataView). */
export function writeEntry(data: DataView, index: number, row: RfcRow): void {
  const at = index * ENTRY_BYTES;
  const high = Math.floor(row.key / HIGH);
  data.setUint8(at, high >>> 16);
  data.setUint16(at + 1, high & 0xffff);
  data.setUint32(at + 3, row.key % HIGH);
  data.setUint16(at + 7, row.since);
  data.setUint16(at + 9, row.changed_on);
  data.setUint8(at + 11, row.flags);
  data.setUint16(at + 12, row.removed_on ?? 0);
}

export const entryCount = (bytes: Uint8Array) => bytes.byteLength / ENTRY_BYTES;

function keyAt(data: DataView, index: number): number {
  const at = index * ENTRY_BYTES;
  return ((data.getUint8(at) << 16) | data.getUint16(at + 1)) * HIGH + data.getUint32(at + 3);
}

function rowAt(data: DataView, index: number): RfcRow {
  const at = index * ENTRY_BYTES;
  const removed = data.getUint16(at + 12);
  return {
    key: keyAt(data, index),
    since: data.getUint16(at + 7),
    changed_on: data.getUint16(at + 9),
    flags: data.getUint8(at + 11),
    removed_on: removed === 0 ? null : removed,
  };
}

export function decodeEntries(bytes: Uint8Array): RfcRow[] {
  const data = view(bytes);
  return Array.from({ length: entryCount(bytes) }, (_, index) => rowAt(data, index));
}

/** The entry of `key` in a block, by binary search; null when the block does not hold it. */
export function findEntry(bytes: Uint8Array, key: number): RfcRow | null {
  const data = view(bytes);
  let low = 0;
  let high = entryCount(bytes) - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = keyAt(data, middle);
    if (found === key) return rowAt(data, middle);
    if (found < key) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}
