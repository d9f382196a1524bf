import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PairIndex } from "./pair-index.js";

describe("PairIndex", () => {
  it("finds a pair's slot in either order and forgets it once deleted", () => {
    const pairs = new PairIndex();
    pairs.set(7, 2, 0);
    pairs.set(2, 9, 1);
    expect([pairs.get(2, 7), pairs.get(7, 2), pairs.get(9, 2), pairs.get(7, 9)]).toEqual([0, 0, 1, -1]);
    expect(pairs.size).toBe(2);
    pairs.delete(0);
    expect([pairs.get(2, 7), pairs.get(2, 9), pairs.size]).toEqual([-1, 1, 1]);
    pairs.delete(0);
    expect(pairs.size).toBe(1);
  });

  it("grows past its first table and slot arrays and lists the live pairs in slot order", () => {
    const pairs = new PairIndex();
    const count = 5_000;
    for (let slot = 0; slot < count; slot += 1) pairs.set(slot + 1, slot % 97, slot);
    for (let slot = 0; slot < count; slot += 2) pairs.delete(slot);
    const listed: Array<[number, number, number]> = [];
    pairs.forEach((slot, low, high) => listed.push([slot, low, high]));
    expect(listed).toHaveLength(count / 2);
    expect(listed[0]).toEqual([1, 1, 2]);
    expect(listed.every(([slot, low, high]) => slot % 2 === 1 && low === Math.min(slot + 1, slot % 97) && high === Math.max(slot + 1, slot % 97))).toBe(true);
    expect(pairs.get(3_001, 90)).toBe(-1);
    expect(pairs.get(91, 3_002)).toBe(3_001);
  });

  it("behaves as a map from unordered pairs to slots over any sequence of edges made and dropped", () => {
    const step = fc.record({ first: fc.integer({ min: 0, max: 11 }), second: fc.integer({ min: 0, max: 11 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        const pairs = new PairIndex();
        const expected = new Map<string, number>();
        const free: number[] = [];
        let nextSlot = 0;
        for (const { first, second } of steps) {
          if (first === second) continue;
          const key = `${Math.min(first, second)}:${Math.max(first, second)}`;
          const slot = expected.get(key);
          if (slot === undefined) {
            // Slots are reused as the edge table reuses them.
            const allocated = free.pop() ?? nextSlot++;
            pairs.set(first, second, allocated);
            expected.set(key, allocated);
          } else {
            pairs.delete(slot);
            expected.delete(key);
            free.push(slot);
          }
        }
        for (let first = 0; first < 12; first += 1) {
          for (let second = 0; second < 12; second += 1) {
            if (first === second) continue;
            expect(pairs.get(first, second)).toBe(expected.get(`${Math.min(first, second)}:${Math.max(first, second)}`) ?? -1);
          }
        }
        expect(pairs.size).toBe(expected.size);
      }),
      { numRuns: 200 },
    );
  });
});
