import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActivityFeedItem } from "../activity-records.js";
import type { Page } from "../pagination/keyset-page.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { ActivityFeedRequest, Store } from "../store.js";
import { planOnMigratedSchema, readDuring } from "../testing/sqlite-plans.js";

let clock = 0;
let store: Store;
let tenantUuid: string;
let ada: string;
let bob: string;
let ivy: string;

beforeEach(async () => {
  clock = 1_000;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  ada = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] })).uuid;
  bob = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: ["bob@x.example"] })).uuid;
  ivy = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Ivy", emails: ["ivy@acme.example"], is_internal: true })).uuid;
});
afterEach(() => store.close());

/** Ingests an email from `from` to `to` sent at `sentAt`, recorded at the clock's time, which then moves on. */
async function email(subject: string, from: string, to: string, sentAt: number) {
  const result = await store.emails.ingest(tenantUuid, { message_id: subject, subject, sent_at: sentAt, from: { person_uuid: from }, to: [{ person_uuid: to }], cc: [] });
  clock += 10;
  return result;
}

async function meeting(title: string, attendees: string[], startsAt: number) {
  const created = await store.meetings.create(tenantUuid, { title, starts_at: startsAt, attendees: attendees.map((person_uuid) => ({ person_uuid })) });
  clock += 10;
  return created;
}

const first = (filters: Omit<ActivityFeedRequest, "position" | "limit"> = {}, limit = 50) =>
  store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit, ...filters });
const titles = (page: Page<ActivityFeedItem>) => page.rows.map((row) => row.title);

describe("the activity feed", () => {
  it("lists emails and meetings in the order they were recorded, not when they happened", async () => {
    await email("recent", ada, bob, 5_000_000);
    await meeting("kickoff", [ada, ivy], 9_000_000);
    await email("old, ingested last", bob, ada, 1);
    const page = await first();
    expect(titles(page)).toEqual(["recent", "kickoff", "old, ingested last"]);
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.recorded_at)).toEqual([1_000, 1_010, 1_020]);
    const sequences = page.rows.map((row) => row.sequence);
    expect([...sequences].sort((left, right) => left - right)).toEqual(sequences);
    expect(new Set(sequences).size).toBe(3);
    expect(page.rows[1]).toMatchObject({ kind: "meeting", occurred_at: 9_000_000, status: "confirmed", removed: false });
    expect(page.rows.map((row) => row.removed)).toEqual([false, false, false]);
    expect(page.rows[1]!.participants).toEqual(
      expect.arrayContaining([
        { person_uuid: ada, is_internal: false, role: "attendee" },
        { person_uuid: ivy, is_internal: true, role: "attendee" },
      ]),
    );
  });

  it("names each participant's role: an email's sender, recipients and copied, a meeting's organizer and attendees", async () => {
    // Bob is addressed and copied, Ada sends a copy to herself: each is listed once, in the role that says most.
    await store.emails.ingest(tenantUuid, {
      message_id: "roles",
      subject: "roles",
      sent_at: 1,
      from: { person_uuid: ada },
      to: [{ person_uuid: bob }],
      cc: [{ person_uuid: bob }, { person_uuid: ivy }, { person_uuid: ada }],
    });
    await store.meetings.create(tenantUuid, { title: "board", starts_at: 2, organizer: { person_uuid: ivy }, attendees: [{ person_uuid: ivy }, { person_uuid: bob }] });
    const roles = (await first()).rows.map((row) => Object.fromEntries(row.participants.map((participant) => [participant.person_uuid, participant.role])));
    expect(roles).toEqual([
      { [ada]: "from", [bob]: "to", [ivy]: "cc" },
      { [ivy]: "organizer", [bob]: "attendee" },
    ]);
  });

  it("walks by cursor without gaps or repeats while items are recorded between pages", async () => {
    for (let index = 0; index < 5; index += 1) await email(`e${index}`, ada, bob, 1_000_000 - index);
    let page = await first({}, 2);
    const seen = [...titles(page)];
    await email("late but old", bob, ada, 3);
    while (page.hasMore) {
      page = await store.interactions.feed(tenantUuid, { position: { kind: "after", key: page.lastKey! }, limit: 2 });
      expect(page.total).toBeNull();
      seen.push(...titles(page));
      if (seen.length === 4) await meeting("mid-walk", [ada], 2);
    }
    expect(seen).toEqual(["e0", "e1", "e2", "e3", "e4", "late but old", "mid-walk"]);
    const resumed = await first({ afterSequence: Number(page.lastKey![0]) });
    expect(resumed.rows).toEqual([]);
    await email("after the walk", ada, bob, 0);
    expect(titles(await first({ afterSequence: Number(page.lastKey![0]) }))).toEqual(["after the walk"]);
  });

  it("moves a rewritten meeting to the end and leaves out one that no timeline ever listed", async () => {
    const moved = await meeting("moved", [ada], 100);
    await email("between", ada, bob, 50);
    await store.meetings.create(tenantUuid, { title: "declined", starts_at: 100, attendees: [{ person_uuid: bob, response: "declined" }] });
    const cancelledFromTheStart = await store.meetings.create(tenantUuid, { title: "never on", starts_at: 100, status: "cancelled", attendees: [{ person_uuid: ada }] });
    await store.meetings.update(tenantUuid, cancelledFromTheStart.uuid, { title: "still never on" });
    clock += 10;
    await store.meetings.update(tenantUuid, moved.uuid, { starts_at: 200 });
    const page = await first();
    expect(titles(page)).toEqual(["between", "moved"]);
    expect(page.total).toBe(2);
    expect(page.rows[1]).toMatchObject({ occurred_at: 200, recorded_at: clock, removed: false });
  });

  it("filters by recording time, kind, person and sequence, together", async () => {
    await email("before", ada, bob, 10);
    const since = clock;
    await email("ada to bob", ada, bob, 10);
    await email("bob to ivy", bob, ivy, 10);
    await meeting("with ada", [ada], 10);
    expect(titles(await first({ recordedSince: since }))).toEqual(["ada to bob", "bob to ivy", "with ada"]);
    expect(titles(await first({ recordedSince: clock }))).toEqual([]);
    expect(titles(await first({ kind: "meeting" }))).toEqual(["with ada"]);
    expect(titles(await first({ personUuid: ada }))).toEqual(["before", "ada to bob", "with ada"]);
    const byAda = await first({ personUuid: ada, recordedSince: since, kind: "email" });
    expect(titles(byAda)).toEqual(["ada to bob"]);
    expect(byAda.total).toBe(1);
    const all = await first();
    expect(titles(await first({ afterSequence: all.rows[2]!.sequence }))).toEqual(["with ada"]);
  });

  it("counts a person's total as the items it lists: an email in two roles once, a meeting never listed not at all", async () => {
    await store.emails.ingest(tenantUuid, { message_id: "self", subject: "note to self", sent_at: 20, from: { person_uuid: ada }, to: [{ person_uuid: ada }], cc: [{ person_uuid: bob }] });
    await email("to bob", ada, bob, 30);
    await email("not hers", bob, ivy, 40);
    await store.meetings.create(tenantUuid, { title: "she declined", starts_at: 100, attendees: [{ person_uuid: ada, response: "declined" }, { person_uuid: bob }] });
    await store.meetings.create(tenantUuid, { title: "never on", starts_at: 100, status: "cancelled", attendees: [{ person_uuid: ada }] });
    const cancelled = await meeting("cancelled later", [ada], 100);
    await store.meetings.update(tenantUuid, cancelled.uuid, { status: "cancelled" });
    await meeting("on", [ada, ivy], 100);

    for (const kind of [undefined, "email", "meeting"] as const) {
      const everything = await first({ personUuid: ada, kind });
      expect(everything.total).toBe(everything.rows.length);
      const firstOfTwo = await first({ personUuid: ada, kind }, 1);
      expect(firstOfTwo.total).toBe(everything.rows.length);
    }
    expect(titles(await first({ personUuid: ada }))).toEqual(["note to self", "to bob", "she declined", "cancelled later", "on"]);
  });

  it("counts a person's total from their participation indexes, without listing their items' uuids", async () => {
    await email("one", ada, bob, 10);
    await meeting("kickoff", [ada], 100);
    const sources = await readDuring(() => first({ personUuid: ada }, 1));
    const counts = sources.filter((source) => /count\(\*\)/i.test(source));
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) {
      const plan = await planOnMigratedSchema(count);
      expect(plan).not.toContain("LIST SUBQUERY");
      expect(plan).not.toContain("TEMP B-TREE");
      expect(plan).toMatch(/COVERING INDEX (email_participants_person_sent|meeting_attendees_person_counted) \(tenant_uuid=\? AND person_uuid=\?\)/);
    }
  });

  it("takes a numbered page's total for a `since` before every entry as the one remembered without it, and counts one after an entry", async () => {
    const since = clock;
    await email("one", ada, bob, 10);
    await email("two", bob, ada, 10);
    expect((await first()).total).toBe(2);
    const sources = await readDuring(async () => expect((await first({ recordedSince: since - 1 }, 1)).total).toBe(2));
    expect(sources.filter((source) => /^select count\(\*\)/i.test(source))).toEqual([]);
    const seek = sources.find((source) => /recorded_at < \?/.test(source));
    expect(await planOnMigratedSchema(seek!)).toContain("activity_feed_by_time (tenant_uuid=? AND recorded_at<?)");
    expect((await first({ recordedSince: since + 5 })).total).toBe(1);
  });

  it("lists only the tenant's own activity", async () => {
    await email("ours", ada, bob, 10);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const stranger = (await store.persons.create({ tenant_uuid: other, name: "Sam", emails: ["sam@y.example"] })).uuid;
    await store.emails.ingest(other, { message_id: "theirs", subject: "theirs", sent_at: 10, from: { person_uuid: stranger }, to: [{ person_uuid: stranger }], cc: [] });
    expect(titles(await first())).toEqual(["ours"]);
    const theirs = await store.interactions.feed(other, { position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(titles(theirs)).toEqual(["theirs"]);
  });

  it("seeks its indexes: a page by tenant and sequence, `since` by tenant and recording time", async () => {
    await email("one", ada, bob, 10);
    const sources = await readDuring(() =>
      store.interactions.feed(tenantUuid, { position: { kind: "after", key: [0] }, limit: 10, recordedSince: 0 }),
    );
    const page = sources.find((source) => /activity_feed/i.test(source) && /limit/i.test(source));
    expect(page).toBeDefined();
    const plan = await planOnMigratedSchema(page!);
    expect(plan).toMatch(/activity_feed_by_tenant \(tenant_uuid=\? AND sequence>\?\)/);
    expect(plan).toContain("activity_feed_by_time (tenant_uuid=? AND recorded_at>?)");
    expect(plan).not.toContain("TEMP B-TREE");
  });

  it("seeks a page after both a cursor and `afterSequence` by the later of the two alone", async () => {
    await email("one", ada, bob, 10);
    await email("two", ada, bob, 20);
    const sources = await readDuring(() => store.interactions.feed(tenantUuid, { position: { kind: "after", key: [2] }, limit: 10, afterSequence: 1 }));
    const page = sources.find((source) => /activity_feed/i.test(source) && /limit/i.test(source))!;
    expect(page.match(/"feed"\."sequence" >/g)).toHaveLength(1);
  });

  it("reads a person's page from their own items, not by walking the tenant's feed", async () => {
    await email("one", ada, bob, 10);
    const sources = await readDuring(() => store.interactions.feed(tenantUuid, { position: { kind: "after", key: [0] }, limit: 10, personUuid: ada }));
    const plan = await planOnMigratedSchema(sources.find((source) => /activity_feed/i.test(source) && /limit/i.test(source))!);
    expect(plan).toContain("activity_feed_by_item (item_uuid=?");
    expect(plan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=?)");
    expect(plan).not.toMatch(/activity_feed_by_tenant|activity_feed_by_kind/);
  });
});
