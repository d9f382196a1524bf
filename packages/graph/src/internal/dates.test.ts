import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MILLISECONDS, toIsoDate, toIsoDateOrNull } from "./dates.js";

describe("dates", () => {
  it("formats epoch milliseconds as a UTC date", () => {
    expect(toIsoDate(Date.UTC(2026, 11, 1, 23, 59))).toBe("2026-12-01");
    expect(toIsoDate(Date.UTC(2026, 11, 1) - 1)).toBe("2026-11-30");
    expect(toIsoDateOrNull(null)).toBeNull();
    expect(DAY_MILLISECONDS).toBe(24 * 60 * 60 * 1000);
  });

  it("formats any time as a fresh Date does, including before 1970 and after the remembered days are cleared", () => {
    // Times spread over the whole Date range (about 270,000 years each way), milliseconds included.
    const anyTime = fc.tuple(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 3_999_999 })).map(([coarse, fine]) => coarse * 4_000_000 + fine);
    fc.assert(
      fc.property(fc.array(anyTime, { minLength: 1, maxLength: 50 }), (times) => {
        for (const time of times) expect(toIsoDate(time)).toBe(new Date(time).toISOString().slice(0, 10));
      }),
      { numRuns: 400 },
    );
  });
});
