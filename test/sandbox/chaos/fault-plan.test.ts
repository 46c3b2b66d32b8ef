import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createFaultPlan, FAULT_KINDS } from "../../../src/sandbox/chaos/fault-plan.ts";
import { createRng } from "../../../src/sandbox/chaos/rng.ts";

describe("FaultPlan", () => {
  it("never faults by default", () => {
    const plan = createFaultPlan();
    const rng = createRng(1);
    for (let i = 0; i < 1000; i++) assert.equal(plan.pickFault("renapo", rng), null);
  });

  it("faults about the share set at runtime, per upstream, across all kinds", () => {
    const plan = createFaultPlan();
    plan.set("padron", 0.25);
    const rng = createRng(2);
    const picks = Array.from({ length: 8000 }, () => plan.pickFault("padron", rng));
    const faults = picks.filter((kind) => kind !== null);
    assert.ok(faults.length > 1800 && faults.length < 2200, `faults ${faults.length}`);
    assert.deepEqual([...new Set(faults)].sort(), [...FAULT_KINDS].sort());
    assert.equal(plan.pickFault("renapo", rng), null);
  });

  it("restricts kinds, answers with a snapshot, and clears", () => {
    const plan = createFaultPlan();
    plan.set("commerce-registry", 1, ["timeout"]);
    plan.set("renapo", 1, ["garbage", "reset"]);
    const rng = createRng(3);
    assert.equal(plan.pickFault("commerce-registry", rng), "timeout");
    const kinds = new Set(Array.from({ length: 200 }, () => plan.pickFault("renapo", rng)));
    assert.deepEqual([...kinds].sort(), ["garbage", "reset"]);
    assert.deepEqual(Object.keys(plan.snapshot()).sort(), ["commerce-registry", "renapo"]);
    plan.clear("renapo");
    assert.equal(plan.pickFault("renapo", rng), null);
    plan.clear();
    assert.deepEqual(plan.snapshot(), {});
  });

  it("rejects shares outside 0..1 and unknown or empty kinds", () => {
    const plan = createFaultPlan();
    assert.throws(() => plan.set("renapo", 1.5), RangeError);
    assert.throws(() => plan.set("renapo", Number.NaN), RangeError);
    assert.throws(() => plan.set("renapo", 0.5, []), RangeError);
    assert.throws(() => plan.set("renapo", 0.5, ["explode" as never]), RangeError);
  });
});
