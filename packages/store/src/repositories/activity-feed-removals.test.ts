/** The activity feed's removals (migration 0033): a meeting or email leaving the timelines is announced after everything before. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActivityFeedItem } from "../activity-records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { ActivityFeedRequest, Store } from "../store.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-feed-removals-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let clock = 0;
let store: Store;
let tenantUuid: string;
let ada: string;
let bob: string;

beforeEach(async () => {
  clock = 1_000;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  ada = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] })).uuid;
  bob = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: ["bob@x.example"] })).uuid;
});
afterEach(() => store.close());

async function meeting(title: string, attendees: string[]) {
  const created = await store.meetings.create(tenantUuid, { title, starts_at: 500, attendees: attendees.map((person_uuid) => ({ person_uuid })) });
  clock += 10;
  return created;
}

/** Every item the feed lists after `afterSequence` (all, when absent), with the filters given. */
async function feedItems(filters: Omit<ActivityFeedRequest, "position" | "limit"> = {}): Promise<ActivityFeedItem[]> {
  return (await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, ...filters })).rows;
}
const lastSequence = async () => (await feedItems()).at(-1)!.sequence;
const summary = (items: readonly ActivityFeedItem[]) => items.map((item) => ({ uuid: item.uuid, removed: item.removed }));

describe("the activity feed's removals", () => {
  it("announces a cancelled meeting after everything before, with what the store still has of it", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    const standup = await meeting("standup", [ada]);
    const seen = await lastSequence();
    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "cancelled" });
    const [removal, ...rest] = await feedItems({ afterSequence: seen });
    expect(rest).toEqual([]);
    expect(removal).toMatchObject({ kind: "meeting", uuid: kickoff.uuid, removed: true, title: "kickoff", status: "cancelled", occurred_at: 500, recorded_at: clock });
    expect(removal!.sequence).toBeGreaterThan(seen);
    expect(removal!.person_uuids.sort()).toEqual([ada, bob].sort());
    expect(summary(await feedItems())).toEqual([
      { uuid: standup.uuid, removed: false },
      { uuid: kickoff.uuid, removed: true },
    ]);
  });

  it("announces a deleted meeting with nothing of it: no time, title, status or participants", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    const seen = await lastSequence();
    clock += 10;
    expect(await store.meetings.delete(tenantUuid, kickoff.uuid)).toBe(true);
    expect(await feedItems({ afterSequence: seen })).toEqual([
      {
        kind: "meeting",
        uuid: kickoff.uuid,
        removed: true,
        occurred_at: null,
        title: null,
        status: null,
        person_uuids: [],
        participants: [],
        sequence: expect.any(Number) as number,
        recorded_at: clock,
      },
    ]);
  });

  it("announces a meeting every attendee declined, and lists it again when one accepts or it is confirmed again", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    let seen = await lastSequence();
    await store.meetings.update(tenantUuid, kickoff.uuid, { attendees: [{ person_uuid: ada, response: "declined" }, { person_uuid: bob, response: "declined" }] });
    const declined = await feedItems({ afterSequence: seen });
    expect(summary(declined)).toEqual([{ uuid: kickoff.uuid, removed: true }]);
    expect(declined[0]).toMatchObject({ title: "kickoff", status: "confirmed", person_uuids: [] });
    seen = declined[0]!.sequence;

    await store.meetings.update(tenantUuid, kickoff.uuid, { attendees: [{ person_uuid: ada }, { person_uuid: bob, response: "declined" }] });
    const back = await feedItems({ afterSequence: seen });
    expect(summary(back)).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    expect(back[0]!.person_uuids).toEqual([ada]);
    seen = back[0]!.sequence;

    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "cancelled" });
    seen = (await feedItems({ afterSequence: seen }))[0]!.sequence;
    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "confirmed" });
    expect(summary(await feedItems({ afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    expect(await feedItems()).toHaveLength(1);
  });

  it("moves a meeting written twice in one millisecond both times, so a poller sees it removed and back", async () => {
    const kickoff = await meeting("kickoff", [ada]);
    const seen = await lastSequence();
    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "cancelled" });
    const removal = (await feedItems({ afterSequence: seen }))[0]!;
    expect(removal).toMatchObject({ uuid: kickoff.uuid, removed: true });
    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "confirmed" });
    expect(summary(await feedItems({ afterSequence: removal.sequence }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
  });

  it("moves a removal to the end again when the removed meeting is written again, so a poller behind it still sees it", async () => {
    const kickoff = await meeting("kickoff", [ada]);
    const seen = await lastSequence();
    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "cancelled" });
    clock += 10;
    await store.meetings.update(tenantUuid, kickoff.uuid, { title: "kickoff (cancelled)" });
    const items = await feedItems({ afterSequence: seen });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ uuid: kickoff.uuid, removed: true, title: "kickoff (cancelled)", recorded_at: clock });
  });

  it("keeps kind, since and cursors working with removals among the items", async () => {
    const kickoff = await meeting("kickoff", [ada]);
    await store.emails.ingest(tenantUuid, { message_id: "m1", subject: "hello", sent_at: 1, from: { person_uuid: ada }, to: [{ person_uuid: bob }], cc: [] });
    clock += 10;
    const since = clock;
    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "cancelled" });
    expect(summary(await feedItems({ kind: "meeting" }))).toEqual([{ uuid: kickoff.uuid, removed: true }]);
    expect((await feedItems({ kind: "email" })).map((item) => item.removed)).toEqual([false]);
    expect(summary(await feedItems({ recordedSince: since }))).toEqual([{ uuid: kickoff.uuid, removed: true }]);
    const firstPage = await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 1 });
    expect(firstPage.total).toBe(2);
    const second = await store.interactions.feed(tenantUuid, { position: { kind: "after", key: firstPage.lastKey! }, limit: 1 });
    expect(summary(second.rows)).toEqual([{ uuid: kickoff.uuid, removed: true }]);
  });

  it("in a person's feed, removes a meeting once that person no longer counts it, though others still do", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    const seen = await lastSequence();
    await store.meetings.update(tenantUuid, kickoff.uuid, { attendees: [{ person_uuid: ada }, { person_uuid: bob, response: "declined" }] });
    expect(summary(await feedItems({ personUuid: bob, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: true }]);
    expect(summary(await feedItems({ personUuid: ada, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    expect(summary(await feedItems({ afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    await store.meetings.delete(tenantUuid, kickoff.uuid);
    expect(summary(await feedItems({ personUuid: ada, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: true }]);
    expect(summary(await feedItems({ personUuid: bob, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: true }]);
  });

  it("announces a meeting a person merge leaves uncounted: the kept person declined, the merged-away one accepted", async () => {
    const kickoff = await store.meetings.create(tenantUuid, { title: "kickoff", starts_at: 500, attendees: [{ person_uuid: ada, response: "declined" }, { person_uuid: bob }] });
    const standup = await meeting("standup", [ada, bob]);
    const seen = await lastSequence();
    clock += 10;
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: ada, superseded_uuid: bob, preview: false, merged_by_user_uuid: null });
    // The standup is listed again too, with Ada in Bob's place (every item of a merged-away person is), at the
    // merge's instant; the order among the items one merge lists again is not specified.
    const byUuid = (items: readonly ActivityFeedItem[]) => [...items].sort((left, right) => left.uuid.localeCompare(right.uuid));
    const after = await feedItems({ afterSequence: seen });
    const expected = [
      { uuid: standup.uuid, removed: false },
      { uuid: kickoff.uuid, removed: true },
    ].sort((left, right) => left.uuid.localeCompare(right.uuid));
    expect(summary(byUuid(after))).toEqual(expected);
    expect(after.find((item) => item.uuid === standup.uuid)).toMatchObject({ person_uuids: [ada], recorded_at: clock });
    expect(after.find((item) => item.uuid === kickoff.uuid)).toMatchObject({ title: "kickoff", status: "confirmed", person_uuids: [], recorded_at: clock });
    expect(summary(byUuid(await feedItems()))).toEqual(expected);
    // Both are written again: their attendees changed.
    expect((await store.meetings.get(tenantUuid, kickoff.uuid))!.updated_at).toBe(clock);
    expect((await store.meetings.get(tenantUuid, standup.uuid))!.updated_at).toBe(clock);
  });

  it("moves a meeting a merge takes one counting attendee from, listed while another still counts it; and one a declined attendee leaves", async () => {
    const carol = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Carol", emails: ["carol@x.example"] })).uuid;
    const dan = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Dan", emails: ["dan@x.example"] })).uuid;
    const kickoff = await store.meetings.create(tenantUuid, { title: "kickoff", starts_at: 500, attendees: [{ person_uuid: ada, response: "declined" }, { person_uuid: bob }, { person_uuid: carol }] });
    const untouched = await store.meetings.create(tenantUuid, { title: "untouched", starts_at: 500, attendees: [{ person_uuid: ada }, { person_uuid: dan, response: "declined" }] });
    let seen = await lastSequence();
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: ada, superseded_uuid: bob, preview: true, merged_by_user_uuid: null });
    expect(await feedItems({ afterSequence: seen })).toEqual([]);
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: ada, superseded_uuid: bob, preview: false, merged_by_user_uuid: null });
    const moved = await feedItems({ afterSequence: seen });
    expect(summary(moved)).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    expect(moved[0]!.person_uuids).toEqual([carol]);
    seen = moved[0]!.sequence;
    // Dan declined: not among the item's participants, but the meeting's attendees change, so it moves too.
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: ada, superseded_uuid: dan, preview: false, merged_by_user_uuid: null });
    expect(summary(await feedItems({ afterSequence: seen }))).toEqual([{ uuid: untouched.uuid, removed: false }]);
    expect(summary(await feedItems({ personUuid: ada }))).toEqual([
      { uuid: kickoff.uuid, removed: true },
      { uuid: untouched.uuid, removed: false },
    ]);
  });

  it("never shows one tenant's removals to another", async () => {
    const kickoff = await meeting("kickoff", [ada]);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const sam = (await store.persons.create({ tenant_uuid: other, name: "Sam", emails: ["sam@y.example"] })).uuid;
    const theirs = await store.meetings.create(other, { title: "theirs", starts_at: 500, attendees: [{ person_uuid: sam }] });
    await store.meetings.update(tenantUuid, kickoff.uuid, { status: "cancelled" });
    await store.meetings.delete(other, theirs.uuid);
    const otherFeed = (request: Omit<ActivityFeedRequest, "position" | "limit"> = {}) =>
      store.interactions.feed(other, { position: { kind: "offset", offset: 0 }, limit: 50, ...request });
    expect(summary(await feedItems())).toEqual([{ uuid: kickoff.uuid, removed: true }]);
    expect(summary((await otherFeed()).rows)).toEqual([{ uuid: theirs.uuid, removed: true }]);
    expect((await otherFeed({ personUuid: ada })).rows).toEqual([]);
    expect(await store.meetings.update(other, kickoff.uuid, { status: "confirmed" })).toBeNull();
    expect(summary(await feedItems())).toEqual([{ uuid: kickoff.uuid, removed: true }]);
  });
});

describe("an email deleted by another process", () => {
  it("is announced as removed in its tenant's feed, with nothing of it, and in no person's feed", async () => {
    const path = join(folder, "emails.db");
    const fileStore = await createSqliteStore({ path });
    try {
      const acme = (await fileStore.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const other = (await fileStore.tenants.create({ name: "Other", tier: "standard" })).uuid;
      const ivy = (await fileStore.persons.create({ tenant_uuid: acme, name: "Ivy", emails: ["ivy@x.example"] })).uuid;
      await fileStore.emails.ingest(acme, { message_id: "m1", subject: "to erase", sent_at: 1, from: { person_uuid: ivy }, to: [{ person_uuid: ivy }], cc: [] });
      const feedOf = (tenant: string, request: Omit<ActivityFeedRequest, "position" | "limit"> = {}) =>
        fileStore.interactions.feed(tenant, { position: { kind: "offset", offset: 0 }, limit: 50, ...request });
      const seen = (await feedOf(acme)).rows.at(-1)!;
      expect(seen).toMatchObject({ kind: "email", title: "to erase", removed: false });
      const emailUuid = seen.uuid;

      const operator = new SqliteDatabase(path);
      operator.pragma("busy_timeout = 1000");
      operator.transaction(() => {
        operator.prepare("delete from email_participants where email_uuid = ?").run(emailUuid);
        operator.prepare("delete from email_bodies where email_uuid = ?").run(emailUuid);
        operator.prepare("delete from emails where uuid = ?").run(emailUuid);
      })();
      operator.close();
      await othersCommitsSeen();

      const after = (await feedOf(acme, { afterSequence: seen.sequence })).rows;
      expect(after).toEqual([
        {
          kind: "email",
          uuid: emailUuid,
          removed: true,
          occurred_at: null,
          title: null,
          status: null,
          person_uuids: [],
          participants: [],
          sequence: expect.any(Number) as number,
          recorded_at: expect.any(Number) as number,
        },
      ]);
      expect(Math.abs(after[0]!.recorded_at - Date.now())).toBeLessThan(60_000);
      expect((await feedOf(acme, { personUuid: ivy })).rows).toEqual([]);
      expect((await feedOf(other)).rows).toEqual([]);
    } finally {
      await fileStore.close();
    }
  });
});
