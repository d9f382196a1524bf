import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addSlot, firstPositionAfter, firstPositionFrom, removeSlot, slotsInTimeOrder, type SlotList } from "./time-ordered-slots.js";

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

  const emptyList = (): SlotList => ({ interactions: [], interactionsByTime: true, interactionsInTimeOrder: null });

  it("appends every slot, and keeps the list marked in time order until an earlier slot comes", () => {
    const list = emptyList();
    for (const slot of [0, 1, 2, 3]) addSlot(list, slot, times);
    expect(list).toEqual({ interactions: [0, 1, 2, 3], interactionsByTime: true, interactionsInTimeOrder: null });
    expect(slotsInTimeOrder(list, times)).toBe(list.interactions);
    addSlot(list, 4, times);
    expect(list).toEqual({ interactions: [0, 1, 2, 3, 4], interactionsByTime: false, interactionsInTimeOrder: null });
    addSlot(list, 3, times);
    expect(list.interactionsByTime).toBe(false);
  });

  it("gives a list out of time order a sorted copy, which takes later slots at its end and places earlier ones", () => {
    const occurredAt = new Float64Array([10, 20, 5, 30, 40, 1]);
    const list = emptyList();
    for (const slot of [0, 1, 2]) addSlot(list, slot, occurredAt);
    expect(slotsInTimeOrder(list, occurredAt)).toEqual([2, 0, 1]);
    expect(list.interactions).toEqual([0, 1, 2]);
    addSlot(list, 3, occurredAt);
    expect(list.interactionsInTimeOrder).toEqual({ slots: [2, 0, 1, 3], placed: 0 });
    removeSlot(list, 0);
    expect(list).toMatchObject({ interactions: [1, 2, 3], interactionsInTimeOrder: { slots: [2, 1, 3], placed: 0 } });
    addSlot(list, 5, occurredAt);
    expect(list.interactionsInTimeOrder).toEqual({ slots: [5, 2, 1, 3], placed: 1 });
    expect(slotsInTimeOrder(list, occurredAt)).toEqual([5, 2, 1, 3]);
  });

  it("drops a copy that has taken too many slots inside it, and makes it again when asked", () => {
    const occurredAt = Float64Array.from({ length: 100 }, (_, slot) => 1000 - slot);
    const list = emptyList();
    addSlot(list, 0, occurredAt);
    addSlot(list, 1, occurredAt);
    expect(slotsInTimeOrder(list, occurredAt)).toEqual([1, 0]);
    for (let slot = 2; slot < 34; slot += 1) addSlot(list, slot, occurredAt);
    expect(list.interactionsInTimeOrder?.placed).toBe(32);
    addSlot(list, 34, occurredAt);
    expect(list.interactionsInTimeOrder).toBeNull();
    expect(slotsInTimeOrder(list, occurredAt)).toEqual(Array.from({ length: 35 }, (_, position) => 34 - position));
  });

  /** The list's slots in time order are its slots, and in time order. */
  function expectInTimeOrder(list: SlotList, occurredAt: Float64Array): void {
    const ordered = [...slotsInTimeOrder(list, occurredAt)];
    expect([...ordered].sort((left, right) => left - right)).toEqual([...list.interactions].sort((left, right) => left - right));
    for (let position = 1; position < ordered.length; position += 1) expect(occurredAt[ordered[position - 1]!]!).toBeLessThanOrEqual(occurredAt[ordered[position]!]!);
  }

  it("always reads the same slots as the list, in time order, whatever comes and goes", () => {
    const change = fc.oneof(fc.record({ add: fc.integer({ min: 0, max: 79 }) }), fc.record({ read: fc.constant(true) }), fc.record({ remove: fc.nat() }));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 80, maxLength: 80 }), fc.array(change, { maxLength: 120 }), (drawn, changes) => {
        const occurredAt = new Float64Array(drawn);
        const list = emptyList();
        for (const step of changes) {
          if ("add" in step) {
            if (!list.interactions.includes(step.add)) addSlot(list, step.add, occurredAt);
          } else if ("remove" in step) {
            if (list.interactions.length > 0) removeSlot(list, list.interactions[step.remove % list.interactions.length]!);
          } else {
            expectInTimeOrder(list, occurredAt);
          }
        }
        expectInTimeOrder(list, occurredAt);
      }),
    );
  });
});
