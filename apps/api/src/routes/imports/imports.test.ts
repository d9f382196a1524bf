import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { setImmediate } from "node:timers/promises";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../app.js";
import { MAX_EMAIL_RECIPIENTS } from "../../platform/request/count-limits.js";
import { MAX_MEETING_TEXT_LENGTH, MAX_SUBJECT_LENGTH } from "../../platform/request/field-limits.js";
import { ABANDONED, createImportJobs, HEARTBEAT_INTERVAL_MS, INTERRUPTED_BY_SHUTDOWN, STALE_AFTER_MS, UPLOAD_BATCH_SIZE } from "../../imports/import-jobs.js";
import { MAX_IMPORTS_PER_TENANT } from "../../imports/import-slots.js";
import { UPLOADS_FOLDER } from "../../imports/process-upload-folders.js";
import { emptySummary } from "../../imports/import-summary.js";
import { BERLIN_VTIMEZONE, csvFile, icsFile, mailMessage, mboxFile, vcard, vevent } from "../../imports/testing/archive-builders.js";
import { heldFilesUnder } from "../../testing/held-files.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { createImportOperation } from "./create-import.js";

let context: TestContext;
let acme: TestTenant;
// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

function archive(count = 3): string {
  return mboxFile(
    Array.from({ length: count }, (_unused, index) =>
      mailMessage({
        messageId: `<http-${index}@northwind.example>`,
        from: `Jordan Blake <jordan@northwind.example>`,
        to: [acme.admin.email, `guest${index % 2}@globex.example`],
        date: `Mon, 2 Nov 2026 ${String(9 + (index % 10)).padStart(2, "0")}:00:00 +0000`,
        subject: `Update ${index}`,
      }),
    ),
  );
}

interface Upload {
  kind?: string;
  file?: { name: string; content: string | Buffer } | null;
  fields?: Record<string, string | string[]>;
  key?: string;
}

async function upload({ kind = "mbox", file = { name: "inbox.mbox", content: archive() }, fields = {}, key = acme.key }: Upload, app = context.app) {
  const form = new FormData();
  if (kind) form.append("kind", kind);
  if (file) form.append("file", new File([typeof file.content === "string" ? file.content : new Uint8Array(file.content)], file.name));
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) form.append(name, entry);
  const response = await app.request("/v1/imports", { method: "POST", headers: { "x-api-key": key }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function read(uuid: string, key = acme.key) {
  const response = await context.request(`/v1/imports/${uuid}`, { key });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function personsByEmail() {
  const page = await context.services.store.persons.list(acme.tenant.uuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 100 });
  return new Map(page.rows.map((person) => [person.emails[0]?.address, person]));
}

async function emailCount(): Promise<number> {
  let count = 0;
  for await (const interaction of context.services.store.interactions.all(acme.tenant.uuid)) if (interaction.kind === "email") count += 1;
  return count;
}

describe("POST /v1/imports and GET /v1/imports/{import_uuid}", () => {
  it("imports an uploaded mbox in the background and reports progress and the summary; a second upload adds nothing", async () => {
    const started = await upload({});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: "mbox", status: "queued", dry_run: false, file_name: "inbox.mbox", owner_user_uuid: null, created_by_user_uuid: null, summary: null, error: null });
    await context.services.importJobs.settled();

    const done = await read(started.body.uuid);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: "succeeded",
      progress: { items_read: 3, percent: 100, bytes_total: started.body.file_bytes },
      summary: { kind: "mbox", outcome: "completed", emails: { new: 3, known: 0 }, persons: { matched: 1, created: 3 }, proposed_owner: { user_uuid: acme.admin.uuid, appearances: 3 } },
      error: null,
    });
    expect(done.body.finished_at).toBeGreaterThanOrEqual(done.body.started_at);
    const email = await context.services.store.emails.get(acme.tenant.uuid, "<http-1@northwind.example>");
    expect(email?.to_person_uuids).toContain(acme.admin.person_uuid);
    expect(await emailCount()).toBe(3);
    // The persons it created are in the search's name indexes already: nothing left for a catch-up.
    expect(await context.services.store.nameSearch.catchUp(acme.tenant.uuid)).toBe(0);

    const again = await upload({});
    await context.services.importJobs.settled();
    expect((await read(again.body.uuid)).body.summary).toMatchObject({ emails: { new: 0, known: 3 }, persons: { created: 0 } });
    expect(await emailCount()).toBe(3);
  });

  it("runs a dry run that writes nothing, with the form's options, owned by the calling user", async () => {
    const ics = icsFile([vevent(["UID:call@x", "DTSTART:20261110T150000Z", "SUMMARY:Call", `ORGANIZER:mailto:${acme.member.email}`, "ATTENDEE:mailto:dana@initech.example"])]);
    const started = await upload({ kind: "ics", file: { name: "calendar.ics", content: ics }, fields: { dry_run: "true", since: "2026-11-01", until: "2026-11-30" }, key: acme.memberKey });
    expect(started.body).toMatchObject({ dry_run: true, owner_user_uuid: acme.member.uuid, created_by_user_uuid: acme.member.uuid });
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid, acme.memberKey)).body.summary).toMatchObject({ dry_run: true, meetings: { new: 1 }, persons: { matched: 1, created: 1 }, owner: { user_uuid: acme.member.uuid, appearances: 1 } });
    const meetings = await context.services.store.meetings.list(acme.tenant.uuid, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(meetings.total).toBe(0);
  });

  it("rejects what it cannot import, at once and with a message that says what to fix", async () => {
    const notMultipart = await context.request("/v1/imports", { key: acme.key, method: "POST", body: { kind: "mbox" } });
    expect(notMultipart.status).toBe(415);
    expect(((await notMultipart.json()) as { error: string }).error).toMatch(/multipart\/form-data/);
    // A client that set the type by hand and left out the boundary sent multipart all the same: what to fix is the boundary.
    const body = "--x\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nmbox\r\n--x--\r\n";
    for (const contentType of ["multipart/form-data", "multipart/form-data; charset=utf-8", "multipart/form-data; boundary=y"]) {
      const unbounded = await context.request("/v1/imports", { key: acme.key, method: "POST", headers: { "content-type": contentType }, body });
      expect({ contentType, status: unbounded.status, body: await unbounded.json() }).toEqual({
        contentType,
        status: 400,
        body: { error: "the multipart body could not be read: check the boundary and the part headers" },
      });
    }
    const lookalike = await context.request("/v1/imports", { key: acme.key, method: "POST", headers: { "content-type": "multipart/form-datax" }, body: "x" });
    expect(lookalike.status).toBe(415);
    expect(await upload({ file: null })).toMatchObject({ status: 400, body: { error: "form field 'file' is required: the archive to import, sent as a file" } });
    expect(await upload({ kind: "zip" })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^kind: /) } });
    // A kind left out is said to be required, not an invalid option, as a body's missing field is.
    expect(await upload({ kind: "" })).toMatchObject({ status: 400, body: { error: 'kind: required (expected one of "mbox"|"ics"|"vcf"|"csv")' } });
    expect(await upload({ fields: { since: "last week" } })).toMatchObject({
      status: 400,
      body: { error: "since: 'last week' is not an ISO 8601 date or date-time; for a time relative to now, count from server_time of GET /v1/me (the server's current time)" },
    });
    // A malformed date keeps the plain message.
    expect(await upload({ fields: { until: "2026-11-31" } })).toMatchObject({ status: 400, body: { error: "until: '2026-11-31' is not an ISO 8601 date or date-time" } });
    expect(await upload({ fields: { colour: "blue" } })).toMatchObject({ status: 400, body: { error: expect.stringContaining("colour") } });
    expect(await upload({ kind: "ics", file: { name: "inbox.mbox", content: archive() } })).toMatchObject({
      status: 400,
      body: { error: 'inbox.mbox is not an iCalendar file: expected "BEGIN:VCALENDAR" at line 1, found "From MAILER-DAEMON Mon Nov  2 10:00:00 2026"' },
    });
    expect(await upload({ kind: "csv", file: { name: "x.csv", content: "a,b\n1,2\n" }, fields: { map: "a=shoe_size" }, key: acme.key })).toMatchObject({ status: 400 });
    expect(await upload({ fields: { user_uuid: "00000000-0000-4000-8000-000000000000" } })).toMatchObject({ status: 400, body: { error: expect.stringContaining("is not an active user") } });
    // A map target the guessed entity lacks is a 400 naming it, as with the entity given.
    expect(await upload({ kind: "csv", file: { name: "people.csv", content: "First Name,Email\nAda,ada@x.example\n" }, fields: { map: "Email=domain" } })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^map target "domain" is not a persons field/) },
    });
    expect(await upload({ kind: "ics", fields: { since: "2026-12-01", until: "2026-11-01" } })).toMatchObject({ status: 400, body: { error: "since must not be after until" } });
    // Refused once opened, and larger than a read's first chunk (a smaller file is read to its end, which closes it).
    expect(await upload({ kind: "csv", file: { name: "data.csv", content: Buffer.alloc(200_000) } })).toMatchObject({ status: 400, body: { error: "data.csv is not a CSV file: it holds binary data" } });
    expect(heldFilesUnder(UPLOADS_FOLDER)).toEqual([]);
    const twoFiles = new FormData();
    twoFiles.append("kind", "mbox");
    twoFiles.append("file", new File([archive()], "a.mbox"));
    twoFiles.append("file", new File([archive()], "b.mbox"));
    const refusedTwice = await context.app.request("/v1/imports", { method: "POST", headers: { "x-api-key": acme.key }, body: twoFiles });
    expect(refusedTwice.status).toBe(400);
    expect(await refusedTwice.json()).toEqual({ error: "form field 'file' must be given once: one archive an upload" });

    const small = createApp(context.services, { operations: [createImportOperation({ maxUploadBytes: 512 })] });
    expect(await upload({}, small)).toMatchObject({ status: 413, body: { error: expect.stringContaining("larger than the 512-byte limit") } });
    expect(await emailCount()).toBe(0);
  });

  it("sends a word for the calendar window's since or until ('yesterday') to the server's time, over MCP as its client's tools allow", async () => {
    const file = { filename: "calendar.ics", content_base64: Buffer.from(icsFile([])).toString("base64") };
    const importing = (body: Record<string, unknown>, query?: string) =>
      callMcpTool(context, { name: "createImport", args: { body: { kind: "ics", file, ...body } }, headers: { "x-api-key": acme.key }, query });
    expect((await importing({ until: "yesterday" })).content[0]!.text).toBe(
      "HTTP 400: until: 'yesterday' is not an ISO 8601 date or date-time; for a time relative to now, count from server_time of the getMe tool (the server's current time)",
    );
    // A client whose URL leaves getMe out is told what it can do instead.
    expect((await importing({ since: "last week" }, "?areas=imports")).content[0]!.text).toBe(
      "HTTP 400: since: 'last week' is not an ISO 8601 date or date-time; for a time relative to now, send the date or time it means, counted from today's date (UTC), as YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ",
    );
    // A user_uuid that is no UUID is told where users' uuids are, as a query parameter is.
    expect((await importing({ user_uuid: "Avery Stone" })).content[0]!.text).toMatch(/^HTTP 400: user_uuid: must be a UUID; the listUsers tool lists the users with their uuids \(getMe: the caller's\)$/);
  });

  it("refuses an option that does not apply to the kind, and a map naming a header the CSV lacks, before anything is written", async () => {
    const ics = icsFile([vevent(["UID:opt@x", "DTSTART:20261110T150000Z", "SUMMARY:Call", `ORGANIZER:mailto:${acme.admin.email}`, "ATTENDEE:mailto:dana@initech.example"])]);
    const people = "First Name,Email\nAda,ada-csv@x.example\n";
    const card = vcard("3.0", ["FN:Dana Wu", "EMAIL:dana@initech.example"]);
    expect(await upload({ kind: "ics", file: { name: "calendar.ics", content: ics }, fields: { keep_bodies: "true" } })).toEqual({
      status: 400,
      body: { error: "keep_bodies (--keep-bodies) applies to mbox imports only, not to ics" },
    });
    expect(await upload({ fields: { since: "2026-01-01" } })).toEqual({ status: 400, body: { error: "since (--since) applies to ics imports only, not to mbox" } });
    expect(await upload({ kind: "csv", file: { name: "people.csv", content: people }, fields: { until: "2026-12-31" } })).toEqual({
      status: 400,
      body: { error: "until (--until) applies to ics imports only, not to csv" },
    });
    expect(await upload({ kind: "vcf", file: { name: "people.vcf", content: card }, fields: { entity: "persons" } })).toEqual({
      status: 400,
      body: { error: "entity (--entity) applies to csv imports only, not to vcf" },
    });
    expect(await upload({ fields: { map: "Email=email" } })).toEqual({ status: 400, body: { error: "map (--map) applies to csv imports only, not to mbox" } });
    expect(await upload({ kind: "vcf", file: { name: "people.vcf", content: card }, fields: { user_uuid: acme.admin.uuid } })).toEqual({
      status: 400,
      body: { error: "user_uuid (--user) applies to mbox, ics imports only, not to vcf" },
    });
    expect(await upload({ kind: "csv", file: { name: "people.csv", content: people }, fields: { user_uuid: "00000000-0000-4000-8000-000000000000" } })).toEqual({
      status: 400,
      body: { error: "user_uuid (--user) applies to mbox, ics imports only, not to csv" },
    });
    expect(await upload({ kind: "csv", file: { name: "people.csv", content: people }, fields: { map: ["Job=job_title", "E-mail=email"] } })).toEqual({
      status: 400,
      body: { error: 'map names the header "Job", which people.csv does not have; its headers are "First Name", "Email"' },
    });
    // A header is matched without its spaces and punctuation, so a map entry needs no control character, and one
    // would only reach the messages that quote it.
    expect(await upload({ kind: "csv", file: { name: "people.csv", content: people }, fields: { map: ["Email=email", "Job\u001b[2J=job_title"] } })).toEqual({
      status: 400,
      body: { error: "map.1: must not contain control characters (U+001B)" },
    });
    // keep_bodies=false asks for the default, which every kind has.
    expect((await upload({ kind: "ics", file: { name: "calendar.ics", content: ics }, fields: { keep_bodies: "false", since: "2026-11-01", until: "2026-11-30" } })).status).toBe(202);
    await context.services.importJobs.settled();
    expect(await emailCount()).toBe(0);
    expect((await personsByEmail()).has("ada-csv@x.example")).toBe(false);
  });

  it("checks and imports a CSV far larger than the head it sniffs, and the server goes on", async () => {
    const rows = ["First Name,Last Name,Email", ...Array.from({ length: 5_000 }, (_unused, index) => `Person,Number ${index},person${index}@example.com`)];
    const started = await upload({ kind: "csv", file: { name: "people.csv", content: rows.join("\n") }, fields: { dry_run: "true" } });
    expect(started.status).toBe(202);
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid)).body).toMatchObject({ status: "succeeded", summary: { dry_run: true, persons: { created: 5_000 } } });
  });

  it("answers another request while an upload's import writes, not only once it has ended", async () => {
    // Under 64 KiB, so the reader has the whole file at once: only the import's own yields let the event loop turn.
    const rows = 1_000;
    const content = csvFile([["First Name", "Email"], ...Array.from({ length: rows }, (_unused, index) => [`Guest ${index}`, `g${index}@globex.example`])]);
    expect(content.length).toBeLessThan(64 * 1024);
    // Read on a connection of its own, at once: committed batches, as another process would see them.
    const reader = new SqliteDatabase(context.databasePath, { readonly: true });
    const persons = () => reader.prepare("select count(*) from persons where tenant_uuid = ?").pluck().get(acme.tenant.uuid) as number;
    try {
      const before = persons();
      const started = await upload({ kind: "csv", file: { name: "guests.csv", content } });
      expect(started.status).toBe(202);
      let ended = false;
      const settled = context.services.importJobs.settled().then(() => (ended = true));
      // At each turn of the event loop, as a request arriving on a socket waits for one: the first turn that finds
      // the import part-way asks for a page of persons, and the answer comes while the job still runs.
      let answer: Promise<{ status: number; jobStatus: string | undefined }> | null = null;
      while (!ended && answer === null) {
        await setImmediate();
        const written = persons() - before;
        if (written > 0 && written < rows) {
          answer = context.request("/v1/persons?per_page=1", { key: acme.key }).then(async (response) => ({
            status: response.status,
            jobStatus: (await context.services.store.importJobs.get(acme.tenant.uuid, started.body.uuid as string))?.status,
          }));
        }
      }
      expect(answer, "no turn of the event loop while the import wrote").not.toBeNull();
      expect(await answer).toEqual({ status: 200, jobStatus: "running" });
      await settled;
      expect((await read(started.body.uuid)).body).toMatchObject({ status: "succeeded", summary: { persons: { created: rows } } });
    } finally {
      reader.close();
    }
  });

  it("imports vCards and Excel's Unicode Text uploaded in UTF-16", async () => {
    const cards = [
      vcard("3.0", ["FN:Jürgen Müller", "N:Müller;Jürgen;;;", "EMAIL;TYPE=INTERNET:jurgen@initech.example", "ORG:Initech"]),
      vcard("3.0", ["FN:山田 太郎", "N:山田;太郎;;;", "EMAIL;TYPE=INTERNET:taro@kabushiki.example"]),
    ].join("\r\n");
    const vcf = await upload({ kind: "vcf", file: { name: "Outlook.vcf", content: Buffer.from(`\uFEFF${cards}\r\n`, "utf16le") } });
    expect(vcf.status).toBe(202);
    const table = csvFile([["First Name", "Last Name", "E-mail Address", "Job Title"], ["Zoë", "Price", "zoe@globex.example", "Directrice générale"]], "\t");
    const csv = await upload({ kind: "csv", file: { name: "contacts.txt", content: Buffer.from(`\uFEFF${table}`, "utf16le") } });
    expect(csv.status).toBe(202);
    await context.services.importJobs.settled();

    expect((await read(vcf.body.uuid)).body).toMatchObject({ status: "succeeded", summary: { items: { read: 2, written: 2, failed: 0 }, persons: { created: 2 }, companies: { created: 1 } } });
    expect((await read(csv.body.uuid)).body).toMatchObject({ status: "succeeded", summary: { items: { read: 1, written: 1, failed: 0 }, persons: { created: 1 } } });
    const persons = await personsByEmail();
    expect([persons.get("jurgen@initech.example"), persons.get("taro@kabushiki.example"), persons.get("zoe@globex.example")]).toMatchObject([
      { name: "Jürgen Müller", first_name: "Jürgen", last_name: "Müller" },
      { name: "山田 太郎", first_name: "太郎", last_name: "山田" },
      { first_name: "Zoë", last_name: "Price", job_title: "Directrice générale" },
    ]);
  });

  it("fills the empty fields of a person mail brought in from an uploaded card, the dry run counting as the import does", async () => {
    await upload({});
    await context.services.importJobs.settled();
    const guest = (await personsByEmail()).get("guest0@globex.example")!;
    expect(guest).toMatchObject({ job_title: null, primary_company_uuid: null });
    const card = vcard("3.0", ["FN:Gus Guest", "N:Guest;Gus;;;", "EMAIL:guest0@globex.example", "ORG:Globex", "TITLE:Buyer", "ADR;TYPE=WORK:;;;Springfield;;;United States"]);
    const dry = await upload({ kind: "vcf", file: { name: "people.vcf", content: card }, fields: { dry_run: "true" } });
    await context.services.importJobs.settled();
    const real = await upload({ kind: "vcf", file: { name: "people.vcf", content: card } });
    await context.services.importJobs.settled();
    const expected = { items: { read: 1, written: 1, unchanged: 0 }, persons: { matched: 1, created: 0 }, companies: { created: 1 } };
    expect((await read(dry.body.uuid)).body.summary).toMatchObject({ dry_run: true, ...expected });
    expect((await read(real.body.uuid)).body.summary).toMatchObject({ dry_run: false, ...expected });
    const response = await context.request(`/v1/persons/${guest.uuid}`, { key: acme.key });
    expect(await response.json()).toMatchObject({
      name: "Gus Guest", first_name: "Gus", last_name: "Guest", job_title: "Buyer", city: "Springfield", country: "United States",
      primary_company: { name: "Globex" },
    });
    // The same card again finds nothing empty: unchanged.
    const again = await upload({ kind: "vcf", file: { name: "people.vcf", content: card } });
    await context.services.importJobs.settled();
    expect((await read(again.body.uuid)).body.summary).toMatchObject({ items: { written: 0, unchanged: 1 } });
  });

  it("gives the person an uploaded card matched its other addresses, counted in the summary, the dry run too; another tenant's holder is no one", async () => {
    await upload({});
    await context.services.importJobs.settled();
    const guest = (await personsByEmail()).get("guest0@globex.example")!;
    const other = await buildTenant(context.services, { name: "Other" });
    await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Their Gus", emails: ["gus@home.example"] });
    const card = vcard("3.0", ["FN:Gus Guest", "EMAIL:guest0@globex.example", "EMAIL:gus@home.example"]);
    const dry = await upload({ kind: "vcf", file: { name: "people.vcf", content: card }, fields: { dry_run: "true" } });
    await context.services.importJobs.settled();
    const real = await upload({ kind: "vcf", file: { name: "people.vcf", content: card } });
    await context.services.importJobs.settled();
    const expected = { items: { read: 1, written: 1, unchanged: 0 }, persons: { matched: 1, created: 0, addresses_added: 1 } };
    expect((await read(dry.body.uuid)).body.summary).toMatchObject({ dry_run: true, ...expected });
    expect((await read(real.body.uuid)).body.summary).toMatchObject({ dry_run: false, ...expected });
    const response = await context.request(`/v1/persons/${guest.uuid}`, { key: acme.key });
    expect(((await response.json()) as { emails: Array<{ address: string }> }).emails.map((email) => email.address).sort()).toEqual(["guest0@globex.example", "gus@home.example"]);
  });

  it("gives a card's company the domain of the contact's company address, so the company has its people from mail; free mail gives none", async () => {
    const thread = mboxFile([
      mailMessage({ messageId: "<gwen-1@x>", from: acme.admin.email, to: ["guest1@globex.example"], date: "Mon, 2 Nov 2026 09:00:00 +0000", subject: "Terms" }),
      mailMessage({ messageId: "<gwen-2@x>", from: "guest1@globex.example", to: [acme.admin.email], date: "Mon, 2 Nov 2026 10:00:00 +0000", subject: "Re: Terms" }),
    ]);
    await upload({ file: { name: "thread.mbox", content: thread }, fields: { user_uuid: acme.admin.uuid } });
    await context.services.importJobs.settled();
    const cards = [
      vcard("3.0", ["FN:Gwen Guest", "EMAIL:guest1@globex.example", "ORG:Globex", "TITLE:Buyer"]),
      vcard("3.0", ["FN:Pat Free", "EMAIL:pat@gmail.com", "ORG:Pat's Shop"]),
    ].join("\r\n");
    const dry = await upload({ kind: "vcf", file: { name: "people.vcf", content: cards }, fields: { dry_run: "true" } });
    await context.services.importJobs.settled();
    const real = await upload({ kind: "vcf", file: { name: "people.vcf", content: cards } });
    await context.services.importJobs.settled();
    const expected = { items: { read: 2, written: 2 }, persons: { matched: 1, created: 1 }, companies: { created: 2 } };
    expect((await read(dry.body.uuid)).body.summary).toMatchObject(expected);
    expect((await read(real.body.uuid)).body.summary).toMatchObject(expected);
    const companies = await context.request("/v1/companies?per_page=10", { key: acme.key });
    const byName = new Map(((await companies.json()) as { items: Array<{ uuid: string; company_name: string; domain: string | null }> }).items.map((company) => [company.company_name, company]));
    expect(byName.get("Globex")?.domain).toBe("globex.example");
    expect(byName.get("Pat's Shop")?.domain).toBeNull();
    const guest = (await personsByEmail()).get("guest1@globex.example")!;
    const members = await context.request(`/v1/persons?company_uuid=${byName.get("Globex")!.uuid}`, { key: acme.key });
    expect(((await members.json()) as { items: Array<{ uuid: string }> }).items.map((person) => person.uuid)).toEqual([guest.uuid]);
    const paths = await context.request(`/v1/companies/${byName.get("Globex")!.uuid}/recommended-paths`, { key: acme.key });
    expect(((await paths.json()) as { top_external_contacts: Array<{ person_uuid: string }> }).top_external_contacts.map((contact) => contact.person_uuid)).toEqual([guest.uuid]);
  });

  it("links an uploaded contact to the company named in another case or in full-width letters, the oldest of two so named", async () => {
    const created = async (company_name: string) =>
      ((await (await context.request("/v1/companies", { key: acme.key, method: "POST", body: { company_name } })).json()) as { uuid: string }).uuid;
    const vtb = await created("ВТБ");
    // A millisecond later on the test's clock: the older of the two is the one an import takes (of two made in one
    // millisecond, the one of the lower uuid: either, half the time).
    context.clock.advance(1);
    await created("втб");
    const oko = await created("ÖKO GmbH");
    const toyota = await created("Toyota");
    const text = csvFile([
      ["Name", "Email", "Company"],
      ["Ivan Petrov", "ivan@vtb.example", "Втб"],
      ["Jonas Weber", "jonas@oko.example", "öko gmbh"],
      ["Taro Yamada", "taro@toyota.example", "ＴＯＹＯＴＡ"],
    ]);
    const started = await upload({ kind: "csv", file: { name: "contacts.csv", content: text } });
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid)).body.summary).toMatchObject({ persons: { created: 3 }, companies: { created: 0 } });
    const persons = await personsByEmail();
    for (const [address, company] of [["ivan@vtb.example", vtb], ["jonas@oko.example", oko], ["taro@toyota.example", toyota]] as const) {
      const person = await context.request(`/v1/persons/${persons.get(address)!.uuid}`, { key: acme.key });
      expect(((await person.json()) as { primary_company: { uuid: string } | null }).primary_company?.uuid).toBe(company);
    }
  });

  it("names a contact's invalid email address among the summary's problems, as rapport import does", async () => {
    const table = csvFile([["Name", "Email"], ["Only Bad", "only.bad@"], ["Good And Bad", "good-csv@acme.example, nope"]]);
    const csv = await upload({ kind: "csv", file: { name: "people.csv", content: table } });
    const card = vcard("3.0", ["FN:Card Bad", "EMAIL:card.bad@"]);
    const vcf = await upload({ kind: "vcf", file: { name: "people.vcf", content: card } });
    await context.services.importJobs.settled();
    expect((await read(csv.body.uuid)).body.summary).toMatchObject({
      items: { read: 2, written: 1, failed: 1 },
      problems: {
        count: 2,
        first: [
          { position: "row 2 (line 2)", message: "email 'only.bad@' is not an email address" },
          { position: "row 3 (line 3)", message: "email 'nope' is not an email address; imported without it" },
        ],
      },
    });
    expect((await read(vcf.body.uuid)).body.summary).toMatchObject({ items: { failed: 1 }, problems: { first: [{ position: "card 1 (line 1)", message: "email 'card.bad@' is not an email address" }] } });
    expect((await personsByEmail()).get("good-csv@acme.example")).toMatchObject({ name: "Good And Bad", emails: [{ address: "good-csv@acme.example" }] });
  });

  it("gives a member's contacts upload no owner: only mail and calendars have one", async () => {
    const card = vcard("3.0", ["FN:Owned Not", "EMAIL:owned-not@acme.example"]);
    const vcf = await upload({ kind: "vcf", file: { name: "people.vcf", content: card }, key: acme.memberKey });
    expect(vcf).toMatchObject({ status: 202, body: { owner_user_uuid: null, created_by_user_uuid: acme.member.uuid } });
    await context.services.importJobs.settled();
    expect((await read(vcf.body.uuid, acme.memberKey)).body.summary).toMatchObject({ items: { written: 1 }, owner: null });
  });

  it("imports a calendar uploaded in UTF-16, as Outlook can export one", async () => {
    const ics = icsFile([
      vevent([
        "UID:review@x",
        "DTSTART:20261110T150000Z",
        "SUMMARY:Jürgen’s review – Zürich",
        `ORGANIZER;CN=Ada Park:mailto:${acme.admin.email}`,
        "ATTENDEE;CN=José Peña:mailto:jose@cafe.example",
      ]),
    ]);
    const started = await upload({ kind: "ics", file: { name: "Calendar.ics", content: Buffer.from(`\uFEFF${ics}`, "utf16le") }, fields: { since: "2026-11-01", until: "2026-11-30" } });
    expect(started.status).toBe(202);
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid)).body).toMatchObject({
      status: "succeeded",
      progress: { percent: 100, bytes_read: started.body.file_bytes, bytes_total: started.body.file_bytes },
      summary: { items: { read: 1, written: 1, failed: 0 }, meetings: { new: 1 }, persons: { created: 1 } },
    });
    const meetings = await context.services.store.meetings.list(acme.tenant.uuid, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(meetings.rows).toMatchObject([{ external_id: "review@x", title: "Jürgen’s review – Zürich" }]);
    expect((await personsByEmail()).get("jose@cafe.example")?.name).toBe("José Peña");
  });

  it("imports mail in Windows-1252 and cp437 and serves its subjects and sender names as written, not as ISO-8859-1", async () => {
    const messages = [
      [
        "From: Fran\xe7ois \x93Fran\x94 Martin <francois@lumiere.example>",
        `To: ${acme.admin.email}`,
        "Subject: =?windows-1252?Q?Offre_=96_=8030?=",
        "Date: Tue, 13 Oct 2026 09:00:00 +0200",
        "Message-ID: <offer@lumiere.example>",
        "Content-Type: text/plain; charset=windows-1252",
        "",
        "Prix \x96 \x8030",
        "",
      ].join("\n"),
      [
        "From: =?windows1252?Q?Ren=E9e_=93Ray=94_Dubois?= <renee@lumiere.example>",
        `To: ${acme.admin.email}`,
        "Subject: =?cp437?Q?=C9=CD=BB_Men=A3?=",
        "Date: Wed, 14 Oct 2026 09:00:00 +0200",
        "Message-ID: <menu@lumiere.example>",
        "",
        "Hello.",
        "",
      ].join("\n"),
    ];
    const started = await upload({ file: { name: "windows.mbox", content: Buffer.from(mboxFile(messages), "latin1") } });
    expect(started.status).toBe(202);
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid)).body).toMatchObject({ status: "succeeded", summary: { emails: { new: 2 } } });

    const activity = await context.request("/v1/activity", { key: acme.key });
    const { items } = (await activity.json()) as { items: Array<{ title: string }> };
    expect(items.map((item) => item.title)).toEqual(["Offre – €30", "╔═╗ Menú"]);
    const persons = await context.request("/v1/persons?sort_by=name&order=asc", { key: acme.key });
    const { items: people } = (await persons.json()) as { items: Array<{ name: string; emails: Array<{ address: string }> }> };
    expect(people.filter((person) => person.emails[0]?.address.endsWith("@lumiere.example")).map((person) => person.name)).toEqual(["François “Fran” Martin", "Renée “Ray” Dubois"]);
  });

  it("cuts a subject, meeting title and location at their limits without splitting a character, so they stay within them", async () => {
    const subject = `${"s".repeat(MAX_SUBJECT_LENGTH - 1)}😀 and more`;
    const mail = mailMessage({ messageId: "<long@northwind.example>", from: "jordan@northwind.example", to: [acme.admin.email], date: "Mon, 2 Nov 2026 09:00:00 +0000", subject });
    const title = `${"t".repeat(MAX_MEETING_TEXT_LENGTH - 1)}😀`;
    const calendar = icsFile([vevent(["UID:long@x", "DTSTART:20261110T150000Z", `SUMMARY:${title}`, `LOCATION:${title}`, `ORGANIZER:mailto:${acme.admin.email}`, "ATTENDEE:mailto:dana@initech.example"])]);
    await upload({ file: { name: "long.mbox", content: mboxFile([mail]) } });
    await upload({ kind: "ics", file: { name: "long.ics", content: calendar }, fields: { since: "2026-11-01", until: "2026-11-30" } });
    await context.services.importJobs.settled();

    const activity = await context.request("/v1/activity", { key: acme.key });
    const { items } = (await activity.json()) as { items: Array<{ kind: string; title: string }> };
    expect(items.map((item) => [item.kind, item.title])).toEqual([
      ["email", "s".repeat(MAX_SUBJECT_LENGTH - 1)],
      ["meeting", "t".repeat(MAX_MEETING_TEXT_LENGTH - 1)],
    ]);
    const meetings = await context.request("/v1/meetings", { key: acme.key });
    expect(((await meetings.json()) as { items: Array<{ location: string }> }).items[0]!.location).toBe("t".repeat(MAX_MEETING_TEXT_LENGTH - 1));
  });

  it("reports a message whose header block is over 256 KiB as such, in an mbox and in a .eml, not as a missing Date", async () => {
    // The Date comes after a To of 12,000 addresses (about 300 KiB): it lies past the cut.
    const wide = mailMessage({ messageId: "<wide@northwind.example>", from: "jordan@northwind.example", to: Array.from({ length: 12_000 }, (_unused, index) => `guest${index}@globex.example`), date: "Mon, 2 Nov 2026 09:00:00 +0000" });
    const narrow = mailMessage({ messageId: "<narrow@northwind.example>", from: "jordan@northwind.example", to: [acme.admin.email], date: "Mon, 2 Nov 2026 10:00:00 +0000" });
    const mbox = await upload({ file: { name: "wide.mbox", content: mboxFile([wide, narrow]) } });
    const eml = await upload({ file: { name: "wide.eml", content: wide.replace(/\n/g, "\r\n") } });
    await context.services.importJobs.settled();

    expect((await read(mbox.body.uuid)).body.summary).toMatchObject({
      items: { read: 2, written: 1, failed: 1 },
      problems: { count: 1, first: [{ position: "message 1 (line 1)", message: "header block larger than 256 KiB" }] },
    });
    expect((await read(eml.body.uuid)).body.summary).toMatchObject({ items: { read: 1, written: 0, failed: 1 }, problems: { first: [{ message: "header block larger than 256 KiB" }] } });
    expect(await emailCount()).toBe(1);
  });

  it("refuses a message with more recipients in To or in Cc than POST /v1/emails/batch takes, as that endpoint does", async () => {
    const addresses = (count: number, domain: string) => Array.from({ length: count }, (_unused, index) => `guest${index}@${domain}`);
    const message = (id: string, to: string[], cc: string[] = []) => mailMessage({ messageId: `<${id}@northwind.example>`, from: "jordan@northwind.example", to, cc, date: "Mon, 2 Nov 2026 09:00:00 +0000" });
    const mbox = mboxFile([
      message("full", addresses(MAX_EMAIL_RECIPIENTS, "globex.example")),
      message("wide-to", addresses(MAX_EMAIL_RECIPIENTS + 1, "globex.example")),
      message("wide-cc", [acme.admin.email], addresses(MAX_EMAIL_RECIPIENTS + 1, "initech.example")),
    ]);
    const started = await upload({ file: { name: "wide.mbox", content: mbox } });
    await context.services.importJobs.settled();

    expect((await read(started.body.uuid)).body.summary).toMatchObject({
      items: { read: 3, written: 1, failed: 2 },
      problems: {
        count: 2,
        first: [
          { position: "message 2 (line 11)", message: `to has ${MAX_EMAIL_RECIPIENTS + 1} recipients, more than the ${MAX_EMAIL_RECIPIENTS} allowed` },
          { position: "message 3 (line 21)", message: `cc has ${MAX_EMAIL_RECIPIENTS + 1} recipients, more than the ${MAX_EMAIL_RECIPIENTS} allowed` },
        ],
      },
    });
    expect(await context.services.store.emails.get(acme.tenant.uuid, "<wide-to@northwind.example>")).toBeNull();
    expect(await emailCount()).toBe(1);
    // The batch endpoint refuses the same message, as a per-item error.
    const batch = await context.request("/v1/emails/batch", { key: acme.key, method: "POST", body: { messages: [{ message_id: "<wide-to@northwind.example>", sent_at: 1_796_590_000_000, from: "jordan@northwind.example", to: addresses(MAX_EMAIL_RECIPIENTS + 1, "globex.example") }] } });
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as { results: Array<{ status: string }> }).results[0]).toMatchObject({ status: "ERROR" });
  });

  it("imports an event whose TZID nobody defines as UTC and says so, once per event; a zone the file or IANA defines goes unremarked", async () => {
    const people = [`ORGANIZER:mailto:${acme.admin.email}`, "ATTENDEE:mailto:dana@initech.example"];
    const customZone = BERLIN_VTIMEZONE.replace("TZID:Europe/Berlin", "TZID:Office Time");
    const calendar = icsFile([
      customZone,
      vevent(["UID:mars@x", "DTSTART;TZID=Mars/Olympus:20261110T150000", "DTEND;TZID=Mars/Olympus:20261110T160000", "SUMMARY:Mars call", ...people]),
      vevent(["UID:weekly-mars@x", "DTSTART;TZID=Mars/Olympus:20261102T090000", "RRULE:FREQ=WEEKLY;COUNT=3", "SUMMARY:Weekly", ...people]),
      vevent(["UID:office@x", "DTSTART;TZID=Office Time:20261110T150000", "SUMMARY:Office call", ...people]),
      vevent(["UID:tokyo@x", "DTSTART;TZID=Asia/Tokyo:20261110T150000", "SUMMARY:Tokyo call", ...people]),
    ]);
    const started = await upload({ kind: "ics", file: { name: "calendar.ics", content: calendar }, fields: { since: "2026-11-01", until: "2026-11-30" } });
    await context.services.importJobs.settled();

    const caveat = 'unknown time zone "Mars/Olympus" (no VTIMEZONE in the file defines it and it is neither an IANA nor a Windows zone name): its times were read as UTC';
    expect((await read(started.body.uuid)).body.summary).toMatchObject({
      items: { read: 6, written: 6, failed: 0 },
      meetings: { new: 6 },
      problems: {
        count: 2,
        first: [
          { position: "event at line 21 (UID mars@x)", message: caveat },
          { position: "event at line 29 (UID weekly-mars@x), occurrence 2026-11-02T09:00:00.000Z", message: caveat },
        ],
      },
    });
    const meetings = await context.services.store.meetings.list(acme.tenant.uuid, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    const startOf = (key: string) => meetings.rows.find((meeting) => meeting.external_id === key)?.starts_at;
    expect(startOf("mars@x")).toBe(Date.UTC(2026, 10, 10, 15));
    expect(startOf("office@x")).toBe(Date.UTC(2026, 10, 10, 14));
    expect(startOf("tokyo@x")).toBe(Date.UTC(2026, 10, 10, 6));
  });

  it("records and quotes the file's name as a file upload keeps one: last segment, no control characters, at most 255 characters", async () => {
    const started = await upload({ file: { name: `${"n".repeat(5_000)}\u001b[31m.mbox`, content: archive(1) } });
    expect(started.status).toBe(202);
    expect(started.body.file_name).toBe("n".repeat(255));
    await context.services.importJobs.settled();
    // The saved file keeps its extension: a long .eml name is still read as one message.
    const eml = await upload({ file: { name: `${"e".repeat(1_000)}.eml`, content: mailMessage({ messageId: "<one@northwind.example>", from: "jordan@northwind.example", to: [acme.admin.email], date: "Mon, 2 Nov 2026 09:00:00 +0000", subject: "One" }) } });
    await context.services.importJobs.settled();
    expect((await read(eml.body.uuid)).body).toMatchObject({ status: "succeeded", file_name: "e".repeat(255), summary: { emails: { new: 1 } } });
    const refused = await upload({ file: { name: `${"x".repeat(10_000)}.mbox`, content: "not mail" } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(`${"x".repeat(255)} is not an mbox file: it must start with a "From " line, found "not mail" at line 1`);
    // A name that takes the part's headers over 16 KiB is refused as POST /v1/files refuses it (cut and taken until 2026-12-06).
    const tooLong = await upload({ file: { name: `${"x".repeat(100_000)}.mbox`, content: archive(1) } });
    expect(tooLong).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^a part's headers are longer than 16 KiB/) } });
  });

  it("takes an until given as a date as the window's last day, included whole", async () => {
    const event = (uid: string, start: string) => vevent([`UID:${uid}`, `DTSTART:${start}`, "SUMMARY:Call", `ORGANIZER:mailto:${acme.admin.email}`, "ATTENDEE:mailto:dana@initech.example"]);
    const calendar = icsFile([event("last-day@x", "20261130T150000Z"), event("next-day@x", "20261201T000000Z")]);
    const started = await upload({ kind: "ics", file: { name: "calendar.ics", content: calendar }, fields: { since: "2026-11-01", until: "2026-11-30" } });
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid)).body.summary).toMatchObject({ meetings: { new: 1 }, skipped: { "outside the window": 1 } });
    expect(await context.services.store.meetings.findByExternalId(acme.tenant.uuid, "last-day@x")).not.toBeNull();
  });

  it("reads a comma-separated CSV whose quoted cell lists addresses with semicolons as comma-separated", async () => {
    // Excel quotes such a cell; its semicolons outnumber the row's commas.
    const rows = 'First Name,Email\r\nMany,"many1@multi.example; many2@multi.example; many3@multi.example"\r\n';
    const started = await upload({ kind: "csv", file: { name: "contacts.csv", content: rows } });
    expect(started.status).toBe(202);
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid)).body).toMatchObject({ status: "succeeded", summary: { items: { written: 1 }, persons: { created: 1 } } });
    expect((await personsByEmail()).get("many1@multi.example")?.emails.map((email) => email.address)).toEqual([
      "many1@multi.example",
      "many2@multi.example",
      "many3@multi.example",
    ]);
  });

  it("keeps jobs within their tenant and from members who neither started them nor own them", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const byAdmin = await upload({ key: acme.adminKey });
    const byMember = await upload({ key: acme.memberKey });
    await context.services.importJobs.settled();

    expect((await read(byAdmin.body.uuid, other.key)).status).toBe(404);
    expect((await read(byAdmin.body.uuid, acme.memberKey)).status).toBe(404);
    expect((await read(byAdmin.body.uuid, acme.adminKey)).status).toBe(200);
    expect((await read(byMember.body.uuid, acme.memberKey)).status).toBe(200);
    expect((await read(byMember.body.uuid, acme.adminKey)).status).toBe(200);

    expect(await upload({ fields: { user_uuid: acme.admin.uuid }, key: acme.memberKey })).toMatchObject({ status: 403, body: { error: expect.stringContaining("only their own mailbox") } });
    expect(await upload({ fields: { user_uuid: acme.member.uuid }, key: acme.adminKey })).toMatchObject({ status: 202, body: { owner_user_uuid: acme.member.uuid } });
    expect(await upload({ fields: { user_uuid: other.admin.uuid } })).toMatchObject({ status: 400 });
  });

  it("changes through a member's calendar only the meetings the member may change by PUT, as a skip otherwise", async () => {
    const board = (fields: string[]) =>
      icsFile([
        vevent([
          "UID:board@northwind.example",
          "DTSTART:20261110T150000Z",
          "DTEND:20261110T160000Z",
          "ORGANIZER:mailto:jordan@northwind.example",
          `ATTENDEE:mailto:${acme.admin.email}`,
          `ATTENDEE:mailto:${acme.member.email}`,
          ...fields,
        ]),
      ]);
    const window = { since: "2026-11-01", until: "2026-11-30" };
    const imported = async (key: string, content: string) => {
      const started = await upload({ kind: "ics", file: { name: "calendar.ics", content }, fields: window, key });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await context.services.importJobs.settled();
      return (await read(started.body.uuid, key)).body.summary;
    };
    expect(await imported(acme.adminKey, board(["SUMMARY:Board review"]))).toMatchObject({ meetings: { new: 1 } });
    const stored = await context.services.store.meetings.findByExternalId(acme.tenant.uuid, "board@northwind.example");
    // The member neither created nor organizes it: PUT refuses, and so does its calendar, renamed or cancelled.
    expect((await context.request(`/v1/meetings/${stored!.uuid}`, { method: "PUT", key: acme.memberKey, body: { title: "Renamed" } })).status).toBe(403);
    const notTheirs = "a meeting only its creator, its organizer or an administrator may change";
    for (const fields of [["SUMMARY:Renamed by Mike"], ["SUMMARY:Board review", "STATUS:CANCELLED"]]) {
      for (const dryRun of ["true", "false"]) {
        const started = await upload({ kind: "ics", file: { name: "calendar.ics", content: board(fields) }, fields: { ...window, dry_run: dryRun }, key: acme.memberKey });
        await context.services.importJobs.settled();
        expect((await read(started.body.uuid, acme.memberKey)).body.summary, `${fields.join()} ${dryRun}`).toMatchObject({
          items: { read: 1, written: 0, skipped: 1 },
          meetings: { new: 0, updated: 0 },
          skipped: { [notTheirs]: 1 },
        });
      }
    }
    expect(await context.services.store.meetings.get(acme.tenant.uuid, stored!.uuid)).toMatchObject({ title: "Board review", status: "confirmed" });
    // An administrator's calendar changes it.
    expect(await imported(acme.adminKey, board(["SUMMARY:Board review (moved)"]))).toMatchObject({ meetings: { updated: 1 } });
    expect(await context.services.store.meetings.get(acme.tenant.uuid, stored!.uuid)).toMatchObject({ title: "Board review (moved)" });
  });

  it("keeps a member's mail bodies only for the emails the member is on, never giving another's email one", async () => {
    const message = (id: string, from: string, body: string) =>
      mailMessage({ messageId: `<${id}@x>`, from, to: ["jordan@northwind.example"], date: "Mon, 2 Nov 2026 09:00:00 +0000", subject: id, body });
    // Stored without a body (as POST /v1/emails/batch stores every email): the administrator's, and the member's.
    const ingested = await context.json("/v1/emails/batch", {
      key: acme.key,
      method: "POST",
      body: { messages: ["boss", "mine"].map((id) => ({ message_id: `<${id}@x>`, sent_at: 1_796_590_000_000, from: id === "boss" ? acme.admin.email : acme.member.email, to: ["jordan@northwind.example"] })) },
    });
    expect(ingested.status).toBe(200);
    const content = mboxFile([message("boss", acme.admin.email, "Words the administrator never wrote."), message("mine", acme.member.email, "What Mike wrote.")]);
    const started = await upload({ file: { name: "inbox.mbox", content }, fields: { keep_bodies: "true" }, key: acme.memberKey });
    expect(started.status).toBe(202);
    await context.services.importJobs.settled();
    expect((await read(started.body.uuid, acme.memberKey)).body).toMatchObject({ status: "succeeded", summary: { emails: { known: 2 } } });

    const bodyOf = async (id: string) => {
      const email = await context.services.store.emails.get(acme.tenant.uuid, `<${id}@x>`);
      return (await context.json(`/v1/emails/${email!.uuid}?include_body=true`, { key: acme.key })).body?.body;
    };
    expect(await bodyOf("boss")).toBeNull();
    expect(await bodyOf("mine")).toContain("What Mike wrote.");
  });

  it("marks a job failed when the server stops under it, or when its server vanished", async () => {
    const started = await upload({ file: { name: "big.mbox", content: archive(400) } });
    await context.services.importJobs.stop();
    const stopped = await read(started.body.uuid);
    expect(stopped.body).toMatchObject({ status: "failed", error: INTERRUPTED_BY_SHUTDOWN, summary: { outcome: "interrupted" } });
    expect(stopped.body.summary.emails.new).toBeLessThan(400);
    // Stopped part-way through its file, the job let the file go (it held it until GC).
    expect(heldFilesUnder(UPLOADS_FOLDER)).toEqual([]);

    // A job left running by a process that died: its heartbeat goes stale.
    const { store } = context.services;
    const orphan = await store.importJobs.create(acme.tenant.uuid, { kind: "ics", dry_run: false, file_name: "calendar.ics" });
    await store.importJobs.start(acme.tenant.uuid, orphan.uuid);
    await store.importJobs.progress(acme.tenant.uuid, orphan.uuid, { items_processed: 0, bytes_processed: 0, summary: { ...emptySummary("ics", false) } });
    // Not ended, it has no outcome yet (until 2026-12-07 its progress said "completed").
    expect((await read(orphan.uuid)).body).toMatchObject({ status: "running", summary: { outcome: null, items: { read: 0 } } });
    context.clock.advance(STALE_AFTER_MS + 1);
    expect((await read(orphan.uuid)).body).toMatchObject({ status: "failed", error: ABANDONED, summary: { outcome: "failed" } });

    // One that names its process is failed at once when that is a process of this host that no longer runs (here an
    // earlier process of this one's id, as a restarted container's pid 1 is); another host's keeps the timeout.
    const runningJob = async (runner: string) => {
      const job = await store.importJobs.create(acme.tenant.uuid, { kind: "ics", dry_run: false, file_name: "calendar.ics", runner });
      await store.importJobs.start(acme.tenant.uuid, job.uuid);
      return job.uuid;
    };
    const [restarted, elsewhere] = [await runningJob(`pid-${process.pid}@${hostname()}/an-earlier-process`), await runningJob(`pid-${process.pid}@another-host/a-process`)];
    expect((await read(restarted)).body).toMatchObject({ status: "failed", error: ABANDONED });
    expect((await read(elsewhere)).body.status).toBe("running");
    context.clock.advance(STALE_AFTER_MS + 1);
    expect((await read(elsewhere)).body).toMatchObject({ status: "failed", error: ABANDONED });

    const rerun = await upload({ file: { name: "big.mbox", content: archive(400) } });
    await context.services.importJobs.settled();
    expect((await read(rerun.body.uuid)).body).toMatchObject({ status: "succeeded", summary: { emails: { new: 400 - stopped.body.summary.emails.new, known: stopped.body.summary.emails.new } } });
  });
});

describe("an import a full disk stops", () => {
  // As SQLite fails a write on a full disk (and rolls its transaction back).
  const diskFull = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
  const FULL_DISK_JOB_ERROR =
    "import failed: the server's disk is full, so the rest of the file was not imported. Upload the same file again later: what was already imported is recognized and not added twice.";

  it("says so in the API's words for a full disk, and to upload the file again later (it quoted SQLite)", async () => {
    // Each batch's transaction, as SQLite fails one on a full disk (and rolls it back).
    const full = vi.spyOn(context.services.store, "transaction").mockRejectedValue(diskFull());
    try {
      const started = await upload({});
      await context.services.importJobs.settled();
      expect((await read(started.body.uuid as string)).body).toMatchObject({ status: "failed", error: FULL_DISK_JOB_ERROR });
      // As a request's: the operator's probe says it (it said "ready").
      const ready = await context.request("/ready");
      expect({ status: ready.status, body: await ready.json() }).toMatchObject({ status: 503, body: { status: "disk_full" } });
    } finally {
      full.mockRestore();
      context.services.storageFaults?.wroteAgain();
    }
  });

  it("answers the job failed when the disk refuses that too, and records it once the disk takes writes again (it stayed running)", async () => {
    const full = vi.spyOn(context.services.store, "transaction").mockRejectedValue(diskFull());
    const unrecorded = vi.spyOn(context.services.store.importJobs, "finish").mockRejectedValue(diskFull());
    try {
      const uuid = (await upload({})).body.uuid as string;
      await context.services.importJobs.settled();
      expect((await read(uuid)).body).toMatchObject({ status: "failed", error: FULL_DISK_JOB_ERROR });
      expect(await context.services.store.importJobs.get(acme.tenant.uuid, uuid)).toMatchObject({ status: "running" });
      unrecorded.mockRestore();
      expect((await read(uuid)).body).toMatchObject({ status: "failed", error: FULL_DISK_JOB_ERROR });
      expect(await context.services.store.importJobs.get(acme.tenant.uuid, uuid)).toMatchObject({ status: "failed", error: FULL_DISK_JOB_ERROR });
    } finally {
      full.mockRestore();
      unrecorded.mockRestore();
      context.services.storageFaults?.wroteAgain();
    }
  });
});

describe("an import whose ending the database refuses to record", () => {
  const diskFull = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
  const FULL_DISK_JOB_ERROR =
    "import failed: the server's disk is full, so the rest of the file was not imported. Upload the same file again later: what was already imported is recognized and not added twice.";

  it("loses the last batch's records with it, never half of the two: failed with what committed, and the same upload again adds exactly the rest", async () => {
    const { store } = context.services;
    const transaction = store.transaction.bind(store);
    // A disk that refuses the job's ending, as the last records are written in its transaction (it said succeeded
    // while its row said running, and a server stopped then left it abandoned).
    const refused = vi.spyOn(store, "transaction").mockImplementation((work) =>
      transaction((inTransaction) => work({ ...inTransaction, importJobs: { ...inTransaction.importJobs, finish: () => Promise.reject(diskFull()) } })),
    );
    let uuid: string;
    try {
      uuid = (await upload({ file: { name: "big.mbox", content: archive(120) } })).body.uuid as string;
      await context.services.importJobs.settled();
    } finally {
      refused.mockRestore();
      context.services.storageFaults?.wroteAgain();
    }
    expect(await emailCount()).toBe(2 * UPLOAD_BATCH_SIZE);
    expect((await read(uuid)).body).toMatchObject({ status: "failed", error: FULL_DISK_JOB_ERROR, summary: { outcome: "failed", emails: { new: 2 * UPLOAD_BATCH_SIZE } } });
    const again = (await upload({ file: { name: "big.mbox", content: archive(120) } })).body.uuid as string;
    await context.services.importJobs.settled();
    expect((await read(again)).body).toMatchObject({ status: "succeeded", summary: { emails: { new: 120 - 2 * UPLOAD_BATCH_SIZE, known: 2 * UPLOAD_BATCH_SIZE } } });
    expect(await emailCount()).toBe(120);
  });

  it("replaces with its ending, written with its last records, the ABANDONED another node guessed from its stale heartbeat meanwhile", async () => {
    const { store } = context.services;
    const transaction = store.transaction.bind(store);
    // The job's one batch waits (as behind a long lock) until the other node has read the job.
    let reached!: () => void;
    const batchReached = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = vi.spyOn(store, "transaction").mockImplementation(async (work) => {
      reached();
      await released;
      return transaction(work);
    });
    // Another API node on the same database: it knows of the job only its row.
    const otherNodeFolder = mkdtempSync(join(tmpdir(), "rapport-other-node-"));
    const otherNode = createImportJobs({ store, clock: context.clock, logger: pino({ level: "silent" }), folder: otherNodeFolder });
    try {
      const uuid = (await upload({})).body.uuid as string;
      await batchReached;
      expect(await otherNode.get(acme.tenant.uuid, uuid)).toMatchObject({ status: "running" });
      context.clock.advance(STALE_AFTER_MS + 1);
      expect(await otherNode.get(acme.tenant.uuid, uuid)).toMatchObject({ status: "failed", error: ABANDONED });
      release();
      await context.services.importJobs.settled();
      expect(await otherNode.get(acme.tenant.uuid, uuid)).toMatchObject({ status: "succeeded", error: null, summary: { emails: { new: 3 } } });
      expect((await read(uuid)).body).toMatchObject({ status: "succeeded", error: null });
    } finally {
      release();
      held.mockRestore();
      await otherNode.stop();
      rmSync(otherNodeFolder, { recursive: true, force: true });
    }
  });
});

describe("an import whose records all committed, on a disk that then refuses every write", () => {
  const diskFull = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });

  /**
   * The store as a disk that fills the moment the tenant holds `messages` emails: the transaction that brought them
   * in commits, and every write after it (a transaction, a job's progress or ending) is refused.
   */
  function diskFullOnceIn(messages: number) {
    const { store } = context.services;
    const state = { full: false };
    const transaction = store.transaction.bind(store);
    const finish = store.importJobs.finish.bind(store.importJobs);
    const progress = store.importJobs.progress.bind(store.importJobs);
    const spies = [
      vi.spyOn(store, "transaction").mockImplementation(async (work) => {
        if (state.full) throw diskFull();
        const result = await transaction(work);
        if ((await emailCount()) === messages) state.full = true;
        return result;
      }),
      vi.spyOn(store.importJobs, "finish").mockImplementation((...args) => (state.full ? Promise.reject(diskFull()) : finish(...args))),
      vi.spyOn(store.importJobs, "progress").mockImplementation((...args) => (state.full ? Promise.reject(diskFull()) : progress(...args))),
    ];
    return {
      restore() {
        for (const spy of spies) spy.mockRestore();
        context.services.storageFaults?.wroteAgain();
      },
    };
  }

  // 120: a last batch shorter than the others; 100: a last batch as full as the others, the archive ending with it.
  it.each([120, 2 * UPLOAD_BATCH_SIZE])("reads succeeded with its summary (%i messages) on the next server too, never abandoned: the ending commits with the last batch", async (messages) => {
    const disk = diskFullOnceIn(messages);
    const otherNodeFolder = mkdtempSync(join(tmpdir(), "rapport-next-server-"));
    // The server started next on the same database: it knows of the job only its row.
    const nextServer = createImportJobs({ store: context.services.store, clock: context.clock, logger: pino({ level: "silent" }), folder: otherNodeFolder });
    try {
      const uuid = (await upload({ file: { name: "big.mbox", content: archive(messages) } })).body.uuid as string;
      await context.services.importJobs.settled();
      expect(await emailCount()).toBe(messages);
      // This server is stopped for good, the disk still full; its operator then frees room and starts the next.
      await context.services.importJobs.stop();
      disk.restore();
      context.clock.advance(STALE_AFTER_MS + 1);
      const job = await nextServer.get(acme.tenant.uuid, uuid);
      expect(job).toMatchObject({ status: "succeeded", error: null, summary: { outcome: "completed", items: { read: messages }, emails: { new: messages } } });
      expect((await read(uuid)).body).toMatchObject({ status: "succeeded", progress: { items_read: messages }, summary: { outcome: "completed", emails: { new: messages, known: 0 } } });
    } finally {
      disk.restore();
      await nextServer.stop();
      rmSync(otherNodeFolder, { recursive: true, force: true });
    }
  });

  it("reads, once abandoned, the summary of every batch committed, no less: its progress commits with each batch", async () => {
    // The disk fills as the second of three batches commits; the server is then stopped for good.
    const disk = diskFullOnceIn(2 * UPLOAD_BATCH_SIZE);
    const otherNodeFolder = mkdtempSync(join(tmpdir(), "rapport-next-server-"));
    const nextServer = createImportJobs({ store: context.services.store, clock: context.clock, logger: pino({ level: "silent" }), folder: otherNodeFolder });
    try {
      const uuid = (await upload({ file: { name: "big.mbox", content: archive(120) } })).body.uuid as string;
      await context.services.importJobs.settled();
      await context.services.importJobs.stop();
      disk.restore();
      context.clock.advance(STALE_AFTER_MS + 1);
      expect(await emailCount()).toBe(2 * UPLOAD_BATCH_SIZE);
      // It said 50 (the progress written after the batch, refused) where 100 had landed.
      expect(await nextServer.get(acme.tenant.uuid, uuid)).toMatchObject({ status: "failed", error: ABANDONED, summary: { emails: { new: 2 * UPLOAD_BATCH_SIZE } } });
    } finally {
      disk.restore();
      await nextServer.stop();
      rmSync(otherNodeFolder, { recursive: true, force: true });
    }
  });
});

describe("an import job's heartbeat", () => {
  it("never writes its progress over a further one a batch committed while the heartbeat waited for its transaction", async () => {
    const { store } = context.services;
    const transaction = store.transaction.bind(store);
    const progress = store.importJobs.progress.bind(store.importJobs);
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      let reach!: () => void;
      const reached = new Promise<void>((resolve) => (reach = resolve));
      return { open, opened, reach, reached };
    };
    // The second batch's transaction waits, begun; the third waits before it begins (a read then goes through).
    const [second, third] = [gate(), gate()];
    let batches = 0;
    let secondOpen = false;
    // The heartbeat's write (a transaction or a write of its own), asked for while the second batch's transaction is open.
    const beats: Array<Promise<unknown>> = [];
    const heldBack = (write: Promise<unknown>) => {
      beats.push(write.catch(() => undefined));
      return write;
    };
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const spies = [
      vi.spyOn(store, "transaction").mockImplementation(async (work) => {
        if (secondOpen) return heldBack(transaction(work)) as Promise<never>;
        batches += 1;
        if (batches === 2) {
          return transaction(async (inTransaction) => {
            secondOpen = true;
            second.reach();
            await second.opened;
            secondOpen = false;
            return work(inTransaction);
          });
        }
        if (batches === 3) {
          third.reach();
          await third.opened;
        }
        return transaction(work);
      }),
      vi.spyOn(store.importJobs, "progress").mockImplementation((...args) => (secondOpen ? (heldBack(progress(...args)) as Promise<void>) : progress(...args))),
    ];
    try {
      const uuid = (await upload({ file: { name: "big.mbox", content: archive(120) } })).body.uuid as string;
      await second.reached;
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      expect(beats).toHaveLength(1);
      second.open();
      await third.reached;
      await Promise.all(beats);
      // It wrote the counts it knew, the first batch's, over the second's: 50 emails where 100 had landed.
      expect(await store.importJobs.get(acme.tenant.uuid, uuid)).toMatchObject({ status: "running", summary: { emails: { new: 2 * UPLOAD_BATCH_SIZE } } });
      third.open();
      await context.services.importJobs.settled();
      expect((await read(uuid)).body).toMatchObject({ status: "succeeded", summary: { emails: { new: 120 } } });
    } finally {
      second.open();
      third.open();
      for (const spy of spies) spy.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe("imports under way at once", () => {
  it("refuses a tenant's upload with a 429 while it has MAX_IMPORTS_PER_TENANT under way, before reading it; other tenants upload", async () => {
    const held = Array.from({ length: MAX_IMPORTS_PER_TENANT }, () => context.services.importJobs.reserve(acme.tenant.uuid)!);
    const form = new FormData();
    form.append("kind", "mbox");
    form.append("file", new File([archive()], "inbox.mbox"));
    const refused = await context.app.request("/v1/imports", { method: "POST", headers: { "x-api-key": acme.key }, body: form });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("10");
    expect(((await refused.json()) as { error: string }).error).toMatch(/already has 2 imports under way on this server .*wait for one to finish/);
    await context.services.importJobs.settled();
    expect(await emailCount()).toBe(0);

    const other = await buildTenant(context.services, { name: "Other" });
    expect((await upload({ key: other.key })).status).toBe(202);

    held[0]!.release();
    // A refused upload gives its place back at once, a started job when it ends.
    expect((await upload({ kind: "ics" })).status).toBe(400);
    expect((await upload({ kind: "ics" })).status).toBe(400);
    expect((await upload({})).status).toBe(202);
    await context.services.importJobs.settled();
    expect((await upload({})).status).toBe(202);
    held[1]!.release();
  });
});

describe("a job that fails while it runs", () => {
  it("names the file as it was sent, never the path the server saved it under, and the row the parser failed at", async () => {
    // A column of filler puts the rows of a first batch in the reader's first 64 KiB: they are written before it fails.
    const filler = "x".repeat(1_400);
    const rows = csvFile([["First Name", "Email", "Notes"], ...Array.from({ length: 50 }, (_unused, index) => [`Guest ${index}`, `guest${index}@globex.example`, filler])]);
    // Read well past its first row (the upload's check), then a quote that never closes.
    const started = await upload({ kind: "csv", file: { name: "contacts export.csv", content: `${rows}"Unclosed,late@globex.example,\r\n` } });
    expect(started.status).toBe(202);
    await context.services.importJobs.settled();
    const job = (await read(started.body.uuid as string)).body;
    // Its summary is what it wrote before the failure, which it says (it said "completed").
    expect(job).toMatchObject({ status: "failed", summary: { outcome: "failed", persons: { created: 50 } } });
    expect(job.error).toMatch(/^contacts export\.csv is not a readable CSV file at row 52: Quote Not Closed/);
    expect(job.error).not.toMatch(/rapport-imports|\/tmp\//);
  });
});
