import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { insertRanked } from "./ranked-list.js";

describe("insertRanked", () => {
  it("keeps the highest `limit` items, highest first, ties in arrival order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }), fc.integer({ min: 0, max: 6 }), (values, limit) => {
        const kept: Array<{ value: number; arrival: number }> = [];
        values.forEach((value, arrival) => insertRanked(kept, { value, arrival }, limit, (left, right) => left.value > right.value));
        const expected = values
          .map((value, arrival) => ({ value, arrival }))
          .sort((left, right) => right.value - left.value || left.arrival - right.arrival)
          .slice(0, limit);
        expect(kept).toEqual(expected);
      }),
    );
  });
});
