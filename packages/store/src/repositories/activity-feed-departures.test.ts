/**
 * A person's activity feed announces a meeting they were taken off (migration 0034's departures): removed for them at
 * the meeting's new sequence, in both plans of a person's page and in its total, and nowhere else.
 */
import type SqliteDatabase from "better-sqlite3";
import type { Kysely } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActivityFeedItem } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import type { ActivityFeedRequest, Store } from "../store.js";
import { openTwoPersonFeedStore, type TwoPersonFeedStore } from "../testing/two-person-feed-store.js";
import { activityFeedPage } from "./activity-feed.js";
import type { PersonPagePlan } from "./activity-feed-person-page.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-feed-departures-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every person's page walks the feed; and never: both plans of a person's page. */
const PLANS: Record<string, PersonPagePlan> = {
  walk: { walkFrom: 0, entriesPerItem: 400 },
  participations: { walkFrom: Number.POSITIVE_INFINITY, entriesPerItem: 1 },
};

let clock = 0;
let store: Store;
let sqlite: SqliteDatabase.Database;
let db: Kysely<Database>;
let tenantUuid: string;
let ada: string;
let bob: string;
let opened: TwoPersonFeedStore;
let run = 0;

beforeEach(async () => {
  clock = 1_000;
  opened = await openTwoPersonFeedStore(join(folder, `run-${run++}.db`), () => clock);
  ({ store, sqlite, db, tenantUuid, ada, bob } = opened);
});
afterEach(() => opened.close());

async function meeting(title: string, attendees: string[]) {
  clock += 10;
  return store.meetings.create(tenantUuid, { title, starts_at: 500, attendees: attendees.map((person_uuid) => ({ person_uuid })) });
}
async function setAttendees(meetingUuid: string, attendees: string[]) {
  clock += 10;
  await store.meetings.update(tenantUuid, meetingUuid, { attendees: attendees.map((person_uuid) => ({ person_uuid })) });
}

/** The first page of 50 of the feed, under each plan of a person's page: both must agree. */
async function page(filters: Omit<ActivityFeedRequest, "position" | "limit"> = {}) {
  const request: ActivityFeedRequest = { position: { kind: "offset", offset: 0 }, limit: 50, ...filters };
  const [walked, read] = [await activityFeedPage(db, tenantUuid, request, PLANS.walk), await activityFeedPage(db, tenantUuid, request, PLANS.participations)];
  expect(walked).toEqual(read);
  return read;
}
const feedItems = async (filters: Omit<ActivityFeedRequest, "position" | "limit"> = {}) => (await page(filters)).rows;
const summary = (items: readonly ActivityFeedItem[]) => items.map((item) => ({ uuid: item.uuid, removed: item.removed }));
const lastSequence = async () => (await feedItems()).at(-1)!.sequence;
const departures = () => sqlite.prepare("select meeting_uuid, person_uuid from meeting_departures order by meeting_uuid, person_uuid").all();

describe("a person's activity feed when they are taken off a meeting", () => {
  it("lists the meeting as removed for them at its new sequence, and counts it in the person's total", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    const standup = await meeting("standup", [bob]);
    const seen = await lastSequence();
    await setAttendees(kickoff.uuid, [ada]);
    const [removal, ...rest] = await feedItems({ personUuid: bob, afterSequence: seen });
    expect(rest).toEqual([]);
    const [tenantWide] = await feedItems({ afterSequence: seen });
    expect(removal).toEqual({ ...tenantWide, removed: true });
    expect(removal).toMatchObject({ uuid: kickoff.uuid, title: "kickoff", person_uuids: [ada], recorded_at: clock });
    expect(removal!.sequence).toBeGreaterThan(seen);
    expect(summary(await feedItems({ personUuid: ada, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    expect(summary(await feedItems({ afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    const whole = await page({ personUuid: bob });
    expect(summary(whole.rows)).toEqual([
      { uuid: standup.uuid, removed: false },
      { uuid: kickoff.uuid, removed: true },
    ]);
    expect(whole.total).toBe(2);
    expect((await page({ personUuid: bob, kind: "meeting" })).total).toBe(2);
  });

  it("leaves no departure when a replaced attendee list keeps the person, and clears it when they are added back", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    await setAttendees(kickoff.uuid, [bob, ada]);
    expect(departures()).toEqual([]);
    expect(summary(await feedItems({ personUuid: bob }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    await setAttendees(kickoff.uuid, [ada]);
    expect(departures()).toEqual([{ meeting_uuid: kickoff.uuid, person_uuid: bob }]);
    await setAttendees(kickoff.uuid, []);
    expect(departures()).toHaveLength(2);
    const seen = await lastSequence();
    await setAttendees(kickoff.uuid, [bob]);
    expect(departures()).toEqual([{ meeting_uuid: kickoff.uuid, person_uuid: ada }]);
    expect(summary(await feedItems({ personUuid: bob, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: false }]);
    expect(summary(await feedItems({ personUuid: ada, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: true }]);
    expect((await page({ personUuid: ada })).total).toBe(1);
  });

  it("records nothing for a soft-deleted meeting, whose attendees no longer count it anyway", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    const seen = await lastSequence();
    clock += 10;
    expect(await store.meetings.delete(tenantUuid, kickoff.uuid)).toBe(true);
    expect(departures()).toEqual([]);
    expect(summary(await feedItems({ personUuid: bob, afterSequence: seen }))).toEqual([{ uuid: kickoff.uuid, removed: true }]);
  });

  it("gives the kept person of a merge no departure for a meeting they still attend, and the merged-away person none at all", async () => {
    const carol = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Carol", emails: ["carol@x.example"] })).uuid;
    const both = await meeting("both", [ada, bob, carol]);
    const bobOnly = await meeting("bob only", [bob, carol]);
    const adaLeft = await meeting("ada left", [ada, bob]);
    await setAttendees(adaLeft.uuid, [bob]);
    const bobLeft = await meeting("bob left", [bob, carol]);
    await setAttendees(bobLeft.uuid, [carol]);
    expect(departures()).toEqual(
      [
        { meeting_uuid: adaLeft.uuid, person_uuid: ada },
        { meeting_uuid: bobLeft.uuid, person_uuid: bob },
      ].sort((a, b) => a.meeting_uuid.localeCompare(b.meeting_uuid)),
    );
    clock += 10;
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: ada, superseded_uuid: bob, preview: false, merged_by_user_uuid: null });
    // Ada attends "ada left" again through Bob's row; Bob is gone, and so are his departures.
    expect(departures()).toEqual([]);
    const adaFeed = await page({ personUuid: ada });
    expect(new Set(summary(adaFeed.rows).map((item) => JSON.stringify(item)))).toEqual(
      new Set([both, bobOnly, adaLeft].map((item) => JSON.stringify({ uuid: item.uuid, removed: false }))),
    );
    expect(adaFeed.total).toBe(3);
    expect(await feedItems({ personUuid: bob })).toEqual([]);
  });

  it("takes a meeting's departures with it when it is deleted outright, and leaves nothing of a purged tenant", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    await setAttendees(kickoff.uuid, [ada]);
    const standup = await meeting("standup", [ada, bob]);
    await setAttendees(standup.uuid, [ada]);
    expect(departures()).toHaveLength(2);
    // An operator's erasure: attendees first, then the meeting.
    sqlite.exec(`delete from meeting_attendees where meeting_uuid = '${kickoff.uuid}'; delete from meetings where uuid = '${kickoff.uuid}'`);
    expect(departures()).toEqual([{ meeting_uuid: standup.uuid, person_uuid: bob }]);
    expect(summary(await feedItems({ personUuid: ada }))).toEqual([{ uuid: standup.uuid, removed: false }]);
    expect(summary(await feedItems({ personUuid: bob }))).toEqual([{ uuid: standup.uuid, removed: true }]);
    sqlite.exec(`update tenants set deleted_at = ${clock} where uuid = '${tenantUuid}';
      delete from meeting_attendees where tenant_uuid = '${tenantUuid}';
      delete from meetings where tenant_uuid = '${tenantUuid}';`);
    expect(departures()).toEqual([]);
  });

  it("never shows one tenant's departures to another", async () => {
    const kickoff = await meeting("kickoff", [ada, bob]);
    await setAttendees(kickoff.uuid, [ada]);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    for (const plan of Object.values(PLANS)) {
      const request: ActivityFeedRequest = { position: { kind: "offset", offset: 0 }, limit: 50, personUuid: bob };
      expect((await activityFeedPage(db, other, request, plan)).rows).toEqual([]);
      expect((await activityFeedPage(db, other, request, plan)).total).toBe(0);
    }
  });
});
