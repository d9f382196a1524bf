import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoDateTime } from "./iso-date-time.js";

const LIMIT = 8.64e15;

describe("isoDateTime", () => {
  it("writes exactly what toISOString writes, over the whole Date range", () => {
    fc.assert(
      fc.property(fc.integer({ min: -LIMIT, max: LIMIT }), (time) => {
        expect(isoDateTime(time)).toBe(new Date(time).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it("agrees at day edges, the epoch, negative and six-digit years", () => {
    for (const time of [0, -1, 1, 86_399_999, 86_400_000, -86_400_000, -86_400_001, LIMIT, -LIMIT, Date.UTC(2026, 10, 21, 23, 59, 59, 999), Date.UTC(10_000, 0, 1), Date.UTC(-1, 0, 1)]) {
      expect(isoDateTime(time)).toBe(new Date(time).toISOString());
    }
  });

  it("keeps null, and throws where toISOString throws", () => {
    expect(isoDateTime(null)).toBeNull();
    expect(() => isoDateTime(LIMIT + 1)).toThrow(RangeError);
    expect(() => isoDateTime(Number.NaN)).toThrow(RangeError);
    expect(isoDateTime(1.7)).toBe(new Date(1.7).toISOString());
  });
});
