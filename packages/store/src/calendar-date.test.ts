/** The one calendar-date check: what the store's custom date fields and the API's date parameters accept. */
import { describe, expect, it } from "vitest";
import { isCalendarDate } from "./calendar-date.js";
import * as everything from "./index.js";
import * as vocabulary from "./vocabulary.js";

describe("isCalendarDate", () => {
  it("takes a real day written YYYY-MM-DD and nothing else", () => {
    for (const date of ["2026-01-31", "2028-02-29", "2000-02-29", "0001-01-01", "9999-12-31"]) expect(isCalendarDate(date), date).toBe(true);
    for (const text of ["2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-1-5", "2026-01-01T00:00:00Z", " 2026-01-01", "20260101", ""]) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });

  it("is the same function from both entries of the package", () => {
    expect(everything.isCalendarDate).toBe(isCalendarDate);
    expect(vocabulary.isCalendarDate).toBe(isCalendarDate);
  });
});
