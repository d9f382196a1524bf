/** The default calendar window of an import: calendar months and years, a day the month reached lacks being its last. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultWindow } from "./import-request.js";

const utc = (time: number) => new Date(time).toISOString();

describe("defaultWindow", () => {
  it("ends 6 months ahead and starts 3 years back on the day of the month, or the month's last when it lacks that day", () => {
    expect(utc(defaultWindow(Date.UTC(2026, 9, 13, 9, 30)).since)).toBe("2023-10-13T09:30:00.000Z");
    expect(utc(defaultWindow(Date.UTC(2026, 9, 13, 9, 30)).until)).toBe("2027-04-13T09:30:00.000Z");
    // 31 August plus 6 months was 3 March (2 in a leap year); 29 February less 3 years was 1 March.
    expect(utc(defaultWindow(Date.UTC(2026, 7, 31, 12)).until)).toBe("2027-02-28T12:00:00.000Z");
    expect(utc(defaultWindow(Date.UTC(2027, 7, 31, 12)).until)).toBe("2028-02-29T12:00:00.000Z");
    expect(utc(defaultWindow(Date.UTC(2028, 1, 29, 12)).since)).toBe("2025-02-28T12:00:00.000Z");
    expect(utc(defaultWindow(Date.UTC(2026, 11, 31)).until)).toBe("2027-06-30T00:00:00.000Z");
  });

  it("lands in the month 6 ahead and the month 36 back, on the same day or that month's last, at the same time of day", () => {
    const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
    const lastDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2200, 0, 1) }), (now) => {
        const start = new Date(now);
        for (const [time, months] of [[defaultWindow(now).until, 6], [defaultWindow(now).since, -36]] as const) {
          const moved = new Date(time);
          expect(monthIndex(moved)).toBe(monthIndex(start) + months);
          expect(moved.getUTCDate()).toBe(Math.min(start.getUTCDate(), lastDay(moved)));
          expect(time % 86_400_000).toBe(now % 86_400_000);
        }
      }),
    );
  });
});
