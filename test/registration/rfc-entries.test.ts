import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  decodeEntries,
  ENTRY_BYTES,
  encodeEntries,
  findEntry,
  type RfcRow,
} from "../../src/registration/rfc-entries.ts";
import { rfcKey, SANDBOX_KEY_OFFSET } from "../../src/registration/rfc-key.ts";

const row = (key: number, extra: Partial<RfcRow> = {}): RfcRow => ({
  key,
  since: 17_573,
  changed_on: 17_574,
  flags: 2,
  removed_on: null,
  ...extra,
});

describe("registered-RFC block entries: 14 bytes each, sorted, searched", () => {
  const rows = [
    row(0),
    row(rfcKey("AAAL890402J19", "live"), { flags: 1 }),
    row(rfcKey("CIFM750811MFA", "live"), { removed_on: 20_419, since: 65_535 }),
    row(2 ** 49 + 123_456_789, { flags: 3, changed_on: 1 }),
    row(rfcKey("ÑEXX800101AB1", "sandbox")),
    row(SANDBOX_KEY_OFFSET + 2 ** 50 - 1, { flags: 0 }),
  ];

  it("every field survives the round trip, the largest keys of either mode included", () => {
    const bytes = encodeEntries(rows);
    assert.equal(bytes.byteLength, rows.length * ENTRY_BYTES);
    assert.deepEqual(decodeEntries(bytes), rows);
  });

  it("keys are stored big-endian, so the bytes sort like the keys", () => {
    const bytes = encodeEntries(rows);
    const slices = rows.map((_, i) => Buffer.from(bytes.subarray(i * ENTRY_BYTES, i * ENTRY_BYTES + 7)));
    assert.deepEqual([...slices].sort(Buffer.compare), slices);
  });

  it("finds each key of a full block and nothing between them", () => {
    const keys = Array.from({ length: 128 }, (_, i) => 1_000 + i * 3);
    const bytes = encodeEntries(keys.map((key) => row(key, { flags: key % 4 })));
    for (const key of keys) assert.deepEqual(findEntry(bytes, key), row(key, { flags: key % 4 }));
    for (const key of [0, 999, 1_001, 1_002, 1_000 + 127 * 3 + 1])
      assert.equal(findEntry(bytes, key), null, `key ${key}`);
    assert.equal(findEntry(new Uint8Array(0), 1_000), null);
  });

  it("reads entries from a view into a larger buffer (as drivers hand them)", () => {
    const bytes = encodeEntries(rows);
    const larger = new Uint8Array(bytes.byteLength + 5);
    larger.set(bytes, 5);
    const inside = larger.subarray(5);
    assert.deepEqual(decodeEntries(inside), rows);
    assert.deepEqual(findEntry(inside, rows[2].key), rows[2]);
  });
});
