import { describe, expect, it } from "vitest";
import { parseIsoTimestamp, parseIsoWindowEnd } from "./iso-timestamp.js";

describe("parseIsoTimestamp", () => {
  it("reads dates as UTC midnight and date-times with or without a zone", () => {
    expect(parseIsoTimestamp("2026-11-01")).toBe(Date.UTC(2026, 10, 1));
    expect(parseIsoTimestamp("2026-11-01T10:30:00Z")).toBe(Date.UTC(2026, 10, 1, 10, 30));
    expect(parseIsoTimestamp("2026-11-01T10:30:00")).toBe(Date.UTC(2026, 10, 1, 10, 30));
    expect(parseIsoTimestamp("2026-11-01T10:30:00+02:00")).toBe(Date.UTC(2026, 10, 1, 8, 30));
    expect(parseIsoTimestamp("2026-11-01T10:30:00.123Z")).toBe(Date.UTC(2026, 10, 1, 10, 30, 0, 123));
    // A leap second, which epoch time has no room for: the minute's last second.
    expect(parseIsoTimestamp("2016-12-31T23:59:60.5Z")).toBe(Date.UTC(2016, 11, 31, 23, 59, 59, 500));
  });

  it("reads ISO 8601's other spellings: an offset of hours alone (PostgreSQL's +00) and a decimal comma", () => {
    expect(parseIsoTimestamp("2026-11-01 10:30:00.123+00")).toBe(Date.UTC(2026, 10, 1, 10, 30, 0, 123));
    expect(parseIsoTimestamp("2026-11-01T10:30:00+05")).toBe(Date.UTC(2026, 10, 1, 5, 30));
    expect(parseIsoTimestamp("2026-11-01T10:30:00-08")).toBe(Date.UTC(2026, 10, 1, 18, 30));
    expect(parseIsoTimestamp("2026-11-01T10:30:00+0530")).toBe(Date.UTC(2026, 10, 1, 5));
    expect(parseIsoTimestamp("2026-11-01T10:30:00,5Z")).toBe(Date.UTC(2026, 10, 1, 10, 30, 0, 500));
    expect(parseIsoTimestamp("2026-11-01T10:30+05")).toBe(Date.UTC(2026, 10, 1, 5, 30));
    for (const text of ["2026-11-01T10:30:00+5", "2026-11-01T10:30:00+24", "2026-11-01T10:30:00.5,5Z"]) expect(parseIsoTimestamp(text), text).toBeNull();
  });

  it("rejects a date-time on a day its month lacks rather than rolling it into the next month", () => {
    for (const text of ["2026-02-30T10:00:00Z", "2026-02-29T10:00:00Z", "2026-04-31T10:00:00+02:00", "2026-02-31 10:00", "2026-01-00T10:00:00Z"]) {
      expect(parseIsoTimestamp(text), text).toBeNull();
    }
    expect(parseIsoTimestamp("2024-02-29T10:00:00Z")).toBe(Date.UTC(2024, 1, 29, 10));
    expect(parseIsoTimestamp("2026-12-31T23:30:00-01:00")).toBe(Date.UTC(2027, 0, 1, 0, 30));
  });

  it("rejects what is not ISO 8601 or not a real date", () => {
    for (const text of ["yesterday", "2026-13-01", "2026-02-30", "1700000000", "", "2026-11-01T25:00:00Z", "2016-12-31T23:59:61Z"]) {
      expect(parseIsoTimestamp(text), text).toBeNull();
    }
  });
});

describe("parseIsoWindowEnd", () => {
  it("reads a date alone as the end of that whole day (UTC), and a date-time as itself", () => {
    expect(parseIsoWindowEnd("2026-11-30")).toBe(Date.UTC(2026, 10, 30, 23, 59, 59, 999));
    expect(parseIsoWindowEnd(" 2026-11-30 ")).toBe(Date.UTC(2026, 10, 30, 23, 59, 59, 999));
    expect(parseIsoWindowEnd("2026-11-30T12:00:00Z")).toBe(Date.UTC(2026, 10, 30, 12));
    expect(parseIsoWindowEnd("2026-02-30")).toBeNull();
  });
});
