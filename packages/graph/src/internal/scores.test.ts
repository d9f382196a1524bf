import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareUuids, noisyOrOfLargest, prettyScore, roundScore } from "./scores.js";

describe("scores", () => {
  it("rounds to 9 decimals so that last-bit differences compare equal", () => {
    expect(roundScore(0.1 + 0.2)).toBe(roundScore(0.3));
    expect(roundScore(1 / 3)).toBe(0.333333333);
  });

  it("displays 0..100", () => {
    expect(prettyScore(0.355)).toBe(36);
    expect(prettyScore(0)).toBe(0);
    expect(prettyScore(1)).toBe(100);
  });

  it("displays round(100 × score) of the 9-decimal score, halves up, as its decimal digits say", () => {
    expect([0.135, 0.145, 0.285, 0.565, 0.575].map(prettyScore)).toEqual([14, 15, 29, 57, 58]);
    // Halves (x.xx5) are where binary floating point misreads 100 × score: one draw in two is one.
    const halves = fc.integer({ min: 0, max: 99 }).map((hundredths) => hundredths * 1e7 + 5e6);
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 1e9 }), halves), (billionths) => {
        const digits = String(billionths).padStart(10, "0");
        expect(prettyScore(roundScore(billionths / 1e9))).toBe(Number(digits.slice(0, 3)) + (Number(digits[3]) >= 5 ? 1 : 0));
      }),
    );
  });

  it("noisy-ORs the largest values only", () => {
    expect(noisyOrOfLargest([0.5, 0.5], 3)).toBe(0.75);
    expect(noisyOrOfLargest([0.1, 0.5, 0.2], 1)).toBe(0.5);
    expect(noisyOrOfLargest([], 3)).toBe(0);
  });

  it("takes the largest values strongest first, short or long, and leaves them as given", () => {
    const score = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.array(score, { maxLength: 40 }), fc.integer({ min: 1, max: 20 }), (values, count) => {
        const sorted = [...values].sort((left, right) => right - left);
        const expected = 1 - sorted.slice(0, count).reduce((missing, value) => missing * (1 - value), 1);
        const given = [...values];
        expect(noisyOrOfLargest(given, count)).toBe(expected);
        expect(given).toEqual(values);
      }),
    );
  });

  it("reads only the first `length` values when told", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 }), fc.nat(30), fc.integer({ min: 1, max: 5 }), (values, cut, count) => {
        const length = Math.min(cut, values.length);
        expect(noisyOrOfLargest(values, count, length)).toBe(noisyOrOfLargest(values.slice(0, length), count));
      }),
    );
  });

  it("compares uuids by code unit", () => {
    expect(["b", "B", "a"].sort(compareUuids)).toEqual(["B", "a", "b"]);
  });
});
