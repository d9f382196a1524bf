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
