import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunksOf } from "./chunks-of.js";

describe("chunksOf", () => {
  it("cuts a list into consecutive lists of at most the size, which join back into it", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 20 }), (items, size) => {
        const chunks = chunksOf(items, size);
        expect(chunks.flat()).toEqual(items);
        expect(chunks.every((chunk) => chunk.length >= 1 && chunk.length <= size)).toBe(true);
        expect(chunks.slice(0, -1).every((chunk) => chunk.length === size)).toBe(true);
      }),
    );
  });

  it("refuses a size below one, which would never end", () => {
    expect(() => chunksOf([1], 0)).toThrow(RangeError);
  });
});
