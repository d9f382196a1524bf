/** How a person's feed page is found: by walking the feed when the person has many items, else from their participations. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type SqliteDatabase from "better-sqlite3";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import type { ActivityFeedRequest, Store } from "../store.js";
import { planOf, readDuring } from "../testing/sqlite-plans.js";
import { openTwoPersonFeedStore, type TwoPersonFeedStore } from "../testing/two-person-feed-store.js";
import { activityFeedPage } from "./activity-feed.js";
import type { PersonPagePlan } from "./activity-feed-person-page.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-feed-person-walk-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let store: Store;
let sqlite: SqliteDatabase.Database;
let db: Kysely<Database>;
let tenantUuid: string;
let ada: string;
let bob: string;
let opened: TwoPersonFeedStore;
let file = 0;

beforeEach(async () => {
  opened = await openTwoPersonFeedStore(join(folder, `store-${file++}.db`));
  ({ store, sqlite, db, tenantUuid, ada, bob } = opened);
});
afterEach(() => opened.close());

async function emails(count: number, from: string, to: string) {
  for (let index = 0; index < count; index++) {
    await store.emails.ingest(tenantUuid, { message_id: `${from}-${to}-${index}`, sent_at: index, subject: `email ${index}`, from: { person_uuid: from }, to: [{ person_uuid: to }] });
  }
}

/** The plans of the statements that read the page's entries (a `limit` on `activity_feed`) while `plan` finds it. */
async function entryPlans(request: ActivityFeedRequest, plan: PersonPagePlan): Promise<string[]> {
  const sources = await readDuring(() => activityFeedPage(db, tenantUuid, request, plan));
  return sources.filter((source) => /activity_feed/i.test(source) && /limit/i.test(source)).map((source) => planOf(sqlite, source));
}

const cursorPage = (personUuid: string): ActivityFeedRequest => ({ position: { kind: "after", key: [0] }, limit: 2, personUuid });

describe("a person's activity feed page", () => {
  it("walks the feed in order from its start and probes each entry's item for the person, when they have many items", async () => {
    await emails(3, ada, bob);
    const plans = await entryPlans({ ...cursorPage(ada), position: { kind: "after", key: [1] } }, { walkFrom: 3, entriesPerItem: 100 });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain("activity_feed_by_tenant (tenant_uuid=? AND sequence>?)");
    expect(plans[0]).toContain("sqlite_autoindex_email_participants_1 (email_uuid=? AND person_uuid=?)");
    expect(plans[0]).not.toContain("activity_feed_by_item");
    expect(plans[0]).not.toContain("TEMP B-TREE");
  });

  it("starts the walk at the later of the cursor and `afterSequence`, one lower bound SQLite seeks to", async () => {
    await emails(3, ada, bob);
    const sources = await readDuring(() =>
      activityFeedPage(db, tenantUuid, { ...cursorPage(ada), position: { kind: "after", key: [2] }, afterSequence: 1 }, { walkFrom: 3, entriesPerItem: 100 }),
    );
    const walk = sources.find((source) => /"walk"/.test(source))!;
    expect(walk.match(/"walk"\."sequence" >/g)).toHaveLength(1);
  });

  it("walks a kind's entries by the (tenant, kind, sequence) index", async () => {
    await emails(3, ada, bob);
    const plans = await entryPlans({ ...cursorPage(ada), position: { kind: "after", key: [1] }, kind: "email" }, { walkFrom: 3, entriesPerItem: 100 });
    expect(plans[0]).toContain("activity_feed_by_kind (tenant_uuid=? AND kind=? AND sequence>?)");
  });

  it("reads and sorts the items of a person with fewer participations than the plan walks from", async () => {
    await emails(2, ada, bob);
    const plans = await entryPlans(cursorPage(ada), { walkFrom: 3, entriesPerItem: 100 });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain("activity_feed_by_item (item_uuid=?");
    expect(plans[0]).not.toMatch(/activity_feed_by_tenant|activity_feed_by_kind/);
  });

  it("falls back to the person's participations from where a walk that did not fill the page stopped", async () => {
    await emails(6, bob, bob);
    await emails(3, ada, bob);
    const walked = await activityFeedPage(db, tenantUuid, cursorPage(ada), { walkFrom: 1, entriesPerItem: 1 });
    expect(walked.rows.map((row) => row.title)).toEqual(["email 0", "email 1"]);
    expect(walked.hasMore).toBe(true);
    const plans = await entryPlans(cursorPage(ada), { walkFrom: 1, entriesPerItem: 1 });
    expect(plans).toHaveLength(2);
    expect(plans[1]).toContain("activity_feed_by_item (item_uuid=?");
  });

  it("reads a later page number from the person's participations, whose offset it needs", async () => {
    await emails(3, ada, bob);
    const plans = await entryPlans({ position: { kind: "offset", offset: 2 }, limit: 2, personUuid: ada }, { walkFrom: 0, entriesPerItem: 100 });
    expect(plans[0]).toContain("activity_feed_by_item (item_uuid=?");
  });
});
