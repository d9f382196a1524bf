import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MILLISECONDS } from "./dates.js";
import { decayFactor } from "./decay.js";

describe("decayFactor", () => {
  it("halves per half-life and grows for negative elapsed time", () => {
    const halfLife = 90 * DAY_MILLISECONDS;
    expect(decayFactor(0, halfLife)).toBe(1);
    expect(decayFactor(halfLife, halfLife)).toBeCloseTo(0.5, 15);
    expect(decayFactor(3 * halfLife, halfLife)).toBeCloseTo(0.125, 15);
    expect(decayFactor(-halfLife, halfLife)).toBeCloseTo(2, 14);
  });

  it("agrees with 2^(-elapsed / halfLife) far below the 9 decimals scores keep", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20 * 365, max: 20 * 365 }), fc.integer({ min: 30, max: 3650 }), (elapsedDays, halfLifeDays) => {
        const elapsed = elapsedDays * DAY_MILLISECONDS;
        const halfLife = halfLifeDays * DAY_MILLISECONDS;
        const expected = 2 ** (-elapsed / halfLife);
        expect(Math.abs(decayFactor(elapsed, halfLife) - expected)).toBeLessThanOrEqual(expected * 1e-13);
      }),
      { numRuns: 500 },
    );
  });

  it("composes: decaying in two steps equals decaying once, far below 9 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 4000 }), (first, second) => {
        const halfLife = 180 * DAY_MILLISECONDS;
        const twoSteps = decayFactor(first * DAY_MILLISECONDS, halfLife) * decayFactor(second * DAY_MILLISECONDS, halfLife);
        expect(Math.abs(twoSteps - decayFactor((first + second) * DAY_MILLISECONDS, halfLife))).toBeLessThanOrEqual(1e-15);
      }),
      { numRuns: 300 },
    );
  });
});
