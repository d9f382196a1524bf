import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthWindow, secondWindow } from "./rate-limit-windows.js";

/** The windows worked out from nothing, as the kept ones must read. */
function expectedWindows(now: number) {
  const second = Math.floor(now / 1000);
  const date = new Date(now);
  const month = date.getUTCMonth();
  return {
    second: { id: String(second), resetAt: second + 1 },
    month: {
      id: `${date.getUTCFullYear()}-${String(month + 1).padStart(2, "0")}`,
      resetAt: Date.UTC(date.getUTCFullYear(), month + 1, 1) / 1000,
    },
  };
}

describe("rate-limit windows", () => {
  it("turn at the second and at 00:00:00 UTC on the 1st, either way round", () => {
    const newYear = Date.UTC(2027, 0, 1);
    expect(monthWindow(newYear - 1)).toEqual({ id: "2026-12", resetAt: newYear / 1000 });
    expect(monthWindow(newYear)).toEqual({ id: "2027-01", resetAt: Date.UTC(2027, 1, 1) / 1000 });
    expect(monthWindow(newYear - 1)).toEqual({ id: "2026-12", resetAt: newYear / 1000 });
    expect(secondWindow(newYear - 1)).toEqual({ id: String(newYear / 1000 - 1), resetAt: newYear / 1000 });
    expect(secondWindow(newYear)).toEqual({ id: String(newYear / 1000), resetAt: newYear / 1000 + 1 });
  });

  it("read the same as worked out afresh for any sequence of times, a clock set back included", () => {
    const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
    const near = fc.tuple(instant, fc.array(fc.integer({ min: -40 * 86_400_000, max: 40 * 86_400_000 }), { maxLength: 30 }));
    fc.assert(
      fc.property(near, ([start, steps]) => {
        let now = start;
        for (const step of [0, ...steps]) {
          now += step;
          const expected = expectedWindows(now);
          expect(secondWindow(now)).toEqual(expected.second);
          expect(monthWindow(now)).toEqual(expected.month);
        }
      }),
    );
  });
});
