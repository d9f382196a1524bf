import iconv from "iconv-lite";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importArchive } from "./import-archive.js";
import type { ImportSummary } from "./import-summary.js";
import { BERLIN_VTIMEZONE, icsFile, vevent } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

const WEEKLY = "weekly-sync@acme.example";
const berlin = (date: string) => `TZID=Europe/Berlin:${date}`;

/** The weekly meeting in Berlin time (with an exception and two cancelled instances), a breakfast in New York time, and events to leave out. */
function calendar(options: { breakfastTitle?: string; cancelNovember9?: boolean; deleteOctober26?: boolean } = {}): string {
  return icsFile([
    BERLIN_VTIMEZONE,
    vevent([
      `UID:${WEEKLY}`,
      `DTSTART;${berlin("20261005T100000")}`,
      `DTEND;${berlin("20261005T110000")}`,
      "RRULE:FREQ=WEEKLY;COUNT=6",
      `EXDATE;${berlin("20261019T100000")}`,
      // As Outlook writes an occurrence deleted from its series.
      ...(options.deleteOctober26 ? [`EXDATE;${berlin("20261026T100000")}`] : []),
      "SUMMARY:Portfolio sync",
      "LOCATION:Room 4",
      "ORGANIZER;CN=Ada Park:mailto:ada@acme.example",
      "ATTENDEE;CN=Jordan Blake;PARTSTAT=ACCEPTED:mailto:jordan@northwind.example",
      "ATTENDEE;CN=Casey Lin;PARTSTAT=DECLINED:mailto:casey@globex.example",
      "ATTENDEE;CUTYPE=ROOM;CN=Room 4:mailto:room4@resource.acme.example",
    ]),
    vevent([
      `UID:${WEEKLY}`,
      `RECURRENCE-ID;${berlin("20261012T100000")}`,
      `DTSTART;${berlin("20261013T150000")}`,
      `DTEND;${berlin("20261013T160000")}`,
      "SUMMARY:Portfolio sync (moved)",
      "ORGANIZER;CN=Ada Park:mailto:ada@acme.example",
      "ATTENDEE;PARTSTAT=ACCEPTED:mailto:jordan@northwind.example",
      "ATTENDEE;PARTSTAT=DECLINED:mailto:casey@globex.example",
    ]),
    vevent([`UID:${WEEKLY}`, `RECURRENCE-ID;${berlin("20261102T100000")}`, `DTSTART;${berlin("20261102T100000")}`, "STATUS:CANCELLED", "SUMMARY:Portfolio sync"]),
    ...(options.cancelNovember9
      ? // As Google writes a cancelled instance: its organizer without its attendees (read as one participant, the
        // cancellation was left out and the stored meeting stayed confirmed).
        [vevent([`UID:${WEEKLY}`, `RECURRENCE-ID;${berlin("20261109T100000")}`, `DTSTART;${berlin("20261109T100000")}`, "STATUS:CANCELLED", "SUMMARY:Portfolio sync", "ORGANIZER;CN=Ada Park:mailto:ada@acme.example"])]
      : []),
    vevent([
      "UID:breakfast@acme.example",
      "DTSTART;TZID=America/New_York:20261105T090000",
      "DTEND;TZID=America/New_York:20261105T094500",
      `SUMMARY:${options.breakfastTitle ?? "Breakfast with Dana"}`,
      "ORGANIZER;CN=Ben Ode:mailto:ben@acme.example",
      "ATTENDEE;CN=Dana Wu;PARTSTAT=NEEDS-ACTION:mailto:dana@initech.example",
    ]),
    vevent(["UID:focus@acme.example", "DTSTART:20261020T080000Z", "DTEND:20261020T100000Z", "SUMMARY:Focus time", "ORGANIZER:mailto:ada@acme.example"]),
    vevent(["UID:offsite@acme.example", "DTSTART;VALUE=DATE:20261022", "SUMMARY:Offsite", "ATTENDEE:mailto:ada@acme.example", "ATTENDEE:mailto:ben@acme.example"]),
    vevent(["UID:old@acme.example", "DTSTART:20200101T100000Z", "SUMMARY:Long ago", "ATTENDEE:mailto:ada@acme.example", "ATTENDEE:mailto:jordan@northwind.example"]),
    vevent(["UID:broken@acme.example", "DTSTART:garbage", "SUMMARY:Broken"]),
  ]);
}

function counts(summary: ImportSummary) {
  const { dry_run: _dryRun, duration_ms: _duration, ...rest } = summary;
  return rest;
}

async function meetingsByKey() {
  const page = await bed.store.meetings.list(bed.tenantUuid, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 });
  return new Map(page.rows.map((meeting) => [meeting.external_id, meeting]));
}

describe("ics import", () => {
  it("expands the weekly meeting in its time zone, applies the exception, leaves out cancelled instances, rooms and non-meetings", async () => {
    const path = bed.file("calendar.ics", calendar());
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics"), owner: bed.ada });

    expect(summary).toMatchObject({
      items: { read: 11, written: 5, unchanged: 0, skipped: 5, failed: 1 },
      meetings: { new: 5, known: 0, updated: 0, cancelled_skipped: 2 },
      persons: { matched: 3, created: 2 },
      // The EXDATE's occurrence is a cancelled one, as the cancelled instance is.
      skipped: { cancelled: 2, "fewer than two participants": 1, "all-day event": 1, "outside the window": 1 },
      owner: { user_uuid: bed.ada.uuid, appearances: 6 },
    });
    expect(summary.problems.first).toEqual([{ position: "event at line 80 (UID broken@acme.example)", message: expect.stringContaining("invalid date-time value") }]);

    const persons = await bed.personsByKey();
    expect([...persons.keys()].sort()).toEqual(["ada@acme.example", "ben@acme.example", "casey@globex.example", "dana@initech.example", "jordan@northwind.example"]);
    const casey = persons.get("casey@globex.example")!.uuid;
    const dana = persons.get("dana@initech.example")!.uuid;
    expect(persons.get("dana@initech.example")?.name).toBe("Dana Wu");

    const meetings = await meetingsByKey();
    const weekly = (day: number, hourUtc: number) => `${WEEKLY}#${Date.UTC(2026, day < 100 ? 9 : 10, day % 100, hourUtc)}`;
    expect([...meetings.keys()].sort()).toEqual([weekly(5, 8), weekly(12, 8), weekly(26, 9), weekly(109, 9), "breakfast@acme.example"].sort());
    const sync = {
      title: "Portfolio sync",
      status: "confirmed",
      location: "Room 4",
      organizer_person_uuid: bed.ada.person_uuid,
      created_by_user_uuid: bed.ada.uuid,
      attendees: expect.arrayContaining([
        { person_uuid: bed.ada.person_uuid, response: "accepted" },
        { person_uuid: bed.jordan.uuid, response: "accepted" },
        { person_uuid: casey, response: "declined" },
      ]),
    };
    expect(meetings.get(weekly(5, 8))).toMatchObject({ ...sync, starts_at: Date.UTC(2026, 9, 5, 8), ends_at: Date.UTC(2026, 9, 5, 9) });
    expect(meetings.get(weekly(26, 9))).toMatchObject({ ...sync, starts_at: Date.UTC(2026, 9, 26, 9), ends_at: Date.UTC(2026, 9, 26, 10) });
    expect(meetings.get(weekly(109, 9))).toMatchObject({ ...sync, starts_at: Date.UTC(2026, 10, 9, 9) });
    expect(meetings.get(weekly(12, 8))).toMatchObject({ ...sync, title: "Portfolio sync (moved)", location: null, starts_at: Date.UTC(2026, 9, 13, 13), ends_at: Date.UTC(2026, 9, 13, 14) });
    for (const meeting of meetings.values()) expect(meeting.attendees).toHaveLength(meeting.external_id === "breakfast@acme.example" ? 2 : 3);
    expect(meetings.get("breakfast@acme.example")).toMatchObject({
      title: "Breakfast with Dana",
      starts_at: Date.UTC(2026, 10, 5, 14),
      ends_at: Date.UTC(2026, 10, 5, 14, 45),
      organizer_person_uuid: bed.ben.person_uuid,
      attendees: expect.arrayContaining([
        { person_uuid: bed.ben.person_uuid, response: "accepted" },
        { person_uuid: dana, response: "accepted" },
      ]),
    });
  });

  it("adds nothing when re-run, takes changes and cancellations from a newer export, and a dry run writes nothing", async () => {
    const path = bed.file("calendar.ics", calendar());
    const before = bed.rowCounts();
    const dry = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics", { dryRun: true }) });
    expect(bed.rowCounts()).toEqual(before);
    const real = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(counts(dry)).toEqual(counts(real));

    const afterFirst = bed.rowCounts();
    const again = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(bed.rowCounts()).toEqual(afterFirst);
    expect(again).toMatchObject({ items: { written: 0, unchanged: 5 }, meetings: { new: 0, known: 5, updated: 0, cancelled_skipped: 2 }, persons: { matched: 0, created: 0 } });

    const newer = bed.file("newer.ics", calendar({ breakfastTitle: "Breakfast with Dana and Ben", cancelNovember9: true, deleteOctober26: true }));
    const dryNewer = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: newer }, request: importRequest("ics", { dryRun: true }) });
    expect(bed.rowCounts()).toEqual(afterFirst);
    const update = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: newer }, request: importRequest("ics") });
    expect(counts(dryNewer)).toEqual(counts(update));
    expect(update).toMatchObject({ meetings: { new: 0, known: 2, updated: 3, cancelled_skipped: 2 } });
    const meetings = await meetingsByKey();
    expect(meetings.get(`${WEEKLY}#${Date.UTC(2026, 10, 9, 9)}`)?.status).toBe("cancelled");
    // Deleted from the series since the first import: it stayed confirmed, a meeting that never took place.
    expect(meetings.get(`${WEEKLY}#${Date.UTC(2026, 9, 26, 9)}`)?.status).toBe("cancelled");
    expect(meetings.get("breakfast@acme.example")?.title).toBe("Breakfast with Dana and Ben");
    expect(bed.rowCounts().meetings).toBe(afterFirst.meetings);
  });

  it("merges an attendee the calendar lists twice (the API refuses that), an accepting entry winning", async () => {
    const path = bed.file(
      "twice.ics",
      icsFile([
        vevent([
          "UID:twice@acme.example",
          "DTSTART:20261020T080000Z",
          "SUMMARY:Listed twice",
          "ORGANIZER:mailto:ada@acme.example",
          "ATTENDEE;PARTSTAT=DECLINED:mailto:jordan@northwind.example",
          "ATTENDEE;PARTSTAT=ACCEPTED:mailto:Jordan@northwind.example",
        ]),
      ]),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(summary.meetings.new).toBe(1);
    const meeting = (await meetingsByKey()).get("twice@acme.example")!;
    expect(meeting.attendees).toHaveLength(2);
    expect(meeting.attendees.map((attendee) => attendee.response)).toEqual(["accepted", "accepted"]);
  });

  it("reads a Windows zone name no VTIMEZONE defines (Outlook, Exchange) as its IANA zone, daylight saving time included", async () => {
    const people = ['ORGANIZER;CN="Carol Lee":MAILTO:Carol@Acme.Example', 'ATTENDEE;CN="Bob Ode";RSVP=TRUE:MAILTO:bob@partner.example'];
    const path = bed.file(
      "outlook.ics",
      icsFile([
        vevent([
          "UID:040000008200E00074C5B7101A82E008000000001",
          'DTSTART;TZID="Pacific Standard Time":20261020T093000',
          'DTEND;TZID="Pacific Standard Time":20261020T100000',
          "RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=TU",
          'EXDATE;TZID="Pacific Standard Time":20261027T093000',
          "SUMMARY;LANGUAGE=en-us:Pipeline review",
          ...people,
        ]),
        vevent([
          "UID:berlin-call",
          'DTSTART;TZID="W. Europe Standard Time":20261110T100000',
          'DTEND;TZID="W. Europe Standard Time":20261110T110000',
          "SUMMARY:Berlin call",
          ...people,
        ]),
      ]),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 4, written: 3, failed: 0 }, meetings: { new: 3, cancelled_skipped: 1 }, problems: { count: 0 } });
    const meetings = [...(await meetingsByKey()).values()].map((meeting) => [meeting.title, meeting.starts_at, meeting.ends_at]);
    expect(meetings).toEqual([
      // 09:30 Pacific daylight time (UTC-7), then standard time (UTC-8) after 1 November.
      ["Pipeline review", Date.UTC(2026, 9, 20, 16, 30), Date.UTC(2026, 9, 20, 17)],
      ["Pipeline review", Date.UTC(2026, 10, 3, 17, 30), Date.UTC(2026, 10, 3, 18)],
      ["Berlin call", Date.UTC(2026, 10, 10, 9), Date.UTC(2026, 10, 10, 10)],
    ]);
  });

  it("drops an occurrence whose EXDATE is written in UTC while the series is in a zone no VTIMEZONE defines", async () => {
    const people = ['ORGANIZER;CN="Carol Lee":MAILTO:carol@acme.example', "ATTENDEE:MAILTO:bob@partner.example"];
    const path = bed.file(
      "outlook.ics",
      icsFile([
        vevent([
          "UID:pacific-weekly",
          'DTSTART;TZID="Pacific Standard Time":20261014T173000',
          "RRULE:FREQ=WEEKLY;COUNT=3",
          // 17:30 Pacific daylight time on 21 October.
          "EXDATE:20261022T003000Z",
          "SUMMARY:Pipeline review",
          ...people,
        ]),
        vevent([
          "UID:new-york-weekly",
          "DTSTART;TZID=America/New_York:20261014T090000",
          "RRULE:FREQ=WEEKLY;COUNT=3",
          "EXDATE:20261028T130000Z",
          "SUMMARY:Standup",
          ...people,
        ]),
      ]),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 6, written: 4, failed: 0 }, meetings: { new: 4, cancelled_skipped: 2 } });
    const meetings = [...(await meetingsByKey()).values()].map((meeting) => [meeting.title, meeting.starts_at]);
    expect(meetings).toEqual([
      ["Standup", Date.UTC(2026, 9, 14, 13)],
      ["Pipeline review", Date.UTC(2026, 9, 15, 0, 30)],
      ["Standup", Date.UTC(2026, 9, 21, 13)],
      ["Pipeline review", Date.UTC(2026, 9, 29, 0, 30)],
    ]);
  });

  it("names attendees whose CN is 'Last, First' by first name then last, and one whose CN is its address as no name", async () => {
    const path = bed.file(
      "exchange.ics",
      icsFile([
        vevent([
          "UID:names",
          "DTSTART:20261105T100000Z",
          "SUMMARY:Review",
          'ORGANIZER;CN="Lee, Carol":MAILTO:carol@acme.example',
          'ATTENDEE;CN="\'Bob@Partner.example\'":MAILTO:bob@partner.example',
        ]),
      ]),
    );
    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    const persons = await bed.personsByKey();
    expect(persons.get("carol@acme.example")?.name).toBe("Carol Lee");
    expect(persons.get("bob@partner.example")?.name).toBe("bob@partner.example");
  });

  it("names a person first seen by address alone (by mail, or an attendee without CN) with a later CN, and keeps a name already given", async () => {
    await bed.store.emails.ingest(bed.tenantUuid, { message_id: "<n@partner.example>", sent_at: Date.UTC(2026, 9, 1), from: { email: "dana@partner.example" }, to: [{ email: "ada@acme.example" }] });
    const typed = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "cleo", emails: ["cleo@partner.example"] });
    const path = bed.file(
      "partner.ics",
      icsFile([
        vevent(["UID:first", "DTSTART:20261105T100000Z", "SUMMARY:Intro", "ORGANIZER:MAILTO:ada@acme.example", "ATTENDEE:MAILTO:bob@partner.example"]),
        vevent([
          "UID:second",
          "DTSTART:20261106T100000Z",
          "SUMMARY:Review",
          "ORGANIZER:MAILTO:ada@acme.example",
          'ATTENDEE;CN="Partner, Bob":MAILTO:bob@partner.example',
          "ATTENDEE;CN=Dana Wu:MAILTO:dana@partner.example",
          "ATTENDEE;CN=Cleo Smith:MAILTO:cleo@partner.example",
        ]),
      ]),
    );
    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    const persons = await bed.personsByKey();
    expect(persons.get("bob@partner.example")?.name).toBe("Bob Partner");
    expect(persons.get("dana@partner.example")?.name).toBe("Dana Wu");
    expect(persons.get("cleo@partner.example")?.name).toBe(typed.name);
  });

  it("names a person known only by address with the CN of an occurrence already stored as it is (a calendar imported again)", async () => {
    const occurrence = (bob: string) =>
      icsFile([vevent(["UID:again", "DTSTART:20261105T100000Z", "DTEND:20261105T110000Z", "SUMMARY:Intro", "ORGANIZER;CN=Someone Else:MAILTO:ada@acme.example", `ATTENDEE${bob}:MAILTO:bob@partner.example`])]);
    // As an earlier import stored it: Bob without a CN, so named after his address.
    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: bed.file("first.ics", occurrence("")) }, request: importRequest("ics") });
    const [stored] = (await meetingsByKey()).values();
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: bed.file("again.ics", occurrence(';CN="Partner, Bob"')) }, request: importRequest("ics") });
    expect(summary.meetings).toMatchObject({ new: 0, updated: 0, known: 1 });
    const persons = await bed.personsByKey();
    expect(persons.get("bob@partner.example")?.name).toBe("Bob Partner");
    expect(persons.get("ada@acme.example")?.name).toBe(bed.ada.name);
    expect((await bed.store.meetings.get(bed.tenantUuid, stored!.uuid))?.updated_at).toBe(stored!.updated_at);
  });

  it("keys the occurrences of a Windows zone name as earlier imports did (read as UTC), so a new import of the calendar corrects them in place", async () => {
    const uid = "040000008200E00074C5B7101A82E008000000002";
    const series = (start: string) =>
      icsFile([
        vevent([
          `UID:${uid}`,
          `DTSTART;TZID="Pacific Standard Time":${start}`,
          "RRULE:FREQ=WEEKLY;COUNT=2",
          "SUMMARY:Pipeline review",
          'ORGANIZER;CN="Carol Lee":MAILTO:carol@acme.example',
          "ATTENDEE:MAILTO:bob@partner.example",
        ]),
      ]);
    // What an import before 2026-12-06 stored: the occurrences at 09:30 UTC, keyed by that instant.
    for (const day of [3, 10]) {
      const at = Date.UTC(2026, 10, day, 9, 30);
      await bed.store.meetings.create(bed.tenantUuid, { title: "Pipeline review", starts_at: at, ends_at: at, external_id: `${uid}#${at}`, attendees: [] });
    }
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: bed.file("outlook.ics", series("20261103T093000")) }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 2, written: 2 }, meetings: { new: 0, updated: 2 } });
    const meetings = [...(await meetingsByKey()).entries()].map(([key, meeting]) => [key, meeting.starts_at]);
    expect(meetings).toEqual([
      [`${uid}#${Date.UTC(2026, 10, 3, 9, 30)}`, Date.UTC(2026, 10, 3, 17, 30)],
      [`${uid}#${Date.UTC(2026, 10, 10, 9, 30)}`, Date.UTC(2026, 10, 10, 17, 30)],
    ]);
  });

  it("leaves out an event Outlook marks all-day though it writes it from midnight to midnight in a time zone", async () => {
    const people = ['ORGANIZER;CN="Carol Lee":MAILTO:carol@acme.example', "ATTENDEE:MAILTO:bob@partner.example"];
    const path = bed.file(
      "outlook.ics",
      icsFile([
        BERLIN_VTIMEZONE,
        vevent([
          "UID:offsite",
          `DTSTART;${berlin("20261105T000000")}`,
          `DTEND;${berlin("20261106T000000")}`,
          "SUMMARY:Offsite",
          "X-MICROSOFT-CDO-ALLDAYEVENT:TRUE",
          ...people,
        ]),
        vevent(["UID:review", `DTSTART;${berlin("20261105T100000")}`, "SUMMARY:Review", "X-MICROSOFT-CDO-ALLDAYEVENT:FALSE", ...people]),
      ]),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 2, written: 1, skipped: 1 }, skipped: { "all-day event": 1 } });
    expect([...(await meetingsByKey()).keys()]).toEqual(["review"]);
  });

  it("removes the 24-hour meeting an earlier import made of an event Outlook marks all-day, and keeps one given other times since", async () => {
    const people = ['ORGANIZER;CN="Carol Lee":MAILTO:carol@acme.example', "ATTENDEE:MAILTO:bob@partner.example"];
    const allDay = (uid: string, day: string, next: string) =>
      vevent([`UID:${uid}`, `DTSTART;${berlin(`${day}T000000`)}`, `DTEND;${berlin(`${next}T000000`)}`, "SUMMARY:Offsite", "X-MICROSOFT-CDO-ALLDAYEVENT:TRUE", ...people]);
    const path = bed.file("outlook.ics", icsFile([BERLIN_VTIMEZONE, allDay("offsite", "20261105", "20261106"), allDay("retreat", "20261112", "20261114"), allDay("moved", "20261119", "20261120")]));
    // What imports before 2026-12-06 stored: midnight to midnight in Berlin (UTC+1); "moved" a user has given times since.
    const stored = [
      ["offsite", Date.UTC(2026, 10, 4, 23), Date.UTC(2026, 10, 5, 23)],
      ["retreat", Date.UTC(2026, 10, 11, 23), Date.UTC(2026, 10, 13, 23)],
      ["moved", Date.UTC(2026, 10, 19, 9), Date.UTC(2026, 10, 19, 10)],
    ] as const;
    for (const [key, startsAt, endsAt] of stored) {
      await bed.store.meetings.create(bed.tenantUuid, { title: "Offsite", starts_at: startsAt, ends_at: endsAt, external_id: key, attendees: [{ email: "carol@acme.example" }, { email: "bob@partner.example" }] });
    }
    const dryRun = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics", { dryRun: true }) });
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 3, written: 2, skipped: 1 }, meetings: { removed: 2 }, skipped: { "all-day event": 1 } });
    expect(counts(dryRun)).toEqual(counts(summary));
    expect([...(await meetingsByKey()).keys()]).toEqual(["moved"]);
    const again = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(again).toMatchObject({ items: { read: 3, written: 0, skipped: 3 }, meetings: { removed: 0 }, skipped: { "all-day event": 3 } });
  });

  it("reports no unknown time zone for an all-day event it leaves out, as for any event it does not import", async () => {
    const path = bed.file(
      "outlook.ics",
      icsFile([
        vevent([
          "UID:mars-offsite",
          "DTSTART;TZID=Mars/Olympus:20261105T000000",
          "DTEND;TZID=Mars/Olympus:20261106T000000",
          "SUMMARY:Offsite",
          "X-MICROSOFT-CDO-ALLDAYEVENT:TRUE",
          'ORGANIZER;CN="Carol Lee":MAILTO:carol@acme.example',
          "ATTENDEE:MAILTO:bob@partner.example",
        ]),
      ]),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 1, written: 0, skipped: 1 }, skipped: { "all-day event": 1 }, problems: { count: 0 } });
  });

  it("keeps only occurrences inside the window, and fails at once on a file that is not a calendar", async () => {
    const path = bed.file("calendar.ics", calendar());
    const summary = await importArchive({
      store: bed.store,
      tenantUuid: bed.tenantUuid,
      input: { path },
      request: importRequest("ics", { since: Date.UTC(2026, 9, 20), until: Date.UTC(2026, 10, 1) }),
    });
    expect(summary.meetings.new).toBe(1);
    expect([...(await meetingsByKey()).keys()]).toEqual([`${WEEKLY}#${Date.UTC(2026, 9, 26, 9)}`]);

    const contacts = bed.file("contacts.vcf", "BEGIN:VCARD\r\nFN:X\r\nEND:VCARD\r\n");
    await expect(importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: contacts }, request: importRequest("ics") })).rejects.toThrow(
      'contacts.vcf is not an iCalendar file: expected "BEGIN:VCALENDAR" at line 1, found "BEGIN:VCARD"',
    );
  });

  it("reads a folder of calendars as one, time zones shared between files", async () => {
    const folder = join(bed.folder, "calendars");
    mkdirSync(join(folder, "team"), { recursive: true });
    writeFileSync(join(folder, "a.ics"), icsFile([BERLIN_VTIMEZONE, vevent(["UID:a@x", `DTSTART;${berlin("20261103T090000")}`, "SUMMARY:A", "ATTENDEE:mailto:ada@acme.example", "ATTENDEE:mailto:ben@acme.example"])]));
    writeFileSync(join(folder, "team", "b.ics"), icsFile([vevent(["UID:b@x", `DTSTART;${berlin("20261104T090000")}`, "SUMMARY:B", "ATTENDEE:mailto:ada@acme.example", "ATTENDEE:mailto:jordan@northwind.example"])]));
    writeFileSync(join(folder, "notes.txt"), "not a calendar");
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: folder }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 2, written: 2 }, meetings: { new: 2 } });
    // Progress counts the files' bytes, not the line break put between two files.
    expect(summary.bytes_read).toBe(summary.bytes_total);
    const meetings = await meetingsByKey();
    expect(meetings.get("a@x")?.starts_at).toBe(Date.UTC(2026, 10, 3, 8));
    expect(meetings.get("b@x")?.starts_at).toBe(Date.UTC(2026, 10, 4, 8));
  });

  it("reads a calendar exported in UTF-16, with a byte order mark or without one, or in Windows-1252", async () => {
    const meeting = (uid: string, day: string) =>
      icsFile([
        vevent([
          `UID:${uid}`,
          `DTSTART:202611${day}T090000Z`,
          "SUMMARY:Café with Zoë – €5 “budget”",
          "LOCATION:Straße 1, Zürich",
          "ORGANIZER;CN=Ada Park:mailto:ada@acme.example",
          "ATTENDEE;CN=José Peña:mailto:jose@cafe.example",
        ]),
      ]);
    const files = [
      bed.file("outlook.ics", Buffer.from(`\uFEFF${meeting("le@x", "03")}`, "utf16le")),
      bed.file("big-endian.ics", Buffer.from(meeting("be@x", "04"), "utf16le").swap16()),
      bed.file("legacy.ics", iconv.encode(meeting("cp1252@x", "05"), "windows-1252")),
    ];
    for (const path of files) {
      const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
      expect(summary, path).toMatchObject({ items: { read: 1, written: 1, failed: 0 }, meetings: { new: 1 } });
      expect(summary.bytes_read, path).toBe(summary.bytes_total);
    }
    const meetings = await meetingsByKey();
    for (const uid of ["le@x", "be@x", "cp1252@x"]) {
      expect(meetings.get(uid), uid).toMatchObject({ title: "Café with Zoë – €5 “budget”", location: "Straße 1, Zürich" });
    }
    expect((await bed.personsByKey()).get("jose@cafe.example")?.name).toBe("José Peña");
  });

  it("reads a folder of calendars, each file in its own encoding, and counts the files' bytes", async () => {
    const folder = join(bed.folder, "calendars");
    mkdirSync(join(folder, "team"), { recursive: true });
    const event = (uid: string, day: string, title: string) =>
      vevent([`UID:${uid}`, `DTSTART;${berlin(`202611${day}T090000`)}`, `SUMMARY:${title}`, "ATTENDEE:mailto:ada@acme.example", "ATTENDEE:mailto:ben@acme.example"]);
    writeFileSync(join(folder, "a.ics"), Buffer.from(`\uFEFF${icsFile([BERLIN_VTIMEZONE, event("a@x", "03", "Jürgen’s review")])}`, "utf16le"));
    writeFileSync(join(folder, "b.ics"), Buffer.from(`\uFEFF${icsFile([event("b@x", "04", "山田さんと昼食")])}`, "utf16le").swap16());
    writeFileSync(join(folder, "c.ics"), icsFile([event("c@x", "05", "Zoë 🚀 launch")]));
    writeFileSync(join(folder, "team", "d.ics"), iconv.encode(icsFile([event("d@x", "06", "Café – €5")]), "windows-1252"));
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: folder }, request: importRequest("ics") });
    expect(summary).toMatchObject({ items: { read: 4, written: 4, failed: 0 }, meetings: { new: 4 } });
    expect(summary.bytes_read).toBe(summary.bytes_total);
    const meetings = await meetingsByKey();
    expect(["a@x", "b@x", "c@x", "d@x"].map((uid) => meetings.get(uid)?.title)).toEqual(["Jürgen’s review", "山田さんと昼食", "Zoë 🚀 launch", "Café – €5"]);
    // The time zone defined in the first file is used by the events of the others.
    expect(meetings.get("d@x")?.starts_at).toBe(Date.UTC(2026, 10, 6, 8));
  });
});

describe("ics times at daylight saving changes, series ends and calendar zones", () => {
  it("reads each event's wall time in its own zone: the first of a repeated hour, UNTIL and RECURRENCE-ID as instants, floating times in X-WR-TIMEZONE", async () => {
    const people = ["ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:jordan@northwind.example"];
    const path = bed.file(
      "zones.ics",
      icsFile([
        // Apple and Google write the calendar's zone here; floating times are wall times there.
        "X-WR-TIMEZONE:America/Sao_Paulo",
        // 01:30 happens twice in London on 25 October: first in summer time (00:30Z), RFC 5545 says the first.
        vevent(["UID:london-early", "DTSTART;TZID=Europe/London:20261025T013000", "DTEND;TZID=Europe/London:20261025T020000", "SUMMARY:London early", ...people]),
        vevent(["UID:berlin-night", "DTSTART;TZID=Europe/Berlin:20261025T021500", "SUMMARY:Berlin night", ...people]),
        // Weekly at 20:00 Tokyo (11:00Z) until the instant of its third occurrence, which UNTIL includes.
        vevent(["UID:tokyo-weekly", "DTSTART;TZID=Asia/Tokyo:20261013T200000", "RRULE:FREQ=WEEKLY;UNTIL=20261027T110000Z", "SUMMARY:Tokyo weekly", ...people]),
        // Daily at 01:00 New York (05:00Z in October) until the end of 14 October there: two occurrences, not three.
        vevent(["UID:new-york-daily", "DTSTART;TZID=America/New_York:20261013T010000", "RRULE:FREQ=DAILY;UNTIL=20261015T035959Z", "SUMMARY:New York daily", ...people]),
        // UNTIL written as a date beside a start with a time, as Outlook and hand-made feeds do: through that day.
        BERLIN_VTIMEZONE.replace("TZID:Europe/Berlin", 'TZID:W. Europe Standard Time'),
        vevent(["UID:berlin-weekly", 'DTSTART;TZID="W. Europe Standard Time":20261013T193000', "RRULE:FREQ=WEEKLY;UNTIL=20261027", "SUMMARY:Berlin weekly", ...people]),
        // 02:45 happens twice in Berlin on 25 October; with the zone defined by the VTIMEZONE too, the first (00:45Z). The
        // occurrence's key keeps the instant ical.js read (01:45Z), as imports before took it.
        vevent(["UID:berlin-defined-night", 'DTSTART;TZID="W. Europe Standard Time":20261018T024500', "RRULE:FREQ=WEEKLY;COUNT=2", "SUMMARY:Berlin defined night", ...people]),
        vevent(["UID:london-weekly", "DTSTART;TZID=Europe/London:20261013T180000", "RRULE:FREQ=WEEKLY;UNTIL=20261027", "SUMMARY:London weekly", ...people]),
        // An exception naming its occurrence in UTC (09:00 New York on 11 November), moved to the next day.
        vevent(["UID:new-york-weekly", "DTSTART;TZID=America/New_York:20261104T090000", "RRULE:FREQ=WEEKLY;COUNT=2", "SUMMARY:New York weekly", ...people]),
        vevent(["UID:new-york-weekly", "RECURRENCE-ID:20261111T140000Z", "DTSTART;TZID=America/New_York:20261112T090000", "SUMMARY:New York weekly (moved)", ...people]),
        vevent(["UID:floating", "DTSTART:20261103T100000", "DTEND:20261103T110000", "RRULE:FREQ=WEEKLY;COUNT=2", "EXDATE:20261103T100000", "SUMMARY:Sao Paulo floating", ...people]),
        vevent(["UID:utc", "DTSTART:20261110T100000Z", "SUMMARY:UTC stays UTC", ...people]),
      ]),
    );
    const first = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(first).toMatchObject({ meetings: { new: 19, cancelled_skipped: 1 }, problems: { count: 0 } });
    // Imported again, the same meetings: their keys did not move with their times.
    const again = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("ics") });
    expect(again).toMatchObject({ meetings: { new: 0, updated: 0 } });
    const meetings = [...(await meetingsByKey()).values()].map((meeting) => [meeting.title, new Date(meeting.starts_at).toISOString()]);
    expect(meetings).toEqual([
      ["New York daily", "2026-10-13T05:00:00.000Z"],
      ["Tokyo weekly", "2026-10-13T11:00:00.000Z"],
      ["London weekly", "2026-10-13T17:00:00.000Z"],
      ["Berlin weekly", "2026-10-13T17:30:00.000Z"],
      ["New York daily", "2026-10-14T05:00:00.000Z"],
      ["Berlin defined night", "2026-10-18T00:45:00.000Z"],
      ["Tokyo weekly", "2026-10-20T11:00:00.000Z"],
      ["London weekly", "2026-10-20T17:00:00.000Z"],
      ["Berlin weekly", "2026-10-20T17:30:00.000Z"],
      ["Berlin night", "2026-10-25T00:15:00.000Z"],
      ["London early", "2026-10-25T00:30:00.000Z"],
      ["Berlin defined night", "2026-10-25T00:45:00.000Z"],
      ["Tokyo weekly", "2026-10-27T11:00:00.000Z"],
      ["London weekly", "2026-10-27T18:00:00.000Z"],
      ["Berlin weekly", "2026-10-27T18:30:00.000Z"],
      ["New York weekly", "2026-11-04T14:00:00.000Z"],
      ["UTC stays UTC", "2026-11-10T10:00:00.000Z"],
      ["Sao Paulo floating", "2026-11-10T13:00:00.000Z"],
      ["New York weekly (moved)", "2026-11-12T14:00:00.000Z"],
    ]);
    expect((await meetingsByKey()).get(`berlin-defined-night#${Date.UTC(2026, 9, 25, 1, 45)}`)?.starts_at).toBe(Date.UTC(2026, 9, 25, 0, 45));
  });
});
