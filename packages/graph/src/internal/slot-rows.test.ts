import { describe, expect, it } from "vitest";
import { SlotRows } from "./slot-rows.js";

describe("SlotRows", () => {
  it("gives each slot its own row, keeps it until released, and reuses released rows", () => {
    const rows = new SlotRows(3);
    const first = rows.claim(10);
    const second = rows.claim(4);
    expect(second).not.toBe(first);
    expect(rows.claim(10)).toBe(first);
    expect([rows.baseOf(10), rows.baseOf(4), rows.baseOf(5)]).toEqual([first, second, -1]);
    rows.values[first] = 7;
    rows.release(10);
    rows.release(10);
    expect(rows.size).toBe(1);
    expect(rows.baseOf(10)).toBe(-1);
    expect(rows.claim(99)).toBe(first);
  });

  it("keeps every row's numbers as it grows", () => {
    const rows = new SlotRows(8);
    for (let slot = 0; slot < 3_000; slot += 1) {
      // `values` is replaced as it grows: read after the claim.
      const base = rows.claim(slot * 7);
      rows.values[base + 5] = slot;
    }
    expect(rows.size).toBe(3_000);
    for (let slot = 0; slot < 3_000; slot += 1) expect(rows.values[rows.baseOf(slot * 7) + 5]).toBe(slot);
  });
});
