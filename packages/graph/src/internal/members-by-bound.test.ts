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

describe("MembersByBound, an order kept with its list", () => {
  /** Bounds that count how often they are read. */
  const countingBounds = (keys: number[]) => {
    const bounds = { reads: 0, undecayedBound: (index: number) => (bounds.reads += 1, keys[index]!) };
    return bounds;
  };

  it("reads on from where the last ranking of the same list stopped, without reading its bounds again", () => {
    const keys = Array.from({ length: 200 }, (_, index) => (index * 37) % 200);
    const members = membersOf(keys);
    const bounds = countingBounds(keys);
    const order = new MembersByBound();
    order.begin(members, bounds);
    expect([0, 1].map((rank) => order.keyAt(rank))).toEqual([199, 198]);
    expect(bounds.reads).toBe(200);
    // Another list in between, then the first again: its two members given out stay, the third is popped.
    const other = [5, 4, 3];
    order.begin(membersOf(other), boundsOf(other));
    expect(order.keyAt(0)).toBe(5);
    order.begin(members, bounds);
    expect(bounds.reads).toBe(200);
    expect(order.readCount).toBe(2);
    expect([0, 1, 2].map((rank) => order.keyAt(rank))).toEqual([199, 198, 197]);
    expect(order.at(2)).toBe(keys.indexOf(197));
    expect(order.readCount).toBe(3);
  });

  it("orders the list afresh once forgotten, by the bounds as they are then", () => {
    const keys = [3, 9, 1, 7];
    const members = membersOf(keys);
    const order = new MembersByBound();
    order.begin(members, boundsOf(keys));
    expect(order.at(0)).toBe(1);
    keys[2] = 10;
    order.forget(members);
    order.begin(members, boundsOf(keys));
    expect([0, 1, 2, 3].map((rank) => order.at(rank))).toEqual([2, 1, 3, 0]);
    order.forgetAll();
    keys[0] = 11;
    order.begin(members, boundsOf(keys));
    expect(order.at(0)).toBe(0);
  });
});
