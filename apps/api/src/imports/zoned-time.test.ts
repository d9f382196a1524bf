import { describe, expect, it } from "vitest";
import { isKnownTimeZone, MAXIMUM_REMEMBERED_ZONES, rememberedZoneCount, zonedWallClockToEpoch } from "./zoned-time.js";

describe("zone names remembered", () => {
  it("stay bounded however many names calendars bring, and a zone in use still resolves", () => {
    for (let index = 0; index < MAXIMUM_REMEMBERED_ZONES + 50; index += 1) expect(isKnownTimeZone(`Soak/Zone_${index}`)).toBe(false);
    expect(rememberedZoneCount()).toBe(MAXIMUM_REMEMBERED_ZONES);
    expect(zonedWallClockToEpoch({ year: 2026, month: 11, day: 5, hour: 9, minute: 0, second: 0 }, "America/New_York")).toBe(Date.UTC(2026, 10, 5, 14));
    expect(rememberedZoneCount()).toBe(MAXIMUM_REMEMBERED_ZONES);
  });
});

describe("wall clock times at daylight saving changes", () => {
  const at = (day: string, time: string, zone: string) => {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const instant = zonedWallClockToEpoch({ year, month, day: date, hour, minute, second: 0 }, zone);
    return instant === null ? null : new Date(instant).toISOString();
  };
  it.each([
    // Shown twice: the first (summer time), east and west of Greenwich alike.
    ["2026-10-25", "01:30", "Europe/London", "2026-10-25T00:30:00.000Z"],
    ["2026-10-25", "02:30", "Europe/Berlin", "2026-10-25T00:30:00.000Z"],
    ["2026-11-01", "01:30", "America/New_York", "2026-11-01T05:30:00.000Z"],
    ["2026-04-05", "02:30", "Australia/Sydney", "2026-04-04T15:30:00.000Z"],
    // Skipped: the offset before the gap.
    ["2026-03-29", "01:30", "Europe/London", "2026-03-29T01:30:00.000Z"],
    ["2026-03-08", "02:30", "America/New_York", "2026-03-08T07:30:00.000Z"],
    // No change that day; a zone with a 45-minute offset; one that kept no daylight saving since 2019.
    ["2026-10-25", "03:00", "Europe/London", "2026-10-25T03:00:00.000Z"],
    ["2026-07-01", "09:00", "Asia/Kathmandu", "2026-07-01T03:15:00.000Z"],
    ["2026-11-03", "09:00", "America/Sao_Paulo", "2026-11-03T12:00:00.000Z"],
    ["2026-11-03", "09:00", "Mars/Olympus", null],
  ])("%s %s in %s is %s", (day, time, zone, expected) => {
    expect(at(day, time, zone)).toBe(expected);
  });
});
