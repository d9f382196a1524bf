/**
 * A later export of a calendar shows a series changed (ended earlier, moved to another day): the occurrences an
 * earlier import stored that the series no longer has are marked cancelled, within the window only, and no meeting
 * of another UID or written otherwise is touched.
 */
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_OCCURRENCES_PER_SERIES, readIcs } from "./ics-source.js";
import { importArchive } from "./import-archive.js";
import { icsFile, vevent } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

const pair = ["ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:jordan@northwind.example"];
/** Weekly on Mondays from 2026-10-05 (or on another first day), 10:00 UTC, as `rule` says. */
const weekly = (uid: string, rule: string, start = "20261005T100000Z") => vevent([`UID:${uid}`, `DTSTART:${start}`, "DURATION:PT1H", `RRULE:${rule}`, "SUMMARY:Sync", ...pair]);
const monday = (day: number) => Date.UTC(2026, 9, 5 + 7 * day, 10);

async function importCalendar(name: string, components: string[], overrides: Parameters<typeof importRequest>[1] = {}) {
  const path = bed.file(name, icsFile(components));
  return importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics", overrides) });
}

async function statuses(): Promise<Record<string, string>> {
  const page = await bed.store.meetings.list(bed.tenantUuid, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 100 });
  return Object.fromEntries(page.rows.map((row) => [row.external_id ?? row.title, row.status]));
}

describe("ics import of a series changed since an earlier import", () => {
  it("cancels the occurrences of a series that ended earlier, as its dry run counts, and changes nothing when run again", async () => {
    await importCalendar("before.ics", [weekly("sync@x", "FREQ=WEEKLY;COUNT=6"), weekly("other@x", "FREQ=WEEKLY;COUNT=6")]);
    // Written otherwise: an id of the series' form that is no occurrence's key, and a meeting without one.
    await bed.store.meetings.create(bed.tenantUuid, { title: "Notes", starts_at: monday(4), attendees: [{ email: "ada@acme.example" }, { email: "jordan@northwind.example" }], external_id: "sync@x#notes" });
    await bed.store.meetings.create(bed.tenantUuid, { title: "Lunch", starts_at: monday(4), attendees: [{ email: "ada@acme.example" }, { email: "jordan@northwind.example" }] });
    // The series now ends after three occurrences; the other series is not in this export.
    const ended = [weekly("sync@x", "FREQ=WEEKLY;COUNT=3")];

    const dry = await importCalendar("after.ics", ended, { dryRun: true });
    expect(dry).toMatchObject({ items: { read: 3, written: 0, unchanged: 3 }, meetings: { new: 0, known: 3, updated: 3 } });
    expect(Object.values(await statuses()).filter((status) => status === "cancelled")).toEqual([]);

    const real = await importCalendar("after.ics", ended);
    expect(real).toMatchObject({ items: { read: 3, written: 0, unchanged: 3 }, meetings: { new: 0, known: 3, updated: 3 } });
    const after = await statuses();
    expect([0, 1, 2, 3, 4, 5].map((day) => after[`sync@x#${monday(day)}`])).toEqual(["confirmed", "confirmed", "confirmed", "cancelled", "cancelled", "cancelled"]);
    expect([0, 1, 2, 3, 4, 5].map((day) => after[`other@x#${monday(day)}`])).toEqual(Array(6).fill("confirmed"));
    expect([after["sync@x#notes"], after["Lunch"]]).toEqual(["confirmed", "confirmed"]);

    expect((await importCalendar("after.ics", ended)).meetings).toMatchObject({ known: 3, updated: 0 });
  });

  it("cancels the old occurrences of a series moved to another day, and none outside the export's window", async () => {
    await importCalendar("before.ics", [weekly("sync@x", "FREQ=WEEKLY;COUNT=6")]);
    // Moved to Tuesdays, read up to the fourth Monday's end: the fifth and sixth Mondays are outside the window.
    const window = { until: monday(3) + 3_600_000 };
    const summary = await importCalendar("moved.ics", [weekly("sync@x", "FREQ=WEEKLY;COUNT=6", "20261006T100000Z")], window);
    expect(summary.meetings).toMatchObject({ new: 3, updated: 4 });
    const after = await statuses();
    expect([0, 1, 2, 3, 4, 5].map((day) => after[`sync@x#${monday(day)}`])).toEqual(["cancelled", "cancelled", "cancelled", "cancelled", "confirmed", "confirmed"]);
    expect([0, 1, 2].map((day) => after[`sync@x#${monday(day) + 86_400_000}`])).toEqual(["confirmed", "confirmed", "confirmed"]);
  });

  it("says nothing of a series cut short: the occurrences stored past the cut are left as they are", async () => {
    const text = icsFile([vevent(["UID:minutely@x", "DTSTART:20261005T000000Z", "DURATION:PT1M", "RRULE:FREQ=MINUTELY", "SUMMARY:Tick", ...pair])]);
    const window = { since: Date.UTC(2026, 9, 5), until: Date.UTC(2026, 9, 5) + 2 * MAX_OCCURRENCES_PER_SERIES * 60_000, name: "cut.ics" };
    const entries = [];
    for await (const entry of readIcs(Readable.from([text]), null, window).entries) entries.push(entry);
    expect(entries.filter((entry) => "problem" in entry)).toHaveLength(1);
    expect(entries.filter((entry) => "series" in entry)).toEqual([]);
  });
});
