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

  it("writes a whole date outside years 0000 to 9999, in ISO 8601's expanded form, not its first ten characters", () => {
    expect(toIsoDate(Date.UTC(9999, 11, 31, 23, 59))).toBe("9999-12-31");
    expect(toIsoDate(Date.UTC(10000, 0, 1))).toBe("+010000-01-01");
    expect(toIsoDate(Date.parse("0000-01-01T00:00:00Z") - 1)).toBe("-000001-12-31");
    expect(toIsoDate(8.64e15)).toBe("+275760-09-13");
    expect(toIsoDate(-8.64e15)).toBe("-271821-04-20");
  });

  it("puts any time before the epoch, however close, on 1969-12-31", () => {
    for (const time of [-1, -0.5, -Number.MIN_VALUE, -1e-300]) expect(toIsoDate(time), String(time)).toBe("1969-12-31");
    for (const time of [0, -0, Number.MIN_VALUE, 0.5]) expect(toIsoDate(time), String(time)).toBe("1970-01-01");
  });

  it("formats any time as a fresh Date does, including before 1970 and after the remembered days are cleared", () => {
    // Times spread over the whole Date range (about 270,000 years each way), milliseconds included.
    const anyTime = fc.tuple(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 3_999_999 })).map(([coarse, fine]) => coarse * 4_000_000 + fine);
    fc.assert(
      fc.property(fc.array(anyTime, { minLength: 1, maxLength: 50 }), (times) => {
        for (const time of times) expect(toIsoDate(time)).toBe(new Date(time).toISOString().split("T")[0]);
      }),
      { numRuns: 400 },
    );
  });
});
