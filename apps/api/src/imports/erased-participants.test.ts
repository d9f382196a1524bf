/**
 * Imports after an erasure: mail, calendars and contact files naming the erased person create no one for them, leave
 * them out of what they store, and count what they skipped under one reason, the dry run alike.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ERASED_ADDRESS_SKIP } from "./erased-participants.js";
import { importArchive } from "./import-archive.js";
import type { ImportRequest } from "./import-request.js";
import type { ImportSummary } from "./import-summary.js";
import { icsFile, mailMessage, mboxFile, vcard, vevent } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
  const zelda = await bed.store.persons.create({
    tenant_uuid: bed.tenantUuid,
    name: "Zelda Quist",
    emails: ["zelda@quist.example"],
    linkedin_url: "https://www.linkedin.com/in/zelda-quist",
  });
  expect(await bed.store.persons.erase(bed.tenantUuid, zelda.uuid)).toBe(true);
});
afterEach(() => bed.close());

const run = (path: string, request: ImportRequest) => importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request });

function counts(summary: ImportSummary) {
  const { dry_run: _dryRun, duration_ms: _duration, ...rest } = summary;
  return rest;
}

/** The dry run, then the import: both say the same. */
async function importAfterDryRun(path: string, request: ImportRequest): Promise<ImportSummary> {
  const dry = await run(path, { ...request, dryRun: true });
  const real = await run(path, request);
  expect(counts(dry)).toEqual(counts(real));
  return real;
}


describe("imports after an erasure", () => {
  it("mbox: skips what the erased person sent or shared with one person, stores the rest without them", async () => {
    const path = bed.file(
      "inbox.mbox",
      mboxFile([
        mailMessage({ messageId: "<e1@quist.example>", from: "Zelda Quist <Zelda@Quist.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 09:00:00 +0000", subject: "From her" }),
        mailMessage({ messageId: "<e2@acme.example>", from: "ada@acme.example", to: ["zelda@quist.example"], date: "Thu, 1 Oct 2026 10:00:00 +0000", subject: "To her alone" }),
        mailMessage({ messageId: "<e3@acme.example>", from: "ada@acme.example", to: ["zelda@quist.example", "jordan@northwind.example"], date: "Thu, 1 Oct 2026 11:00:00 +0000", subject: "To both" }),
      ]),
    );
    const summary = await importAfterDryRun(path, importRequest("mbox"));
    expect(summary.skipped).toEqual({ [ERASED_ADDRESS_SKIP]: 2 });
    expect(summary.emails).toEqual({ new: 1, known: 0 });
    // Ada and Jordan were known; no one was created for her.
    expect(summary.persons).toMatchObject({ matched: 2, created: 0 });
    expect(await bed.store.emails.get(bed.tenantUuid, "<e1@quist.example>")).toBeNull();
    expect(await bed.store.emails.get(bed.tenantUuid, "<e2@acme.example>")).toBeNull();
    expect((await bed.store.emails.get(bed.tenantUuid, "<e3@acme.example>"))?.to_person_uuids).toEqual([bed.jordan.uuid]);
    expect(await bed.store.persons.findByEmails(bed.tenantUuid, ["zelda@quist.example"])).toEqual(new Map());
  });

  it("ics: leaves the erased attendee out, skips a new meeting left with one person, and finds it unchanged again", async () => {
    const path = bed.file(
      "calendar.ics",
      icsFile([
        vevent([
          "UID:with-her-and-jordan",
          "DTSTART:20261105T100000Z",
          "DTEND:20261105T110000Z",
          "SUMMARY:Board",
          "ORGANIZER;CN=Ada Park:mailto:ada@acme.example",
          "ATTENDEE;CN=Zelda Quist;PARTSTAT=ACCEPTED:mailto:zelda@quist.example",
          "ATTENDEE;PARTSTAT=ACCEPTED:mailto:jordan@northwind.example",
        ]),
        vevent(["UID:with-her-alone", "DTSTART:20261106T100000Z", "DTEND:20261106T110000Z", "SUMMARY:Lunch", "ORGANIZER;CN=Zelda Quist:mailto:zelda@quist.example", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:ada@acme.example"]),
      ]),
    );
    const summary = await importAfterDryRun(path, importRequest("ics"));
    expect(summary.skipped).toEqual({ [ERASED_ADDRESS_SKIP]: 1 });
    expect(summary.meetings).toMatchObject({ new: 1, updated: 0 });
    expect(summary.persons).toMatchObject({ created: 0 });
    const board = await bed.store.meetings.findByExternalId(bed.tenantUuid, "with-her-and-jordan");
    expect(board?.attendees.map((attendee) => attendee.person_uuid).sort()).toEqual([bed.ada.person_uuid, bed.jordan.uuid].sort());
    expect(await bed.store.meetings.findByExternalId(bed.tenantUuid, "with-her-alone")).toBeNull();
    const again = await run(path, importRequest("ics"));
    expect(again.meetings).toMatchObject({ new: 0, known: 1, updated: 0 });
    expect(again.items.written).toBe(0);
  });

  it("vcf: skips a card with an erased address or profile, counted once as skipped persons", async () => {
    const path = bed.file(
      "contacts.vcf",
      [
        vcard("3.0", ["FN:Zelda Quist", "EMAIL:zelda@quist.example", "EMAIL:zq@new.example", "ORG:Quist Ltd"]),
        vcard("3.0", ["FN:Z. Quist", "URL:https://uk.linkedin.com/in/Zelda-Quist/"]),
        vcard("3.0", ["FN:Sam Poe", "EMAIL:sam@globex.example"]),
      ].join("\r\n"),
    );
    const summary = await importAfterDryRun(path, importRequest("vcf"));
    expect(summary.skipped).toEqual({ [ERASED_ADDRESS_SKIP]: 2 });
    expect(summary.persons).toEqual({ matched: 0, updated: 0, jobs_updated: 0, created: 1, skipped: 2, addresses_added: 0, addresses_left_out: 0 });
    expect(summary.companies).toEqual({ matched: 0, created: 0 });
    expect(summary.problems.count).toBe(0);
    expect([...(await bed.store.persons.findByEmails(bed.tenantUuid, ["zelda@quist.example", "zq@new.example", "sam@globex.example"])).keys()]).toEqual(["sam@globex.example"]);
  });
});
