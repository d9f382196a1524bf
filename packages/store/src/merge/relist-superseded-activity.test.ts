/**
 * A person merge in the activity feed: every email and meeting the merged-away person was on is listed again at a
 * new sequence with the canonical person in their place, so a poller resuming after its last sequence brings its
 * copy up to date from the feed alone; items they were not on keep their place, and a preview moves nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActivityFeedItem } from "../activity-records.js";
import type { ActivityFeedRequest, Store } from "../store.js";
import { openTwoPersonFeedStore, type TwoPersonFeedStore } from "../testing/two-person-feed-store.js";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";
import { relistSupersededActivity } from "./relist-superseded-activity.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-merge-relists-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let clock = 0;
let opened: TwoPersonFeedStore;
let store: Store;
let tenantUuid: string;
let ada: string;
let bob: string;
let run = 0;
beforeEach(async () => {
  clock = 1_000;
  opened = await openTwoPersonFeedStore(join(folder, `run-${run++}.db`), () => clock);
  ({ store, tenantUuid, ada, bob } = opened);
});
afterEach(() => opened.close());

async function feed(filters: Omit<ActivityFeedRequest, "position" | "limit"> = {}): Promise<ActivityFeedItem[]> {
  return (await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, ...filters })).rows;
}
const person = async (name: string) => (await store.persons.create({ tenant_uuid: tenantUuid, name, emails: [`${name.toLowerCase()}@x.example`] })).uuid;
const merge = (canonical: string, superseded: string, preview = false) =>
  store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview, merged_by_user_uuid: null });

describe("a person merge in the activity feed", () => {
  it("lists every email and meeting of the merged-away person again, with the canonical person in their place", async () => {
    const [carol, dan] = [await person("Carol"), await person("Dan")];
    await store.emails.ingestMany(tenantUuid, [
      { message_id: "from-bob", subject: "Hi", sent_at: 500, from: { person_uuid: bob }, to: [{ person_uuid: carol }] },
      // Both on it: one row stays.
      { message_id: "both", subject: "All", sent_at: 501, from: { person_uuid: carol }, to: [{ person_uuid: ada }, { person_uuid: bob }] },
      { message_id: "without-bob", subject: "Other", sent_at: 502, from: { person_uuid: carol }, to: [{ person_uuid: dan }] },
    ]);
    const lunch = await store.meetings.create(tenantUuid, { title: "Lunch", starts_at: 600, attendees: [{ person_uuid: bob }, { person_uuid: carol }] });
    // Bob declined: not among the item's participants, but among the meeting's attendees a copy holds.
    const review = await store.meetings.create(tenantUuid, {
      title: "Review",
      starts_at: 601,
      attendees: [{ person_uuid: bob, response: "declined" }, { person_uuid: carol }, { person_uuid: dan }],
    });
    const standup = await store.meetings.create(tenantUuid, { title: "Standup", starts_at: 602, attendees: [{ person_uuid: carol }, { person_uuid: dan }] });
    const before = await feed();
    const seen = Math.max(...before.map((item) => item.sequence));
    const uuidOf = (messageId: string) => store.emails.get(tenantUuid, messageId).then((email) => email!.uuid);

    await merge(ada, bob, true);
    expect(await feed({ afterSequence: seen })).toEqual([]);

    clock += 10;
    await merge(ada, bob);
    const after = await feed({ afterSequence: seen });
    expect(after.map((item) => item.uuid).sort()).toEqual([await uuidOf("from-bob"), await uuidOf("both"), lunch.uuid, review.uuid].sort());
    for (const item of after) {
      expect(item.sequence).toBeGreaterThan(seen);
      expect(item).toMatchObject({ removed: false, recorded_at: clock });
    }
    expect(JSON.stringify(after)).not.toContain(bob);
    const byUuid = new Map(after.map((item) => [item.uuid, item]));
    expect(byUuid.get(await uuidOf("from-bob"))!.person_uuids).toEqual([ada, carol]);
    expect([...byUuid.get(await uuidOf("both"))!.person_uuids].sort()).toEqual([ada, carol].sort());
    expect([...byUuid.get(lunch.uuid)!.person_uuids].sort()).toEqual([ada, carol].sort());
    // Each item once in the whole feed; the others keep their place.
    const whole = await feed();
    expect(whole).toHaveLength(before.length);
    const kept = (uuid: string) => whole.find((item) => item.uuid === uuid)!.sequence;
    expect(kept(await uuidOf("without-bob"))).toBe(before.find((item) => item.title === "Other")!.sequence);
    expect(kept(standup.uuid)).toBe(before.find((item) => item.uuid === standup.uuid)!.sequence);
  });

  it("moves nothing for a person on no email or meeting, nor another tenant's feed", async () => {
    const carol = await person("Carol");
    await store.emails.ingestMany(tenantUuid, [{ message_id: "m", subject: "Hi", sent_at: 500, from: { person_uuid: ada }, to: [{ person_uuid: carol }] }]);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const sam = (await store.persons.create({ tenant_uuid: other, name: "Sam", emails: ["sam@y.example"] })).uuid;
    const tom = (await store.persons.create({ tenant_uuid: other, name: "Tom", emails: ["tom@y.example"] })).uuid;
    await store.emails.ingestMany(other, [{ message_id: "m", subject: "Theirs", sent_at: 500, from: { person_uuid: sam }, to: [{ person_uuid: tom }] }]);
    const seen = Math.max(...(await feed()).map((item) => item.sequence));
    const theirs = (await store.interactions.feed(other, { position: { kind: "offset", offset: 0 }, limit: 50 })).rows;
    await merge(ada, bob);
    expect(await feed({ afterSequence: seen })).toEqual([]);
    expect((await store.interactions.feed(other, { position: { kind: "offset", offset: 0 }, limit: 50 })).rows).toEqual(theirs);
  });
});

describe("relistSupersededActivity under statistics like scale L's", () => {
  const NOW = Date.UTC(2026, 0, 15);
  const database = useScaleLPlanDatabase(["email_participants", "meeting_attendees", "activity_feed"], NOW);
  const [canonical, superseded] = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];

  it("walks the superseded person's participations and seeks each entry by its item, never the tenant's entries", async () => {
    const plans = await database.plansOfStatements("activity_feed", () =>
      relistSupersededActivity({ db: database.db, tenantUuid: database.tenantUuid, canonicalUuid: canonical, supersededUuid: superseded, now: NOW }),
    );
    expect(plans).toHaveLength(4);
    for (const plan of plans) {
      expect(tenantWalksIn(plan)).toEqual([]);
      // A scan of the statement's own subquery reads the rows it found by the searches (the entries counted, then
      // numbered in turn), never a table.
      expect(plan.split("; ").filter((step) => step.startsWith("SCAN") && !/^SCAN (CONSTANT ROW|\(subquery-\d+\))/.test(step))).toEqual([]);
      expect(plan).toMatch(/SEARCH feed USING INDEX activity_feed_by_item \(item_uuid=\? AND kind=\?\)/);
      expect(plan).toMatch(/USING COVERING INDEX (email_participants_person_sent|meeting_attendees_person_counted) \(tenant_uuid=\? AND person_uuid=\?\)/);
    }
  });
});
