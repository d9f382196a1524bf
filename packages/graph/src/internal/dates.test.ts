import { describe, expect, it } from "vitest";
import { DAY_MILLISECONDS, toIsoDate, toIsoDateOrNull } from "./dates.js";

describe("dates", () => {
  it("formats epoch milliseconds as a UTC date", () => {
    expect(toIsoDate(Date.UTC(2026, 11, 1, 23, 59))).toBe("2026-12-01");
    expect(toIsoDate(Date.UTC(2026, 11, 1) - 1)).toBe("2026-11-30");
    expect(toIsoDateOrNull(null)).toBeNull();
    expect(DAY_MILLISECONDS).toBe(24 * 60 * 60 * 1000);
  });
});
