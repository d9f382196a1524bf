/** parseMailDate: a mail Date header's instant, a day its month lacks being no date. */
import { describe, expect, it } from "vitest";
import { parseMailDate } from "./mail-date.js";

describe("parseMailDate", () => {
  it("reads RFC 5322 dates, with or without a day name, and their obsolete two-digit years", () => {
    expect(parseMailDate("Tue, 13 Oct 2026 09:00:00 +0200")).toBe(Date.UTC(2026, 9, 13, 7));
    expect(parseMailDate("13 Oct 2026 09:00:00 GMT")).toBe(Date.UTC(2026, 9, 13, 9));
    expect(parseMailDate("Thu, 29 Feb 2024 10:00:00 +0000")).toBe(Date.UTC(2024, 1, 29, 10));
    expect(parseMailDate("Sat, 31 Jan 26 10:00:00 +0000")).toBe(Date.UTC(2026, 0, 31, 10));
  });

  it("refuses a day its month lacks, where Date.parse rolls it into the next month", () => {
    for (const header of [
      "Mon, 30 Feb 2026 10:00:00 +0000",
      "30 February 2026 10:00 GMT",
      "Thu, 31 Apr 2026 10:00:00 -0700",
      "Sat, 29 Feb 2025 00:00:00 +0000",
      "Sun, 29 Feb 1900 00:00:00 +0000",
      "Mon, 30 Feb 26 10:00:00 +0000",
      "Mon Feb 30 10:00:00 2026",
      "Feb 30, 2026 10:00:00 GMT",
      "2026-02-30T10:00:00Z",
    ]) {
      expect(Date.parse(header), header).not.toBeNaN();
      expect(parseMailDate(header), header).toBeNaN();
    }
  });

  it("leaves other forms to Date.parse, an unreadable one NaN", () => {
    expect(parseMailDate("2026-10-13T09:00:00+02:00")).toBe(Date.UTC(2026, 9, 13, 7));
    expect(parseMailDate("Oct 13 2026 09:00:00 GMT")).toBe(Date.UTC(2026, 9, 13, 9));
    expect(parseMailDate("Monday")).toBeNaN();
    expect(parseMailDate("")).toBeNaN();
  });
});
