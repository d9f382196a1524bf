/** parseMailDate: a mail Date header's instant, a day its month lacks being no date. */
import { describe, expect, it } from "vitest";
import { parseMailDate } from "./mail-date.js";

describe("parseMailDate", () => {
  it("reads RFC 5322 dates, with or without a day name, and their obsolete two- and three-digit years", () => {
    expect(parseMailDate("Tue, 13 Oct 2026 09:00:00 +0200")).toBe(Date.UTC(2026, 9, 13, 7));
    expect(parseMailDate("13 Oct 2026 09:00:00 GMT")).toBe(Date.UTC(2026, 9, 13, 9));
    expect(parseMailDate("Thu, 29 Feb 2024 10:00:00 +0000")).toBe(Date.UTC(2024, 1, 29, 10));
    expect(parseMailDate("Sat, 31 Jan 26 10:00:00 +0000")).toBe(Date.UTC(2026, 0, 31, 10));
    expect(parseMailDate("Sat, 31 Jan 126 10:00:00 +0000")).toBe(Date.UTC(2026, 0, 31, 10));
    expect(parseMailDate("31 Jan 99 10:00:00 +0000")).toBe(Date.UTC(1999, 0, 31, 10));
  });

  it("reads a leap second as its minute's last second (Date.parse read it as the first), and seconds past 60 as no date", () => {
    expect(parseMailDate("Sat, 31 Dec 2016 23:59:60 +0000")).toBe(Date.UTC(2016, 11, 31, 23, 59, 59));
    expect(parseMailDate("Sat, 31 Dec 2016 23:59:61 +0000")).toBeNaN();
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

  it("reads a time without a zone as UTC, not in the server's own time zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    try {
      expect(parseMailDate("Mon, 7 Dec 2026 07:00:00")).toBe(Date.UTC(2026, 11, 7, 7));
      expect(parseMailDate("Mon Dec  7 07:00:00 2026")).toBe(Date.UTC(2026, 11, 7, 7));
      expect(parseMailDate("2026-12-07T07:00:00")).toBe(Date.UTC(2026, 11, 7, 7));
      expect(parseMailDate("2026-12-07")).toBe(Date.UTC(2026, 11, 7));
      expect(parseMailDate("Mon, 7 Dec 2026 07:00:00 +0900 (JST)")).toBe(Date.UTC(2026, 11, 6, 22));
      expect(parseMailDate("Mon, 7 Dec 2026 07:00 EST")).toBe(Date.UTC(2026, 11, 7, 12));
      expect(parseMailDate("Mon Dec 07 2026 07:00:00 GMT-0300 (Brasilia Standard Time)")).toBe(Date.UTC(2026, 11, 7, 10));
      expect(parseMailDate("2026-12-07T07:00:00.5-03:00")).toBe(Date.UTC(2026, 11, 7, 10, 0, 0, 500));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("leaves other forms to Date.parse, an unreadable one NaN", () => {
    expect(parseMailDate("2026-10-13T09:00:00+02:00")).toBe(Date.UTC(2026, 9, 13, 7));
    expect(parseMailDate("Oct 13 2026 09:00:00 GMT")).toBe(Date.UTC(2026, 9, 13, 9));
    expect(parseMailDate("Monday")).toBeNaN();
    expect(parseMailDate("")).toBeNaN();
  });
});
