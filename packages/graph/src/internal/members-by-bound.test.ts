import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MembersByBound } from "./members-by-bound.js";

/** Members as the order reads them: person indices, and a key per index. */
const membersOf = (keys: number[]) => Int32Array.from(keys, (_, index) => index);
const boundsOf = (keys: number[]) => ({ undecayedBound: (index: number) => keys[index]! });
const key = fc.oneof(fc.double({ min: -50, max: 50, noNaN: true }), fc.constantFrom(-Infinity, Infinity, 0, 1));

describe("MembersByBound", () => {
  it("gives out every member once, keys never rising, each with its own key", () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 80 }), fc.array(key, { maxLength: 20 }), (keys, earlier) => {
        const order = new MembersByBound();
        // A scratch reused call after call: an order begun before over other members leaves nothing behind.
        order.begin(membersOf(earlier), boundsOf(earlier));
        order.at(earlier.length >> 1);
        order.begin(membersOf(keys), boundsOf(keys));
        const read: number[] = [];
        for (let rank = 0; order.at(rank) >= 0; rank += 1) {
          const member = order.at(rank);
          expect(order.keyAt(rank)).toBe(keys[member]);
          if (rank > 0) expect(order.keyAt(rank)).toBeLessThanOrEqual(order.keyAt(rank - 1));
          read.push(member);
        }
        expect(read.sort((left, right) => left - right)).toEqual(keys.map((_, index) => index));
        expect(order.at(keys.length)).toBe(-1);
        expect(order.keyAt(keys.length)).toBe(-Infinity);
        expect(order.readCount).toBe(keys.length);
      }),
      { numRuns: 300 },
    );
  });

  it("orders only as far as it is read", () => {
    const keys = Array.from({ length: 1000 }, (_, index) => (index * 7919) % 1000);
    const order = new MembersByBound();
    order.begin(membersOf(keys), boundsOf(keys));
    expect([0, 1, 2].map((rank) => order.keyAt(rank))).toEqual([999, 998, 997]);
    expect(order.readCount).toBe(3);
  });
});
