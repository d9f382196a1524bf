import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EMAIL_INGEST_STATUSES, type InteractionRecord } from "../activity-records.js";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let store: Store;
let tenantUuid: string;
beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

async function collect(iterable: AsyncIterable<InteractionRecord>) {
  const records: InteractionRecord[] = [];
  for await (const record of iterable) records.push(record);
  return records;
}

describe("emails", () => {
  it("resolves participants by address (creating unknown ones) and ingests a message id once", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] });
    const first = await store.emails.ingest(tenantUuid, {
      message_id: "<m1@x>",
      sent_at: 1_000,
      subject: "Hello",
      from: { email: "ADA@x.example" },
      to: [{ email: "bob@y.example", name: "Bob Y" }, { email: "bob@y.example" }],
      cc: [{ email: "carol@z.example" }, { email: "bob@y.example" }],
    });
    expect(first.status).toBe("CREATED");
    expect(first.email.from_person_uuid).toBe(ada.uuid);
    expect(first.email.to_person_uuids).toHaveLength(1);
    expect(first.email.cc_person_uuids).toHaveLength(1);
    const bob = await store.persons.get(tenantUuid, first.email.to_person_uuids[0]!);
    expect(bob).toMatchObject({ name: "Bob Y", emails: [{ address: "bob@y.example" }] });

    const again = await store.emails.ingest(tenantUuid, { message_id: "<m1@x>", sent_at: 5, from: { email: "z@z.example" } });
    expect(again.status).toBe("DUPLICATE");
    expect(again.email.uuid).toBe(first.email.uuid);
    expect([first.status, again.status]).toEqual([...EMAIL_INGEST_STATUSES]);
    expect((await store.persons.list(tenantUuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 })).total).toBe(3);
  });

  it("takes a Message-ID with and without its angle brackets for one message, in a batch or later, as stored", async () => {
    // `rapport import` keeps the header's brackets; a mail API may hand out the bare id (JMAP does).
    const imported = await store.emails.ingest(tenantUuid, { message_id: "<m1@x.example>", sent_at: 1_000, from: { email: "ada@x.example" }, to: [{ email: "bob@y.example" }] });
    const synced = await store.emails.ingestMany(tenantUuid, [
      { message_id: "m1@x.example", sent_at: 1_000, from: { email: "ada@x.example" }, to: [{ email: "bob@y.example" }] },
      { message_id: " m2@x.example ", sent_at: 2_000, from: { email: "ada@x.example" }, to: [{ email: "bob@y.example" }] },
      { message_id: "<m2@x.example>", sent_at: 2_000, from: { email: "ada@x.example" }, to: [{ email: "bob@y.example" }] },
    ]);
    expect(synced.map((result) => result.status)).toEqual(["DUPLICATE", "CREATED", "DUPLICATE"]);
    const [first, second, third] = synced.map((result) => ("email" in result ? result.email : null));
    expect(first!.uuid).toBe(imported.email.uuid);
    expect(third!.uuid).toBe(second!.uuid);
    expect([first!.message_id, second!.message_id]).toEqual(["<m1@x.example>", "m2@x.example"]);
    expect((await store.emails.get(tenantUuid, "m1@x.example"))?.uuid).toBe(imported.email.uuid);
    expect((await store.emails.get(tenantUuid, "<m2@x.example>"))?.uuid).toBe(second!.uuid);
    const graph = await store.graphs.forTenant(tenantUuid);
    expect(graph.interactionCount).toBe(2);
  });

  it("writes nothing for an item whose participant is invalid", async () => {
    await expect(
      store.emails.ingest(tenantUuid, { message_id: "m2", sent_at: 1, from: { email: "new@x.example" }, to: [{ email: "not an address" }] }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    expect(await store.emails.get(tenantUuid, "m2")).toBeNull();
    const persons = await store.persons.list(tenantUuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 });
    expect(persons.total).toBe(0);
  });
});

describe("email batches", () => {
  it("ingest in one call with each item on its own: created, duplicate (stored or earlier in the batch) or error, in input order", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] });
    const stored = await store.emails.ingest(tenantUuid, { message_id: "old", sent_at: 5, from: { email: "ada@x.example" } });
    const graph = await store.graphs.forTenant(tenantUuid);
    const missing = "0b9c7a1e-0000-4000-8000-000000000000";
    const results = await store.emails.ingestMany(tenantUuid, [
      { message_id: "b1", sent_at: 10, from: { email: "ada@x.example" }, to: [{ email: "new@y.example", name: "New Y" }, { email: "b@y.example" }] },
      { message_id: "b2", sent_at: 20, from: { email: "fresh@z.example" }, to: [{ email: "not an address" }] },
      { message_id: "old", sent_at: 30, from: { email: "someone@z.example" } },
      { message_id: " b1 ", sent_at: 40, from: { email: "other@z.example" } },
      { message_id: "b3", sent_at: 50, from: { person_uuid: ada.uuid.toUpperCase() }, to: [{ email: "late@y.example" }], cc: [{ person_uuid: missing }] },
      { message_id: "b4", sent_at: 60, from: { person_uuid: ada.uuid.toUpperCase() }, to: [{ email: "NEW@y.example" }], cc: [{ email: "c@y.example" }, { email: "new@y.example" }] },
    ]);
    expect(results.map((result) => result.status)).toEqual(["CREATED", "ERROR", "DUPLICATE", "DUPLICATE", "ERROR", "CREATED"]);
    const [b1, b2, old, again, b3, b4] = results;
    if (!("email" in b1!) || !("email" in b4!) || !("email" in old!) || !("email" in again!)) throw new Error("unexpected");
    if (b2!.status !== "ERROR" || b3!.status !== "ERROR") throw new Error("unexpected");
    expect(b2!.error).toBeInstanceOf(InvalidInputError);
    expect(b2!.error.message).toBe("participant 'not an address' is neither a person_uuid nor an email address");
    expect(b3!.error.message).toBe(`person ${missing} not found`);
    expect(old!.email).toEqual(stored.email);
    expect(again!.email.uuid).toBe(b1!.email.uuid);
    // What the batch answers is what is stored, and what one call each would have answered.
    expect(await store.emails.get(tenantUuid, "b1")).toEqual(b1!.email);
    expect(await store.emails.get(tenantUuid, "b4")).toEqual(b4!.email);
    expect(await store.emails.get(tenantUuid, "b2")).toBeNull();
    expect(await store.emails.get(tenantUuid, "b3")).toBeNull();
    expect(b4!.email.from_person_uuid).toBe(ada.uuid);
    const newY = (await store.persons.findByEmails(tenantUuid, ["new@y.example"])).get("new@y.example");
    expect(b4!.email.to_person_uuids).toEqual([newY]);
    expect(b4!.email.cc_person_uuids).toHaveLength(1);
    expect(b1!.email.to_person_uuids).toEqual([...b1!.email.to_person_uuids].sort());
    // Persons: Ada, b@ and c@, New Y (created once, named by its first mention), in name order; none for the failed items.
    const persons = await store.persons.list(tenantUuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 });
    expect(persons.rows.map((person) => person.name)).toEqual(["Ada", "b@y.example", "c@y.example", "New Y"]);
    // The loaded graph follows the committed items only.
    expect(graph.hasInteraction(b1!.email.uuid)).toBe(true);
    expect(graph.hasInteraction(b4!.email.uuid)).toBe(true);
    expect(graph.interactionCount).toBe(2);
  });

  it("roll back with the transaction they run in", async () => {
    await expect(
      store.transaction(async (transaction) => {
        await transaction.emails.ingestMany(tenantUuid, [{ message_id: "t1", sent_at: 1, from: { email: "a@x.example" }, to: [{ email: "b@x.example" }] }]);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await store.emails.get(tenantUuid, "t1")).toBeNull();
    expect((await store.persons.findByEmails(tenantUuid, ["a@x.example"])).size).toBe(0);
  });
});

describe("reading a whole tenant", () => {
  it("yields every email and live meeting once, across pages and equal times", async () => {
    const messages = Array.from({ length: 2_150 }, (_unused, index) => ({
      message_id: `m${index}`,
      // Long runs of equal times, one of them across the first page boundary.
      sent_at: 1_000 + Math.floor(index / 300),
      from: { email: `sender${index % 7}@x.example` },
      to: [{ email: `to${index % 11}@y.example` }, { email: `cc${index % 3}@z.example` }],
    }));
    for (let start = 0; start < messages.length; start += 500) await store.emails.ingestMany(tenantUuid, messages.slice(start, start + 500));
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada" });
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo" });
    const kept = await store.meetings.create(tenantUuid, { title: "Kept", starts_at: 1_004, organizer: { person_uuid: ada.uuid }, attendees: [{ person_uuid: cleo.uuid }] });
    const gone = await store.meetings.create(tenantUuid, { title: "Gone", starts_at: 1_004, attendees: [{ person_uuid: ada.uuid }] });
    await store.meetings.delete(tenantUuid, gone.uuid);

    const records = await collect(store.interactions.all(tenantUuid));
    // In time order across the emails' pages; the meeting after the emails of its time (sent_at 1,004: indexes 1,200 to 1,499).
    const times = records.map((record) => record.occurred_at);
    expect(times).toEqual([...times].sort((left, right) => left - right));
    expect(records.findIndex((record) => record.kind === "meeting")).toBe(1_500);
    const emails = records.filter((record) => record.kind === "email");
    expect(emails).toHaveLength(messages.length);
    expect(new Set(emails.map((record) => record.id)).size).toBe(messages.length);
    expect(emails.every((record) => record.participant_person_uuids.length === 2)).toBe(true);
    const stored = (await store.emails.get(tenantUuid, "m1234"))!;
    expect(emails.find((record) => record.id === stored.uuid)).toMatchObject({
      occurred_at: stored.sent_at,
      initiator_person_uuid: stored.from_person_uuid,
      participant_person_uuids: expect.arrayContaining([...stored.to_person_uuids]),
    });
    expect(records.filter((record) => record.kind === "meeting")).toEqual([
      { id: kept.uuid, kind: "meeting", occurred_at: 1_004, initiator_person_uuid: ada.uuid, participant_person_uuids: [cleo.uuid], status: "confirmed", title: "Kept" },
    ]);
  });
});

describe("meetings and interactions", () => {
  it("streams every interaction with its initiator and participants, declined attendees left out", async () => {
    const email = await store.emails.ingest(tenantUuid, { message_id: "e1", sent_at: 10, from: { email: "a@x.example" }, to: [{ email: "b@x.example" }] });
    const meeting = await store.meetings.create(tenantUuid, {
      title: "Intro",
      starts_at: 20,
      organizer: { email: "a@x.example" },
      attendees: [{ email: "b@x.example" }, { email: "c@x.example", response: "declined" }, { email: "a@x.example" }],
    });
    const [a, b] = [email.email.from_person_uuid, email.email.to_person_uuids[0]!];
    const records = await collect(store.interactions.all(tenantUuid));
    expect(records).toEqual([
      { id: email.email.uuid, kind: "email", occurred_at: 10, initiator_person_uuid: a, participant_person_uuids: [b], status: "confirmed", title: null },
      { id: meeting.uuid, kind: "meeting", occurred_at: 20, initiator_person_uuid: a, participant_person_uuids: [b], status: "confirmed", title: "Intro" },
    ]);
    expect(await store.interactions.get(tenantUuid, "meeting", meeting.uuid)).toEqual(records[1]);

    const cancelled = await store.meetings.update(tenantUuid, meeting.uuid, { status: "cancelled" });
    expect(cancelled?.status).toBe("cancelled");
    expect((await store.interactions.get(tenantUuid, "meeting", meeting.uuid))?.status).toBe("cancelled");
    expect(await store.meetings.delete(tenantUuid, meeting.uuid)).toBe(true);
    expect(await store.interactions.get(tenantUuid, "meeting", meeting.uuid)).toBeNull();
    expect(await store.meetings.get(tenantUuid, meeting.uuid)).toBeNull();
  });

  it("refuses a meeting that would end before it starts, checked against the meeting its update reads, and writes nothing", async () => {
    await expect(store.meetings.create(tenantUuid, { title: "Backwards", starts_at: 20, ends_at: 10, attendees: [] })).rejects.toThrow(InvalidInputError);
    const meeting = await store.meetings.create(tenantUuid, { title: "Intro", starts_at: 20, attendees: [{ email: "a@x.example" }] });
    // Each change alone is valid against the meeting as it was; together the meeting would end first.
    const [shortened, moved] = await Promise.allSettled([
      store.meetings.update(tenantUuid, meeting.uuid, { ends_at: 25 }),
      store.meetings.update(tenantUuid, meeting.uuid, { starts_at: 30, title: "Moved" }),
    ]);
    expect(shortened.status).toBe("fulfilled");
    expect(moved.status === "rejected" && moved.reason).toBeInstanceOf(InvalidInputError);
    expect(await store.meetings.get(tenantUuid, meeting.uuid)).toMatchObject({ title: "Intro", starts_at: 20, ends_at: 25 });
  });

  it("streams the tenant's emails and meetings as one list, earliest first", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] });
    // Meetings created out of time order, emails interleaved with them and sharing one of their times.
    for (const starts_at of [40, 20, 30]) await store.meetings.create(tenantUuid, { title: `M${starts_at}`, starts_at, attendees: [{ person_uuid: ada.uuid }] });
    for (const sent_at of [30, 10, 50]) {
      await store.emails.ingest(tenantUuid, { message_id: `e${sent_at}`, sent_at, from: { person_uuid: ada.uuid }, to: [{ email: "b@x.example" }] });
    }
    const records = await collect(store.interactions.all(tenantUuid));
    expect(records.map((record) => `${record.kind}:${record.occurred_at}`)).toEqual([
      "email:10",
      "meeting:20",
      "email:30",
      "meeting:30",
      "meeting:40",
      "email:50",
    ]);
  });

  it("pages a person's timeline newest first across emails and meetings", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] });
    for (let index = 0; index < 3; index++) {
      await store.emails.ingest(tenantUuid, { message_id: `e${index}`, sent_at: index * 10, from: { person_uuid: ada.uuid }, to: [{ email: "b@x.example" }] });
      await store.meetings.create(tenantUuid, { title: `M${index}`, starts_at: index * 10 + 5, attendees: [{ person_uuid: ada.uuid }] });
    }
    await store.meetings.create(tenantUuid, { title: "Cancelled", starts_at: 99, status: "cancelled", attendees: [{ person_uuid: ada.uuid }] });
    const first = await store.interactions.timeline(tenantUuid, [ada.uuid], { position: { kind: "offset", offset: 0 }, limit: 4 });
    expect(first.total).toBe(6);
    expect(first.rows.map((row) => row.occurred_at)).toEqual([25, 20, 15, 10]);
    const rest = await store.interactions.timeline(tenantUuid, [ada.uuid], { position: { kind: "after", key: first.lastKey! }, limit: 4 });
    expect(rest.rows.map((row) => `${row.kind}:${row.occurred_at}`)).toEqual(["meeting:5", "email:0"]);
    expect(rest.rows[1]?.person_uuids).toHaveLength(2);
  });

  it("lists a group's interactions once each, with titles, only what counts, and only the tenant's", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] });
    const bob = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: ["bob@x.example"] });
    // Both in the group, in one email and one meeting: each listed once.
    await store.emails.ingest(tenantUuid, { message_id: "both", sent_at: 10, subject: "Terms", from: { person_uuid: ada.uuid }, to: [{ person_uuid: bob.uuid }] });
    await store.meetings.create(tenantUuid, { title: "Kick-off", starts_at: 20, attendees: [{ person_uuid: ada.uuid }, { person_uuid: bob.uuid }] });
    // Declined by the one group member in it, then moved; deleted; cancelled: none counts but the move.
    await store.meetings.create(tenantUuid, { title: "Declined", starts_at: 30, attendees: [{ person_uuid: bob.uuid, response: "declined" }] });
    const moved = await store.meetings.create(tenantUuid, { title: "Moved", starts_at: 40, attendees: [{ person_uuid: ada.uuid }] });
    await store.meetings.update(tenantUuid, moved.uuid, { starts_at: 5 });
    const deleted = await store.meetings.create(tenantUuid, { title: "Deleted", starts_at: 50, attendees: [{ person_uuid: ada.uuid }] });
    await store.meetings.delete(tenantUuid, deleted.uuid);
    await store.meetings.create(tenantUuid, { title: "Cancelled", starts_at: 60, status: "cancelled", attendees: [{ person_uuid: ada.uuid }] });
    // Another tenant's email between the same addresses.
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    await store.emails.ingest(other, { message_id: "other", sent_at: 70, from: { email: "ada@x.example" }, to: [{ email: "bob@x.example" }] });

    // The group as a large company's members: far more uuids than SQLite binds one by one.
    const strangers = Array.from({ length: 40_000 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    const page = await store.interactions.timeline(tenantUuid, [ada.uuid, ...strangers, bob.uuid], { position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => [row.kind, row.title, row.occurred_at, row.status])).toEqual([
      ["meeting", "Kick-off", 20, "confirmed"],
      ["email", "Terms", 10, "confirmed"],
      ["meeting", "Moved", 5, "confirmed"],
    ]);
    expect(page.rows[0]?.person_uuids.sort()).toEqual([ada.uuid, bob.uuid].sort());
  });
});
