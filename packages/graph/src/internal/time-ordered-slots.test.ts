import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addSlot, firstPositionAfter, firstPositionFrom, type SlotList } from "./time-ordered-slots.js";

describe("time-ordered slots", () => {
  // Slot s happened at times[s].
  const times = new Float64Array([10, 20, 20, 30, 5]);

  it("finds the first slot at or after a time, and the first after it", () => {
    const slots = [0, 1, 2, 3];
    expect(firstPositionFrom(slots, times, 20)).toBe(1);
    expect(firstPositionAfter(slots, times, 20)).toBe(3);
    expect(firstPositionFrom(slots, times, 0)).toBe(0);
    expect(firstPositionAfter(slots, times, 30)).toBe(4);
    expect(firstPositionFrom([], times, 20)).toBe(0);
  });

  it("agrees with a scan for any ordered list and any time", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 }), fc.integer({ min: -5, max: 55 }), (drawn, at) => {
        const occurredAt = new Float64Array([...drawn].sort((left, right) => left - right));
        const slots = [...occurredAt.keys()];
        const scanFrom = slots.findIndex((slot) => occurredAt[slot]! >= at);
        const scanAfter = slots.findIndex((slot) => occurredAt[slot]! > at);
        expect(firstPositionFrom(slots, occurredAt, at)).toBe(scanFrom < 0 ? slots.length : scanFrom);
        expect(firstPositionAfter(slots, occurredAt, at)).toBe(scanAfter < 0 ? slots.length : scanAfter);
      }),
    );
  });

  it("appends every slot, and keeps the list marked in time order until an earlier slot comes", () => {
    const list: SlotList = { interactions: [], interactionsByTime: true };
    for (const slot of [0, 1, 2, 3]) addSlot(list, slot, times);
    expect(list).toEqual({ interactions: [0, 1, 2, 3], interactionsByTime: true });
    addSlot(list, 4, times);
    expect(list).toEqual({ interactions: [0, 1, 2, 3, 4], interactionsByTime: false });
    addSlot(list, 3, times);
    expect(list.interactionsByTime).toBe(false);
  });
});
