import { describe, expect, it } from "vitest";
import { EdgeTable, emptyAggregate } from "./edge-table.js";

const HALF_LIFE = 1000;

describe("EdgeTable", () => {
  it("keeps masses anchored at the latest interaction, whatever the order they arrive in", () => {
    const forward = new EdgeTable();
    const backward = new EdgeTable();
    const first = forward.allocate();
    const second = backward.allocate();
    forward.accumulate(first, 0, HALF_LIFE, 1, "low");
    forward.accumulate(first, 1000, HALF_LIFE, 1, "meeting");
    backward.accumulate(second, 1000, HALF_LIFE, 1, "meeting");
    backward.accumulate(second, 0, HALF_LIFE, 1, "low");
    for (const [table, slot] of [[forward, first], [backward, second]] as const) {
      expect(table.read(slot)).toEqual({ ...emptyAggregate(), emailsLow: 1, meetings: 1, massEmailLow: 0.5, massMeeting: 1, anchorAt: 1000, firstAt: 0 });
    }
  });

  it("says when an edge's first interaction changes, so that copies of it know they are stale", () => {
    const table = new EdgeTable();
    const slot = table.allocate();
    expect(table.accumulate(slot, 500, HALF_LIFE, 1, "low")).toBe(false);
    expect(table.accumulate(slot, 900, HALF_LIFE, 1, "low")).toBe(false);
    expect(table.accumulate(slot, 100, HALF_LIFE, 1, "low")).toBe(true);
    expect(table.firstAt(slot)).toBe(100);
    expect(table.write(slot, table.read(slot))).toBe(false);
    expect(table.write(slot, { ...table.read(slot), firstAt: 900 })).toBe(true);
    expect(table.firstAt(slot)).toBe(900);
    table.release(slot);
    expect(table.firstAt(slot)).toBe(Infinity);
  });

  it("holds a remembered past view for its span, and forgets it when the edge changes or is released", () => {
    const table = new EdgeTable();
    const slot = table.allocate();
    const other = table.allocate();
    table.accumulate(slot, 100, HALF_LIFE, 1, "low");
    const { firstAt: _first, ...view } = { ...emptyAggregate(), emailsLow: 1, massEmailLow: 1, anchorAt: 100 };
    expect(table.pastView(slot, 150)).toBeUndefined();
    table.rememberPastView(slot, view, 200);
    expect(table.pastView(slot, 150)).toEqual(view);
    expect(table.pastView(other, 150)).toBeUndefined();
    expect([table.pastView(slot, 99), table.pastView(slot, 100), table.pastView(slot, 199), table.pastView(slot, 200)]).toEqual([undefined, view, view, undefined]);
    // A new interaction forgets the view.
    table.accumulate(slot, 120, HALF_LIFE, 1, "low");
    expect(table.pastView(slot, 150)).toBeUndefined();
    table.rememberPastView(slot, view, 200);
    expect(table.pastView(other, 150)).toBeUndefined();
    table.release(slot);
    expect(table.pastView(slot, 150)).toBeUndefined();
  });

  it("reuses released slots and starts them empty", () => {
    const table = new EdgeTable();
    const slot = table.allocate();
    table.accumulate(slot, 5, HALF_LIFE, 1, "high");
    table.release(slot);
    expect(table.live).toBe(0);
    expect(table.allocate()).toBe(slot);
    expect(table.read(slot)).toEqual(emptyAggregate());
  });

  it("grows and trims its columns", () => {
    const table = new EdgeTable();
    for (let index = 0; index < 2500; index += 1) table.accumulate(table.allocate(), index, HALF_LIFE, 1, "high");
    table.trim();
    expect(table.read(2499)).toMatchObject({ emailsHigh: 1, anchorAt: 2499, firstAt: 2499 });
    expect(table.live).toBe(2500);
  });
});
