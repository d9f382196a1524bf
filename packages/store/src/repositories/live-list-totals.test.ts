/**
 * The totals of GET /v1/persons, GET /v1/meetings and GET /v1/opportunities: they count (and sum) live rows
 * only, and under statistics like benchmark scale L's they come from the live-row indexes (migrations 0014
 * and 0015) instead of reading every row of the tenant for its `deleted_at`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { markPersonsDeleted } from "../testing/deleted-persons.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf as planOfStatement, preparedDuring, readsMatchingDuring } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-live-totals-"));
const path = join(folder, "totals.db");
const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 5 };

let store: Store;
let tenantUuid: string;
const viewer = { user_uuid: null };
/** The live opportunities' values and weighted values. */
const liveDeals: Array<{ value: number; weighted: number }> = [];

beforeAll(async () => {
  let time = Date.UTC(2026, 0, 1);
  store = await createSqliteStore({ path, now: () => (time += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const persons: string[] = [];
  for (let index = 0; index < 30; index += 1) persons.push((await store.persons.create({ tenant_uuid: tenantUuid, name: `Person ${index}` })).uuid);
  for (let index = 0; index < 20; index += 1) {
    const meeting = await store.meetings.create(tenantUuid, { title: `Meeting ${index}`, starts_at: index * 60_000, attendees: [{ person_uuid: persons[index]! }] });
    if (index % 5 === 0) await store.meetings.delete(tenantUuid, meeting.uuid);
  }
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  for (let index = 0; index < 12; index += 1) {
    const value = 1_000 * (index + 1);
    const deal = await store.opportunities.create(
      { tenant_uuid: tenantUuid, name: `Deal ${index}`, type_uuid: type.uuid, stage_uuid: stage.uuid, value, probability: 50 },
      viewer,
    );
    if (index % 4 === 0) await store.opportunities.delete(tenantUuid, deal.uuid);
    else liveDeals.push({ value, weighted: deal.weighted_value ?? 0 });
  }
  await markPersonsDeleted(path, persons.slice(0, 3), time);
}, 60_000);
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * Marks a row deleted through a connection of its own, as another process would, and waits for the store to
 * see the commit.
 */
async function deleteFromAnotherConnection(table: "companies" | "meetings", uuid: string): Promise<void> {
  const sqlite = new SqliteDatabase(path);
  try {
    sqlite.prepare(`update ${table} set deleted_at = ? where uuid = ?`).run(Date.UTC(2027, 0, 1), uuid);
  } finally {
    sqlite.close();
  }
  await othersCommitsSeen();
}

/** Takes a person off a meeting's attendee list through a connection of its own, the meeting's row untouched. */
async function deleteAttendeeFromAnotherConnection(meetingUuid: string, personUuid: string): Promise<void> {
  const sqlite = new SqliteDatabase(path);
  try {
    sqlite.prepare("delete from meeting_attendees where meeting_uuid = ? and person_uuid = ?").run(meetingUuid, personUuid);
  } finally {
    sqlite.close();
  }
  await othersCommitsSeen();
}

describe("list totals", () => {
  it("count live persons, meetings and opportunities only, from the live-row indexes under statistics like scale L's", async () => {
    const statements = await preparedDuring(async () => {
      const persons = await store.persons.list(tenantUuid, { ...firstPage, filters: {}, sort_by: "name", order: "asc" });
      expect(persons.total).toBe(27);
      const changed = await store.persons.list(tenantUuid, { ...firstPage, filters: { modified_since: 0 }, sort_by: "service_updated_at", order: "desc" });
      expect(changed.total).toBe(27);
      const meetings = await store.meetings.list(tenantUuid, { ...firstPage, filters: {}, order: "desc" });
      expect(meetings.total).toBe(16);
      const deals = await store.opportunities.list(tenantUuid, { ...firstPage, filters: {}, order: "desc", viewer });
      expect(deals.total).toBe(9);
      expect(deals.total_value).toBe(liveDeals.reduce((sum, deal) => sum + deal.value, 0));
      expect(deals.total_weighted_value).toBeCloseTo(liveDeals.reduce((sum, deal) => sum + deal.weighted, 0), 6);
      expect(deals.total_weighted_value).toBeGreaterThan(0);
      const filtered = await store.opportunities.list(tenantUuid, {
        ...firstPage,
        filters: { owner_user_uuids: ["00000000-0000-4000-8000-000000000001"], value_from: 5_000 },
        order: "desc",
        viewer,
      });
      expect(filtered.total).toBe(0);
    });
    // The lists' totals, not the aggregates of the page's own rows (an opportunity's sub-opportunities).
    const counts = statements.filter((source) => /count\(\*\) as "total"/i.test(source));
    expect(counts).toHaveLength(5);
    const dealPage = statements.find((source) => /opportunity_list/.test(source) && /limit/i.test(source));
    expect(dealPage).toBeDefined();

    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["persons", "meetings", "opportunities"]);
      const planOf = (source: string) => planOfStatement(sqlite, source);
      expect(counts.map(planOf)).toEqual([
        expect.stringContaining("INDEX persons_live_updated"),
        expect.stringContaining("INDEX persons_live_updated"),
        // Either live index of the tenant counts the same rows (0014: by start, 0050: by change).
        expect.stringMatching(/INDEX meetings_live_(starts|updated) \(tenant_uuid=\?\)/),
        expect.stringContaining("INDEX opportunities_live_totals"),
        // A filter on an indexed column keeps its index: the totals index is no range over the value.
        expect.stringContaining("INDEX opportunities_tenant_owner_user_uuid"),
      ]);
      // The page itself still walks the index of its order, not the one of the totals.
      expect(planOf(dealPage!)).toContain("INDEX opportunities_tenant_created_at");
      expect(planOf(dealPage!)).not.toContain("TEMP B-TREE");
    } finally {
      sqlite.close();
    }
  });

  it("count the persons of a list once while they hold still, and again after a write from any connection", async () => {
    const countsOf = (filters: { modified_since?: number }) =>
      readsMatchingDuring(/count\(\*\) as "total"/i, async () => {
        const page = await store.persons.list(tenantUuid, { ...firstPage, filters, sort_by: "name", order: "asc" });
        totals.push(page.total);
      });
    const totals: Array<number | null> = [];
    const created = await store.persons.create({ tenant_uuid: tenantUuid, name: "Newcomer" });
    expect(await countsOf({})).toBe(1);
    // Another page, the same filters: the total is the one counted.
    expect(await readsMatchingDuring(/count\(\*\) as "total"/i, () => store.persons.list(tenantUuid, { position: { kind: "offset", offset: 5 }, limit: 5, filters: {}, sort_by: "name", order: "asc" }))).toBe(0);
    expect(await countsOf({})).toBe(0);
    // Other filters count their own total.
    expect(await countsOf({ modified_since: Number.MAX_SAFE_INTEGER })).toBe(1);
    // A write by another connection moves the persons' generation too (the triggers of migration 0009).
    await markPersonsDeleted(path, [created.uuid], Date.UTC(2027, 0, 1));
    expect(await countsOf({})).toBe(1);
    expect(totals).toEqual([28, 28, 0, 27]);
  });

  it("count the companies of a list once while they hold still, and again after a write from any connection", async () => {
    const totals: Array<number | null> = [];
    const countsOf = (filters: { name?: string }) =>
      readsMatchingDuring(/count\(\*\) as "total"/i, async () => {
        const page = await store.companies.list(tenantUuid, { ...firstPage, filters, sort_by: "company_name", order: "asc" });
        totals.push(page.total);
      });
    const first = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
    await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    expect(await countsOf({})).toBe(1);
    expect(await countsOf({})).toBe(0);
    expect(await countsOf({ name: "glob" })).toBe(1);
    expect(await countsOf({ name: "glob" })).toBe(0);
    await deleteFromAnotherConnection("companies", first.uuid);
    expect(await countsOf({})).toBe(1);
    expect(totals).toEqual([2, 2, 1, 1, 1]);
  });

  it("count the meetings of a list once while they hold still, an attendee's too, and again after a write from any connection", async () => {
    const totals: Array<number | null> = [];
    const countsOf = (filters: { person_uuid?: string; status?: "confirmed" }, offset = 0) =>
      readsMatchingDuring(/count\(\*\) as "total"/i, async () => {
        const page = await store.meetings.list(tenantUuid, { position: { kind: "offset", offset }, limit: 5, filters, order: "asc" });
        totals.push(page.total);
      });
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada" });
    const added = await store.meetings.create(tenantUuid, { title: "Added", starts_at: 5, attendees: [{ person_uuid: ada.uuid }] });
    expect(await countsOf({})).toBe(1);
    // Another page, the same filters: the total is the one counted.
    expect(await countsOf({}, 5)).toBe(0);
    expect(await countsOf({ status: "confirmed" })).toBe(1);
    expect(await countsOf({ status: "confirmed" })).toBe(0);
    // An attendee's meetings also follow attendee rows (migration 0036).
    expect(await countsOf({ person_uuid: ada.uuid })).toBe(1);
    expect(await countsOf({ person_uuid: ada.uuid })).toBe(0);
    // Ada declines: only an attendee row changes.
    await store.meetings.update(tenantUuid, added.uuid, { attendees: [{ person_uuid: ada.uuid, response: "declined" }] });
    expect(await countsOf({ person_uuid: ada.uuid })).toBe(1);
    // Taken off the list by another connection: the attendee row alone goes.
    await deleteAttendeeFromAnotherConnection(added.uuid, ada.uuid);
    expect(await countsOf({ person_uuid: ada.uuid })).toBe(1);
    // A write through the store, then one by another connection (the triggers of migration 0027).
    await store.meetings.create(tenantUuid, { title: "Later", starts_at: 6, attendees: [{ person_uuid: ada.uuid }] });
    expect(await countsOf({})).toBe(1);
    expect(await countsOf({ person_uuid: ada.uuid })).toBe(1);
    await deleteFromAnotherConnection("meetings", added.uuid);
    expect(await countsOf({})).toBe(1);
    expect(totals).toEqual([17, 17, 17, 17, 1, 1, 1, 0, 18, 1, 17]);
  });
});
