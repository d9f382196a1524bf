import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactlyExtended, forEachOwnerGroup, StagedSequence } from "./staged-appends.js";

describe("StagedSequence", () => {
  it("keeps values in order past its first capacity, and clear empties it", () => {
    const sequence = new StagedSequence();
    for (let value = 0; value < 3000; value += 1) sequence.push(value * 7 - 5);
    expect(sequence.length).toBe(3000);
    expect([sequence.at(0), sequence.at(1024), sequence.at(2999)]).toEqual([-5, 1024 * 7 - 5, 2999 * 7 - 5]);
    sequence.clear();
    expect(sequence.length).toBe(0);
  });
});

describe("forEachOwnerGroup", () => {
  it("gives each owner its entries in the order they came, owners lowest first", () => {
    const entries = fc.array(fc.tuple(fc.nat({ max: 5 }), fc.integer(), fc.integer()), { maxLength: 40 });
    fc.assert(
      fc.property(entries, fc.constantFrom(1 as const, 2 as const), (list, width) => {
        const seen: [number, number[]][] = [];
        forEachOwnerGroup(6, (add) => list.forEach(([owner, first, second]) => add(owner, first, second)), width, (owner, values, start, end) => {
          seen.push([owner, [...values.subarray(start, end)]]);
        });
        const expected: [number, number[]][] = [];
        for (let owner = 0; owner < 6; owner += 1) {
          const mine = list.filter(([entryOwner]) => entryOwner === owner);
          if (mine.length > 0) expected.push([owner, mine.flatMap(([, first, second]) => (width === 1 ? [first] : [first, second]))]);
        }
        expect(seen).toEqual(expected);
      }),
    );
  });
});

describe("exactlyExtended", () => {
  it("appends every stride-th value from the offset to a copy of the list, leaving the list as it was", () => {
    const list = [1, 2];
    const values = Int32Array.of(9, 5, 6, 7, 8, 9);
    expect(exactlyExtended(list, values, 1, 5, 1, 0)).toEqual([1, 2, 5, 6, 7, 8]);
    expect(exactlyExtended(list, values, 1, 5, 2, 0)).toEqual([1, 2, 5, 7]);
    expect(exactlyExtended(list, values, 1, 5, 2, 1)).toEqual([1, 2, 6, 8]);
    expect(exactlyExtended([], values, 2, 2, 1, 0)).toEqual([]);
    expect(list).toEqual([1, 2]);
  });
});
