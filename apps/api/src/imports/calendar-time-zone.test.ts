import { describe, expect, it } from "vitest";
import { ianaTimeZoneOf } from "./calendar-time-zone.js";

describe("ianaTimeZoneOf", () => {
  it("keeps an IANA name and reads a Windows zone name (any case) as the zone CLDR gives it for the world", () => {
    expect(ianaTimeZoneOf("America/New_York")).toBe("America/New_York");
    expect(ianaTimeZoneOf("Pacific Standard Time")).toBe("America/Los_Angeles");
    expect(ianaTimeZoneOf("W. Europe Standard Time")).toBe("Europe/Berlin");
    expect(ianaTimeZoneOf("tokyo standard time")).toBe("Asia/Tokyo");
    expect(ianaTimeZoneOf("Mars/Olympus")).toBeNull();
    expect(ianaTimeZoneOf("(UTC-08:00) Pacific Time (US & Canada)")).toBeNull();
  });
});
