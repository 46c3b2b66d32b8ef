import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { appendFirstSnapshot } from "../../src/registration/append-first-snapshot.ts";
import { MERGED_ROWS_HELD, mergeRfcSnapshot } from "../../src/registration/merge-rfc-snapshot.ts";
import { blocksInKeyOrder } from "../../src/registration/rfc-blocks.ts";
import { BLOCK_ENTRIES, decodeEntries, type RfcRow } from "../../src/registration/rfc-entries.ts";
import { SANDBOX_KEY_OFFSET } from "../../src/registration/rfc-key.ts";
import { setRows } from "../../src/registration/rfc-rows.ts";
import { freshDatabase, type TestDatabase } from "../helpers/database.ts";

const DAY = 20_000;
const state = (flags = 0) => ({ since: DAY, changed_on: DAY, flags, removed_on: null });
/** A snapshot of `key * 4 + flags` values, sorted. */
const snapshotOfValues = (values: number[]) =>
  (async function* () {
    yield Float64Array.from(values.sort((a, b) => a - b));
  })();
const snapshotOf = (keys: readonly number[]) => snapshotOfValues(keys.map((key) => key * 4 + 1));

describe("registered RFCs in blocks: splits, moves, deletes, two modes", () => {
  let database: TestDatabase;
  before(async () => {
    database = await freshDatabase();
  });
  after(() => database.close());

  /** Every block checked (sorted, ≤ 128, first_key = its first entry, one mode), then its rows. */
  const blocksOf = async (offset: number) => {
    const blocks = await database.db
      .selectFrom("registered_rfc_blocks")
      .selectAll()
      .where("first_key", ">=", offset)
      .where("first_key", "<", offset + SANDBOX_KEY_OFFSET)
      .orderBy("first_key")
      .execute();
    let previous = -1;
    const sizes = blocks.map(({ first_key, entries }) => {
      const rows = decodeEntries(entries);
      assert.ok(
        rows.length > 0 && rows.length <= BLOCK_ENTRIES,
        `block ${first_key}: ${rows.length} entries`,
      );
      assert.equal(rows[0].key, first_key);
      for (const row of rows) {
        assert.ok(row.key > previous, `key ${row.key} after ${previous}`);
        assert.ok(row.key >= offset && row.key < offset + SANDBOX_KEY_OFFSET, `key ${row.key} in its mode`);
        previous = row.key;
      }
      return rows.length;
    });
    const rows: RfcRow[] = [];
    for await (const block of blocksInKeyOrder(database.db, offset)) rows.push(...block.rows);
    return { sizes, keys: rows.map((row) => row.key), rows };
  };

  // More blocks than the merge reads in one page (64), so it splits blocks behind its reader.
  const FIRST = 100 * BLOCK_ENTRIES + 44;

  it("the first snapshot appends full blocks in key order", async () => {
    const keys = Array.from({ length: FIRST }, (_, i) => 1_000 + i * 10);
    await appendFirstSnapshot(database, { listDate: DAY, snapshot: snapshotOf(keys) });
    const { sizes, rows } = await blocksOf(0);
    assert.deepEqual(sizes, [...Array(100).fill(BLOCK_ENTRIES), 44]);
    assert.deepEqual(
      rows,
      keys.map((key) => ({ key, ...state(1) })),
    );
  });

  it("a merge that adds between every key splits blocks behind its reader and reads each row once", async () => {
    const keys = Array.from({ length: 2 * FIRST }, (_, i) => 1_000 + i * 5);
    const changes = await mergeRfcSnapshot(database.db, {
      mode: "live",
      listDate: DAY + 1,
      snapshot: snapshotOf(keys),
    });
    assert.deepEqual(changes, { added: FIRST, removed: 0, restored: 0, flags: 0 });
    const { sizes, keys: stored } = await blocksOf(0);
    assert.deepEqual(stored, keys);
    assert.ok(sizes.length >= 200, `${2 * FIRST} entries in ${sizes.length} blocks`);
  });

  it("a key below the first block moves that block; a block emptied is deleted", async () => {
    const { keys: before, sizes } = await blocksOf(0);
    const lastBlock = before.slice(before.length - sizes[sizes.length - 1]);
    await setRows(database.db, [
      { key: 7, state: state(2) },
      ...lastBlock.map((key) => ({ key, state: null })),
    ]);
    const after = await blocksOf(0);
    assert.deepEqual(after.keys, [7, ...before.slice(0, before.length - lastBlock.length)]);
    assert.equal(after.sizes.length, sizes.length - 1);
    assert.deepEqual(after.rows[0], { key: 7, ...state(2) });
  });

  it("a batch over both modes fills each mode's own blocks", async () => {
    const sandbox = Array.from({ length: 200 }, (_, i) => SANDBOX_KEY_OFFSET + i);
    const live = (await blocksOf(0)).keys;
    await setRows(database.db, [
      ...sandbox.map((key) => ({ key, state: state() })),
      { key: SANDBOX_KEY_OFFSET - 1, state: state() },
    ]);
    assert.deepEqual((await blocksOf(SANDBOX_KEY_OFFSET)).keys, sandbox);
    assert.deepEqual((await blocksOf(0)).keys, [...live, SANDBOX_KEY_OFFSET - 1]);
  });

  it("the reader skips the parts of a block split behind it: each key is read once, in order", async () => {
    const reader = blocksInKeyOrder(database.db, 0, 1);
    const first = await reader.next();
    assert.ok(!first.done);
    const read = first.value.rows.map((row) => row.key);
    await setRows(
      database.db,
      read.map((key) => ({ key: key + 1, state: state() })),
    );
    for await (const block of reader) read.push(...block.rows.map((row) => row.key));
    const expected = (await blocksOf(0)).keys.filter(
      (key) => !read.slice(0, first.value.rows.length).includes(key - 1),
    );
    assert.deepEqual(read, expected);
  });

  it("a merge that adds more keys inside one block than it holds writes them in blocks of ≤ 128", async () => {
    // The last block runs from about key 130,000 to SANDBOX_KEY_OFFSET - 1: the new keys land inside it,
    // as many as fill the rows the merge holds; the block's last key, unchanged, is then never rewritten.
    const before = await blocksOf(0);
    const lastBlockBelow = before.sizes[before.sizes.length - 1] - 1;
    const added = Array.from({ length: MERGED_ROWS_HELD - lastBlockBelow }, (_, i) => 200_000 + i);
    const kept = before.rows.slice(10);
    const values = [...kept.map((row) => row.key * 4 + row.flags), ...added.map((key) => key * 4 + 1)];
    const changes = await mergeRfcSnapshot(database.db, {
      mode: "live",
      listDate: DAY + 2,
      snapshot: snapshotOfValues(values),
    });
    assert.deepEqual(changes, { added: added.length, removed: 10, restored: 0, flags: 0 });
    const after = await blocksOf(0);
    assert.deepEqual(
      after.keys,
      [...before.keys, ...added].sort((a, b) => a - b),
    );
    assert.deepEqual(
      after.rows.slice(0, 10).map((row) => row.removed_on),
      Array(10).fill(DAY + 2),
    );
  });
});

describe("a merge's writes of one flush, together", () => {
  let database: TestDatabase;
  before(async () => {
    database = await freshDatabase();
  });
  after(() => database.close());

  it("a block written early (past the rows a merge holds) and changed again keeps its last state", async () => {
    const old = Array.from({ length: BLOCK_ENTRIES }, (_, i) => 1_000 + i * 100_000);
    await appendFirstSnapshot(database, { listDate: DAY, snapshot: snapshotOf(old) });
    // With the first key, enough new keys before the second fill the rows the merge holds: the rest of
    // the block is written as a block of its own, then changed again by the last key's new flags.
    const added = Array.from({ length: MERGED_ROWS_HELD - 1 }, (_, i) => 1_001 + i);
    const values = [
      ...old.map((key, i) => key * 4 + (i === old.length - 1 ? 3 : 1)),
      ...added.map((key) => key * 4 + 1),
    ];
    const changes = await mergeRfcSnapshot(database.db, {
      mode: "live",
      listDate: DAY + 1,
      snapshot: snapshotOfValues(values),
    });
    assert.deepEqual(changes, { added: added.length, removed: 0, restored: 0, flags: 1 });
    const rows: RfcRow[] = [];
    for await (const block of blocksInKeyOrder(database.db, 0)) {
      assert.ok(block.rows.length <= BLOCK_ENTRIES && block.rows[0].key === block.firstKey);
      rows.push(...block.rows);
    }
    assert.deepEqual(
      rows.map((row) => row.key),
      [...old, ...added].sort((a, b) => a - b),
    );
    assert.deepEqual(rows.at(-1), {
      key: old.at(-1),
      since: DAY,
      changed_on: DAY + 1,
      flags: 3,
      removed_on: null,
    });
  });
});
