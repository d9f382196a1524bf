import { createHash } from "node:crypto";
import { connectionScore, relationshipQuality } from "@rapport/graph";
import { createSqliteStore } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importArchive } from "./import-archive.js";
import type { ImportSummary } from "./import-summary.js";
import { mailMessage, mboxFile } from "./testing/archive-builders.js";
import { createImportTestBed, importRequest, type ImportTestBed } from "./testing/import-test-bed.js";

let bed: ImportTestBed;
beforeEach(async () => {
  bed = await createImportTestBed();
});
afterEach(() => bed.close());

/** A thread between Ada (a user) and Jordan (a known contact), copied to new people, with a repeat and a broken message. */
function threadArchive(): string {
  return mboxFile([
    mailMessage({ messageId: "<m1@acme.example>", from: "Ada Park <ada@acme.example>", to: ["Jordan Blake <jordan@northwind.example>"], cc: ["Casey Lin <casey@globex.example>"], date: "Thu, 1 Oct 2026 09:00:00 +0200", subject: "Intro" }),
    mailMessage({ messageId: "<m2@northwind.example>", from: "jordan@northwind.example", to: ["Ada Park <ADA@acme.example>"], date: "Thu, 1 Oct 2026 10:30:00 +0200", subject: "Re: Intro", inReplyTo: "<m1@acme.example>", body: "From the top: yes.\nFrom here on, Casey leads." }),
    mailMessage({ messageId: "<m3@acme.example>", from: "ada@acme.example", to: ["jordan@northwind.example", "casey@globex.example"], cc: ["Ben Ode <ben@acme.example>", "jordan@northwind.example"], date: "Fri, 2 Oct 2026 08:15:00 +0000", subject: "Re: Re: Intro", inReplyTo: "<m2@northwind.example>" }),
    mailMessage({ messageId: "<m2@northwind.example>", from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:30:00 +0200", subject: "Re: Intro" }),
    "X-Broken: yes\nSubject: no sender here\n\nbody\n",
    mailMessage({ messageId: null, from: "Dana Wu <dana@initech.example>", to: ["ada@acme.example"], date: "Mon, 5 Oct 2026 07:00:00 -0400", subject: "No id" }),
    mailMessage({ messageId: "<m5@initech.example>", from: "=?UTF-8?B?SsO2cmcgV2Vpw58=?= <jorg@initech.example>", to: ["undisclosed-recipients:;"], cc: ["Team: ada@acme.example, ben@acme.example;"], date: "Tue, 6 Oct 2026 12:00:00 +0000", subject: "=?UTF-8?Q?Gr=C3=BC=C3=9Fe?=" }),
  ]);
}

function counts(summary: ImportSummary) {
  const { dry_run: _dryRun, duration_ms: _duration, ...rest } = summary;
  return rest;
}

describe("mbox import", () => {
  it("moves the relationship scores as it writes, exactly as a rebuild from the database sees them, and a re-run changes nothing", async () => {
    const now = Date.UTC(2026, 10, 21);
    const graph = await bed.store.graphs.forTenant(bed.tenantUuid);
    expect(connectionScore(graph, bed.ada.person_uuid, bed.jordan.uuid, { now })).toBe(0);
    const path = bed.file("inbox.mbox", threadArchive());
    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });

    const quality = relationshipQuality(graph, bed.ada.uuid, bed.jordan.uuid, { now });
    expect(quality).toMatchObject({ interaction_count: 3, last_activity_date: "2026-10-02" });
    expect(quality!.rq_reason).toMatch(/^3 emails in the last 90 days/);
    const live = connectionScore(graph, bed.ada.person_uuid, bed.jordan.uuid, { now });
    expect(live).toBeGreaterThan(0);

    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(connectionScore(graph, bed.ada.person_uuid, bed.jordan.uuid, { now })).toBe(live);
    const rebuilt = await createSqliteStore({ path: bed.databasePath });
    try {
      expect(connectionScore(await rebuilt.graphs.forTenant(bed.tenantUuid), bed.ada.person_uuid, bed.jordan.uuid, { now })).toBe(live);
    } finally {
      await rebuilt.close();
    }
  });

  it("leaves out what Gmail filed as spam in a Google Takeout mbox, and keeps its other labels' mail, trash included", async () => {
    const takeout = (labels: string, message: string) => `X-GM-THRID: 1789012345678901234\nX-Gmail-Labels: ${labels}\n${message}`;
    const path = bed.file(
      "All mail Including Spam and Trash.mbox",
      mboxFile(
        [
          takeout("Inbox,Important,Opened", mailMessage({ messageId: "<a@northwind.example>", from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:30:00 +0200", subject: "Offer" })),
          takeout("Spam,Category Promotions", mailMessage({ messageId: "<b@prizes.example>", from: "Winner <winner@prizes.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 11:00:00 +0200", subject: "You won" })),
          takeout("Trash,Opened", mailMessage({ messageId: "<c@initech.example>", from: "dana@initech.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 12:00:00 +0200", subject: "Old thread" })),
        ],
        "From 1789012345678901234@xxx Thu Oct 01 08:30:00 +0000 2026",
      ),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(summary).toMatchObject({ items: { read: 3, written: 2, skipped: 1, failed: 0 }, emails: { new: 2 }, skipped: { "Gmail spam": 1 } });
    expect((await bed.personsByKey()).has("winner@prizes.example")).toBe(false);
  });

  it("leaves out the Hangouts and Google Chat messages a Google Takeout mbox holds, counted as Gmail chat", async () => {
    const takeout = (labels: string, message: string) => `X-GM-THRID: 1789012345678901234\nX-Gmail-Labels: ${labels}\n${message}`;
    const chatLine = (messageId: string, date: string) =>
      takeout("Chat,Opened", mailMessage({ messageId, from: "Jordan Blake <jordan@northwind.example>", to: ["ada@acme.example"], date, subject: "Chat with Jordan Blake" }));
    const path = bed.file(
      "All mail Including Spam and Trash.mbox",
      mboxFile(
        [
          chatLine("<chat1@chat.google.com>", "Thu, 1 Oct 2026 10:30:00 +0000"),
          chatLine("<chat2@chat.google.com>", "Thu, 1 Oct 2026 10:31:00 +0000"),
          takeout("Chat", mailMessage({ messageId: "<chat3@chat.google.com>", from: "Casey Lin <casey@globex.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 11:00:00 +0000", subject: "Chat with Casey Lin" })),
          takeout("Inbox,Opened", mailMessage({ messageId: "<a@northwind.example>", from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 12:00:00 +0000", subject: "Offer" })),
        ],
        "From 1789012345678901234@xxx Thu Oct 01 08:30:00 +0000 2026",
      ),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(summary).toMatchObject({ items: { read: 4, written: 1, skipped: 3, failed: 0 }, emails: { new: 1 }, skipped: { "Gmail chat": 3 } });
    expect((await bed.personsByKey()).has("casey@globex.example")).toBe(false);
  });

  it("leaves out the unsent drafts a Google Takeout mbox holds, counted as Gmail draft, and keeps the mail sent", async () => {
    const takeout = (labels: string, message: string) => `X-GM-THRID: 1789012345678901234\nX-Gmail-Labels: ${labels}\n${message}`;
    const path = bed.file(
      "All mail Including Spam and Trash.mbox",
      mboxFile(
        [
          takeout("Drafts", mailMessage({ messageId: "<d1@mail.gmail.com>", from: "ada@acme.example", to: ["Casey Lin <casey@globex.example>"], date: "Thu, 1 Oct 2026 10:30:00 +0000", subject: "Outreach: a role at Acme" })),
          takeout("Opened,Drafts", mailMessage({ messageId: "<d2@mail.gmail.com>", from: "ada@acme.example", to: ["dana@initech.example"], date: "Thu, 1 Oct 2026 10:45:00 +0000", subject: "Following up" })),
          takeout("Sent,Opened", mailMessage({ messageId: "<s1@mail.gmail.com>", from: "ada@acme.example", to: ["jordan@northwind.example"], date: "Thu, 1 Oct 2026 11:00:00 +0000", subject: "Offer" })),
        ],
        "From 1789012345678901234@xxx Thu Oct 01 08:30:00 +0000 2026",
      ),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(summary).toMatchObject({ items: { read: 3, written: 1, skipped: 2, failed: 0 }, emails: { new: 1 }, skipped: { "Gmail draft": 2 } });
    const persons = await bed.personsByKey();
    expect(persons.has("casey@globex.example")).toBe(false);
    expect(persons.has("dana@initech.example")).toBe(false);
  });

  it("leaves out notifications, auto-replies and bulk mail, counted as automated mail: their senders are no relationship", async () => {
    const notifications = Array.from({ length: 5 }, (_, index) =>
      mailMessage({ messageId: `<alert${index}@linkedin.com>`, from: "LinkedIn <messages-noreply@linkedin.com>", to: ["ada@acme.example"], date: `Thu, ${index + 1} Oct 2026 10:30:00 +0000`, subject: "You appeared in 9 searches" }),
    );
    const outOfOffice = `Auto-Submitted: auto-replied\n${mailMessage({ messageId: "<ooo@initech.example>", from: "Dana Wu <dana@initech.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 11:00:00 +0000", subject: "Out of office" })}`;
    const newsletter = `Precedence: bulk\n${mailMessage({ messageId: "<news@globex.example>", from: "Globex News <news@globex.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 12:00:00 +0000", subject: "October news" })}`;
    const reply = mailMessage({ messageId: "<r1@northwind.example>", from: "Jordan Blake <jordan@northwind.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 13:00:00 +0000", subject: "Re: the role" });
    const path = bed.file("inbox.mbox", mboxFile([...notifications, outOfOffice, newsletter, reply]));
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(summary).toMatchObject({ items: { read: 8, written: 1, skipped: 7, failed: 0 }, emails: { new: 1 }, skipped: { "automated mail": 7 } });
    const persons = await bed.personsByKey();
    for (const address of ["messages-noreply@linkedin.com", "dana@initech.example", "news@globex.example"]) expect(persons.has(address), address).toBe(false);
  });

  it("names a person by a display name written 'Last, First' turned round, and an address written as the name as no name", async () => {
    const path = bed.file(
      "inbox.mbox",
      mboxFile([
        mailMessage({ messageId: "<n1@partner.example>", from: '"Partner, Bob" <bob@partner.example>', to: ["'dana@initech.example' <Dana@Initech.example>", '"Acme, Inc" <sales@acme-shop.example>'], date: "Thu, 1 Oct 2026 10:30:00 +0000", subject: "Names" }),
      ]),
    );
    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    const persons = await bed.personsByKey();
    expect(persons.get("bob@partner.example")?.name).toBe("Bob Partner");
    expect(persons.get("dana@initech.example")?.name).toBe("dana@initech.example");
    expect(persons.get("sales@acme-shop.example")?.name).toBe("Acme, Inc");
  });

  it("reads each Date header's instant whatever the server's time zone: a zone's offset, none as UTC, a three-digit year from 1900", async () => {
    const message = (id: string, date: string) => mailMessage({ messageId: `<${id}@partner.example>`, from: "bob@partner.example", to: ["ada@acme.example"], date });
    const path = bed.file(
      "dates.mbox",
      mboxFile([
        message("kathmandu", "Thu, 1 Oct 2026 10:30:00 +0545"),
        message("no-zone", "Thu, 1 Oct 2026 10:30:00"),
        message("asctime", "Thu Oct  1 10:30:00 2026"),
        message("y2k-bug", "Thu, 1 Oct 126 10:30:00 +0000"),
      ]),
    );
    const zone = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    try {
      await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const sentAt = async (id: string) => new Date((await bed.store.emails.get(bed.tenantUuid, `<${id}@partner.example>`))!.sent_at).toISOString();
    expect(await Promise.all(["kathmandu", "no-zone", "asctime", "y2k-bug"].map(sentAt))).toEqual([
      "2026-10-01T04:45:00.000Z",
      "2026-10-01T10:30:00.000Z",
      "2026-10-01T10:30:00.000Z",
      "2026-10-01T10:30:00.000Z",
    ]);
  });

  it("recognizes a message without a Message-ID stored under the stand-in an import before 2026-12-07 gave it from its Date as read then: the archive again adds nothing", async () => {
    const dates = ["Thu, 1 Oct 126 10:30:00 +0000", "Wed, 31 Dec 2025 23:59:60 +0000", "Thu, 1 Oct 2026 10:30:00"];
    const path = bed.file("no-ids.mbox", mboxFile(dates.map((date) => mailMessage({ messageId: null, from: "bob@partner.example", to: ["ada@acme.example"], subject: "Hello", date }))));
    const zone = process.env.TZ;
    // A server set to Tokyo time read the zoneless Date nine hours early, and derived its stand-in from that.
    process.env.TZ = "Asia/Tokyo";
    try {
      // What such an import stored: the stand-in of sender, Date.parse's instant, subject and recipients.
      for (const date of dates) {
        const sentAt = Date.parse(date);
        const digest = createHash("sha256").update(JSON.stringify(["bob@partner.example", sentAt, "Hello", "ada@acme.example"])).digest("hex").slice(0, 40);
        await bed.store.emails.ingest(bed.tenantUuid, { message_id: `<${digest}@rapport.import>`, sent_at: sentAt, subject: "Hello", from: { email: "bob@partner.example" }, to: [{ email: "ada@acme.example" }], cc: [] });
      }
      const dry = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { dryRun: true }) });
      expect(dry.emails).toMatchObject({ new: 0, known: 3 });
      const again = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
      expect(again.emails).toMatchObject({ new: 0, known: 3 });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(bed.rowCounts().emails).toBe(3);
  });

  it("names a person first seen by address alone with a later message's display name, in the archive's order, and keeps a name already given", async () => {
    const typed = await bed.store.persons.create({ tenant_uuid: bed.tenantUuid, name: "cleo", emails: ["cleo@partner.example"] });
    const path = bed.file(
      "inbox.mbox",
      mboxFile([
        mailMessage({ messageId: "<r1@partner.example>", from: "bob@partner.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:30:00 +0000", subject: "First" }),
        mailMessage({ messageId: "<r2@partner.example>", from: "bob <bob@partner.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 11:30:00 +0000", subject: "Second" }),
        mailMessage({ messageId: "<r3@partner.example>", from: '"Partner, Bob" <bob@partner.example>', to: ["Cleo Smith <cleo@partner.example>"], date: "Fri, 2 Oct 2026 10:30:00 +0000", subject: "Third" }),
        mailMessage({ messageId: "<r4@partner.example>", from: "Robert P. <bob@partner.example>", to: ["ada@acme.example"], date: "Sat, 3 Oct 2026 10:30:00 +0000", subject: "Fourth" }),
      ]),
    );
    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    const persons = await bed.personsByKey();
    expect(persons.get("bob@partner.example")?.name).toBe("Bob Partner");
    expect(persons.get("cleo@partner.example")?.name).toBe(typed.name);
  });

  it("names a person with an archive's display name when its message was stored before without one (re-imported mail)", async () => {
    // As an older release stored it: the sender's display name lost, so Bob was named after his address.
    await bed.store.emails.ingest(bed.tenantUuid, { message_id: "<old1@partner.example>", sent_at: Date.UTC(2026, 9, 1, 10, 30), from: { email: "bob@partner.example" }, to: [{ email: "ada@acme.example" }] });
    const path = bed.file(
      "inbox.mbox",
      mboxFile([mailMessage({ messageId: "<old1@partner.example>", from: "Bob Partner <bob@partner.example>", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:30:00 +0000", subject: "Old" })]),
    );
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(summary.emails).toMatchObject({ new: 0, known: 1 });
    expect((await bed.personsByKey()).get("bob@partner.example")?.name).toBe("Bob Partner");
  });

  it("imports a thread: persons resolved or created, each message once, the broken one reported with its place", async () => {
    const path = bed.file("inbox.mbox", threadArchive());
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });

    expect(summary).toMatchObject({
      kind: "mbox",
      outcome: "completed",
      items: { read: 7, written: 5, unchanged: 1, skipped: 0, failed: 1 },
      emails: { new: 5, known: 1 },
      persons: { matched: 3, created: 3, skipped: 0 },
      problems: { count: 1, first: [{ position: "message 5 (line 53)", message: "no sender address in the From header" }] },
      owner: null,
      proposed_owner: { user_uuid: bed.ada.uuid, name: "Ada Park", appearances: 6 },
      bytes_total: summary.bytes_read,
    });

    const persons = await bed.personsByKey();
    expect([...persons.keys()].sort()).toEqual(["ada@acme.example", "ben@acme.example", "casey@globex.example", "dana@initech.example", "jordan@northwind.example", "jorg@initech.example"]);
    expect(persons.get("casey@globex.example")).toMatchObject({ name: "Casey Lin", is_internal: false });
    expect(persons.get("jorg@initech.example")?.name).toBe("Jörg Weiß");
    const uuid = (address: string) => persons.get(address)!.uuid;

    expect(await bed.store.emails.get(bed.tenantUuid, "<m1@acme.example>")).toMatchObject({
      sent_at: Date.UTC(2026, 9, 1, 7),
      subject: "Intro",
      from_person_uuid: bed.ada.person_uuid,
      to_person_uuids: [bed.jordan.uuid],
      cc_person_uuids: [uuid("casey@globex.example")],
    });
    expect(await bed.store.emails.get(bed.tenantUuid, "<m2@northwind.example>")).toMatchObject({ sent_at: Date.UTC(2026, 9, 1, 8, 30), from_person_uuid: bed.jordan.uuid, to_person_uuids: [bed.ada.person_uuid], cc_person_uuids: [] });
    const third = await bed.store.emails.get(bed.tenantUuid, "<m3@acme.example>");
    expect(third?.to_person_uuids.sort()).toEqual([bed.jordan.uuid, uuid("casey@globex.example")].sort());
    expect(third?.cc_person_uuids).toEqual([bed.ben.person_uuid]);
    expect(await bed.store.emails.get(bed.tenantUuid, "<m5@initech.example>")).toMatchObject({ subject: "Grüße", to_person_uuids: [], from_person_uuid: uuid("jorg@initech.example") });
    expect((await bed.store.emails.get(bed.tenantUuid, "<m5@initech.example>"))?.cc_person_uuids.sort()).toEqual([bed.ada.person_uuid, bed.ben.person_uuid].sort());

    const interactions = [];
    for await (const interaction of bed.store.interactions.all(bed.tenantUuid)) interactions.push(interaction);
    expect(interactions).toHaveLength(5);
    const derived = interactions.find((interaction) => interaction.title === "No id");
    expect(derived).toMatchObject({ occurred_at: Date.UTC(2026, 9, 5, 11), initiator_person_uuid: uuid("dana@initech.example"), participant_person_uuids: [bed.ada.person_uuid] });
  });

  it("adds nothing when re-run, and a dry run writes nothing yet tells the same story", async () => {
    const path = bed.file("inbox.mbox", threadArchive());
    const before = bed.rowCounts();
    const dry = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { dryRun: true }) });
    expect(bed.rowCounts()).toEqual(before);
    expect(dry.dry_run).toBe(true);

    const real = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(counts(dry)).toEqual(counts(real));
    const afterFirst = bed.rowCounts();
    expect(afterFirst.emails).toBe(before.emails! + 5);
    expect(afterFirst.persons).toBe(before.persons! + 3);

    const again = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { keepBodies: false }) });
    expect(bed.rowCounts()).toEqual(afterFirst);
    expect(again).toMatchObject({ items: { written: 0, unchanged: 6, failed: 1 }, emails: { new: 0, known: 6 }, persons: { matched: 0, created: 0 } });
    const dryAgain = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { dryRun: true }) });
    expect(counts(dryAgain)).toEqual(counts(again));
  });

  it("counts a known person matched once, whichever of their addresses the mail names, the dry run too", async () => {
    await bed.store.persons.addFreeAddresses(bed.tenantUuid, bed.jordan.uuid, ["jordan.blake@gmail.com"]);
    const path = bed.file("two-addresses.mbox", mboxFile([
      mailMessage({ messageId: "<work@northwind.example>", from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 09:00:00 +0000", subject: "From work" }),
      mailMessage({ messageId: "<home@gmail.example>", from: "jordan.blake@gmail.com", to: ["ada@acme.example"], date: "Fri, 2 Oct 2026 09:00:00 +0000", subject: "From home" }),
    ]));
    const dry = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { dryRun: true }) });
    const real = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    // Jordan and Ada: two persons, though three addresses (it said three).
    expect(real).toMatchObject({ emails: { new: 2 }, persons: { matched: 2, created: 0 } });
    expect(counts(dry)).toEqual(counts(real));
  });

  it("counts one message once in a dry run when the archive holds its Message-ID with and without angle brackets", async () => {
    const message = (messageId: string) => mailMessage({ messageId, from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:30:00 +0200", subject: "Twice" });
    const path = bed.file("twice.mbox", mboxFile([message("<twice@northwind.example>"), message("twice@northwind.example")]));
    const dry = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { dryRun: true }) });
    expect(dry.emails).toEqual({ new: 1, known: 1 });
    const real = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(counts(dry)).toEqual(counts(real));
  });

  it("keeps bodies only when asked, and credits the owner it is given", async () => {
    const path = bed.file("inbox.mbox", threadArchive());
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { keepBodies: true }), owner: bed.ben });
    expect(summary.owner).toEqual({ user_uuid: bed.ben.uuid, name: "Ben Ode", email: "ben@acme.example", appearances: 2 });
    expect(summary.proposed_owner).toBeNull();
    const reply = await bed.store.emails.get(bed.tenantUuid, "<m2@northwind.example>");
    expect(await bed.store.emailBodies.get(bed.tenantUuid, reply!.uuid)).toBe("From the top: yes.\nFrom here on, Casey leads.\n");
    expect(bed.rowCounts().email_bodies).toBe(5);
  });

  it("lists an email stored without its body again in the activity feed when a later import keeps the body", async () => {
    const path = bed.file("inbox.mbox", threadArchive());
    await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { keepBodies: false }) });
    const feed = (afterSequence?: number) => bed.store.interactions.feed(bed.tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, afterSequence });
    const seen = (await feed()).rows.at(-1)!.sequence;
    const again = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { keepBodies: true }) });
    expect(again).toMatchObject({ emails: { new: 0, known: 6 } });
    const reply = await bed.store.emails.get(bed.tenantUuid, "<m2@northwind.example>");
    const relisted = (await feed(seen)).rows;
    expect(relisted.map((item) => item.uuid)).toContain(reply!.uuid);
    expect(relisted).toHaveLength(bed.rowCounts().email_bodies!);
    expect((await bed.store.emails.getByUuid(bed.tenantUuid, reply!.uuid))?.has_body).toBe(true);
  });

  it("reads a folder of .eml files, and fails at once on a file that is not an mbox", async () => {
    const folder = bed.file("export", "");
    const { mkdirSync, rmSync, writeFileSync } = await import("node:fs");
    rmSync(folder);
    mkdirSync(`${folder}/sent`, { recursive: true });
    writeFileSync(`${folder}/a.eml`, mailMessage({ messageId: "<e1@x>", from: "ada@acme.example", to: ["zed@zeta.example"], date: "Wed, 7 Oct 2026 09:00:00 +0000", subject: "One" }));
    writeFileSync(`${folder}/sent/b.eml`, mailMessage({ messageId: "<e2@x>", from: "zed@zeta.example", to: ["ada@acme.example"], date: "Wed, 7 Oct 2026 10:00:00 +0000", subject: "Two" }));
    writeFileSync(`${folder}/notes.txt`, "not mail");
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: folder }, request: importRequest("mbox") });
    expect(summary).toMatchObject({ items: { read: 2, written: 2 }, emails: { new: 2 }, persons: { matched: 1, created: 1 } });

    const notMbox = bed.file("calendar.ics", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    const before = bed.rowCounts();
    await expect(importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path: notMbox }, request: importRequest("mbox") })).rejects.toThrow(
      'calendar.ics is not an mbox file: it must start with a "From " line, found "BEGIN:VCALENDAR" at line 1',
    );
    expect(bed.rowCounts()).toEqual(before);
  });
});

describe("mbox import of Windows-1252 mail", () => {
  /** The stand-in Message-ID the import gave François's offer before Windows-1252 was read right. */
  const EARLIER_STAND_IN = "<2f8304a80dbacf6ad99268481eb68c1ff2d9962c@rapport.import>";

  /** Two messages from a Windows mail client: encoded words, 8-bit header bytes and a body in Windows-1252. */
  function windows1252Archive(): Buffer {
    const offer = (fields: { messageId: string | null; from: string; subject: string; date: string; body: string }) =>
      [
        `From: ${fields.from}`,
        "To: ada@acme.example",
        `Subject: ${fields.subject}`,
        `Date: ${fields.date}`,
        ...(fields.messageId ? [`Message-ID: ${fields.messageId}`] : []),
        "Content-Type: text/plain; charset=windows-1252",
        "Content-Transfer-Encoding: 8bit",
        "",
        fields.body,
        "",
      ].join("\n");
    return Buffer.from(
      mboxFile([
        offer({ messageId: "<lunch@lumiere.example>", from: "=?windows-1252?Q?Ren=E9e_=93Ray=94_Dubois?= <renee@lumiere.example>", subject: "=?windows-1252?Q?Caf=E9_=96_=805?=", date: "Mon, 12 Oct 2026 12:00:00 +0200", body: "Caf\xe9 \x96 \x805, \x93bient\xf4t\x94\x85" }),
        offer({ messageId: null, from: "Fran\xe7ois Martin <francois@lumiere.example>", subject: "=?iso-8859-1?Q?Offre_=96_=8030?=", date: "Tue, 13 Oct 2026 09:00:00 +0200", body: "Prix net." }),
      ]),
      "latin1",
    );
  }

  it("stores subjects, display names (as person names) and kept bodies as Windows-1252 reads them", async () => {
    const path = bed.file("windows.mbox", windows1252Archive());
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox", { keepBodies: true }) });
    expect(summary).toMatchObject({ items: { read: 2, written: 2, failed: 0 }, emails: { new: 2 } });

    const persons = await bed.personsByKey();
    expect(persons.get("renee@lumiere.example")?.name).toBe("Renée “Ray” Dubois");
    expect(persons.get("francois@lumiere.example")?.name).toBe("François Martin");
    const lunch = await bed.store.emails.get(bed.tenantUuid, "<lunch@lumiere.example>");
    expect(lunch?.subject).toBe("Café – €5");
    expect(await bed.store.emailBodies.get(bed.tenantUuid, lunch!.uuid)).toBe("Café – €5, “bientôt”…\n");
    expect((await bed.store.emails.get(bed.tenantUuid, EARLIER_STAND_IN))?.subject).toBe("Offre – €30");
  });

  it("recognizes a message without a Message-ID that an import stored before Windows-1252 was read right", async () => {
    await bed.store.emails.ingest(bed.tenantUuid, {
      message_id: EARLIER_STAND_IN,
      sent_at: Date.UTC(2026, 9, 13, 7),
      subject: "Offre \u0096 \u008030",
      from: { email: "francois@lumiere.example", name: "Fran\ufffdois Martin" },
      to: [{ email: "ada@acme.example", name: null }],
      cc: [],
    });
    const before = bed.rowCounts();
    const path = bed.file("windows.mbox", windows1252Archive());
    const summary = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(summary).toMatchObject({ items: { read: 2, written: 1, unchanged: 1 }, emails: { new: 1, known: 1 } });
    expect(bed.rowCounts().emails).toBe(before.emails! + 1);

    const again = await importArchive({ store: bed.store, tenantUuid: bed.tenantUuid, input: { path }, request: importRequest("mbox") });
    expect(again).toMatchObject({ items: { written: 0, unchanged: 2 }, emails: { new: 0, known: 2 } });
  });
});
