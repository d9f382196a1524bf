import ICAL from "ical.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
const MAX_SERIES_STEPS = 50_000;
import { importArchive } from "./import-archive.js";
import { icsFile, vevent } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

/** Ten minutes of 2026-01-01: a window a series repeating every minute since 2025 reaches after 525,600 steps. */
const WINDOW = { since: Date.UTC(2026, 0, 1, 0, 0), until: Date.UTC(2026, 0, 1, 0, 10) };

const pair = ["ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:jordan@northwind.example"];
const meeting = (uid: string, start: string) => vevent([`UID:${uid}`, `DTSTART:${start}`, "SUMMARY:Check-in", ...pair]);
const series = (uid: string, start: string, rule: string) => vevent([`UID:${uid}`, `DTSTART:${start}`, "DURATION:PT1M", `RRULE:${rule}`, "SUMMARY:Every minute", ...pair]);

describe("ics import: the cost and the exceptions of each series", () => {
  it("cuts a series repeating every minute for a year before the window, reports it, and imports the rest", async () => {
    const path = bed.file(
      "minutely.ics",
      icsFile([meeting("before@x", "20260101T000100Z"), series("minutely@x", "20250101T000000Z", "FREQ=MINUTELY"), meeting("after@x", "20260101T000200Z")]),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics", WINDOW) });

    expect(summary).toMatchObject({ items: { read: 3, written: 2, failed: 1 }, meetings: { new: 2 } });
    expect(summary.problems.first).toEqual([
      { position: "event at line 11 (UID minutely@x)", message: expect.stringContaining(`takes more than ${MAX_SERIES_STEPS} recurrence steps`) },
    ]);
    const stored = await bed.store.meetings.list(bed.tenantUuid, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(stored.rows.map((row) => row.external_id)).toEqual(["before@x", "after@x"]);
  });

  it("cuts a series whose rule never matches (February 30th, daily), which ical.js would look for for ever", async () => {
    const path = bed.file("never.ics", icsFile([series("never@x", "20250101T000000Z", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"), meeting("after@x", "20260101T000200Z")]));
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics", WINDOW) });

    expect(summary).toMatchObject({ items: { read: 2, written: 1, failed: 1 }, meetings: { new: 1 } });
    expect(summary.problems.first[0]).toMatchObject({ position: "event at line 4 (UID never@x)", message: expect.stringContaining("recurrence steps") });
  });

  it("lets the event loop run while it steps through a series (an upload's import must not hold the server's requests)", async () => {
    // Two days of minutes ending before the window: 2,880 steps, a pause every STEPS_BETWEEN_PAUSES, none cut (a year's
    // 50,000 steps to the cut cost this test 3 s of processor time for the same pauses).
    const path = bed.file(
      "minutely.ics",
      icsFile([meeting("before@x", "20260101T000100Z"), series("minutely@x", "20251230T000000Z", "FREQ=MINUTELY;UNTIL=20251231T235900Z"), meeting("after@x", "20260101T000200Z")]),
    );
    let progressCalls = 0;
    let ranMeanwhile = false;
    let ranBeforeSecondBatch: boolean | null = null;
    await importArchive({
      store: bed.store,
      tenantUuid: bed.tenantUuid,
      input: { path },
      request: importRequest("ics", WINDOW),
      batchSize: 1,
      onProgress: () => {
        progressCalls += 1;
        // After the first meeting's batch: the series is expanded next, then the last meeting's batch is written.
        if (progressCalls === 1) setImmediate(() => (ranMeanwhile = true));
        if (progressCalls === 2) ranBeforeSecondBatch = ranMeanwhile;
      },
    });

    expect(ranBeforeSecondBatch).toBe(true);
    expect(progressCalls).toBe(2);
  });

  it("relates to a series only its own exceptions: another series' moved occurrence at the same time leaves it alone", async () => {
    const weekly = (uid: string, title: string, organizer: string) =>
      vevent([`UID:${uid}`, "DTSTART:20261102T100000Z", "DTEND:20261102T110000Z", "RRULE:FREQ=WEEKLY;COUNT=3", `SUMMARY:${title}`, `ORGANIZER:mailto:${organizer}`, "ATTENDEE:mailto:jordan@northwind.example"]);
    const moved = vevent(["UID:board@x", "RECURRENCE-ID:20261109T100000Z", "DTSTART:20261110T150000Z", "DTEND:20261110T160000Z", "SUMMARY:Board (moved)", "ORGANIZER:mailto:ben@acme.example", "ATTENDEE:mailto:jordan@northwind.example"]);
    const path = bed.file("two-series.ics", icsFile([weekly("sync@x", "Team sync", "ada@acme.example"), weekly("board@x", "Board", "ben@acme.example"), moved]));
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });

    expect(summary).toMatchObject({ items: { read: 6, written: 6, failed: 0 } });
    const november9 = Date.UTC(2026, 10, 9, 10);
    expect(await bed.store.meetings.findByExternalId(bed.tenantUuid, `sync@x#${november9}`)).toMatchObject({ title: "Team sync", starts_at: november9 });
    expect(await bed.store.meetings.findByExternalId(bed.tenantUuid, `board@x#${november9}`)).toMatchObject({ title: "Board (moved)", starts_at: Date.UTC(2026, 10, 10, 15) });
  });

  it("reads each event in time proportional to the calendar, not to its square: no event scans every other", async () => {
    const events = Array.from({ length: 2_000 }, (_unused, index) => meeting(`single-${index}@x`, "20260101T000300Z"));
    const path = bed.file("many.ics", icsFile(events));
    const hasProperty = vi.spyOn(ICAL.Component.prototype, "hasProperty");
    try {
      const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics", { ...WINDOW, dryRun: true }) });
      expect(summary.items.read).toBe(2_000);
      // A handful of property checks per event; each event's scan of all the others made it 2,000 per event.
      expect(hasProperty.mock.calls.length).toBeLessThan(20 * 2_000);
    } finally {
      hasProperty.mockRestore();
    }
  });
});
