/**
 * Opportunity pages sorted by `last_activity_date`: with no filter, a type or an activity range they walk
 * `opportunities_live_by_activity` (migration 0072), the dated opportunities then the undated ones, and list what the
 * one sorted statement listed: dates either way, undated last in both directions, ties by uuid, by page numbers and by
 * cursors. Under statistics like scale L's no page sorts, and no other statement takes the index.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpportunityListFilters } from "../deal-store.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf as planOfStatement, readDuring } from "../testing/sqlite-plans.js";
import { walksActivityIndex } from "./opportunity-list-query.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-activity-order-"));
const path = join(folder, "activity-order.db");
const viewer = { user_uuid: null };
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

interface Deal {
  uuid: string;
  type: string;
  at: number | null;
  ownerUuid: string | null;
}

let store: Store;
let tenantUuid: string;
let ownerUuid: string;
let types: string[];
const live: Deal[] = [];

beforeAll(async () => {
  let time = BASE;
  store = await createSqliteStore({ path, now: () => (time += 1_000) });
  const tenants = [await store.tenants.create({ name: "Acme", tier: "standard" }), await store.tenants.create({ name: "Other", tier: "standard" })];
  tenantUuid = tenants[0]!.uuid;
  ownerUuid = (await store.users.create({ tenant_uuid: tenantUuid, name: "Owner", email: "owner@acme.test", role: "member" })).uuid;
  const dates: Array<[string, number | null]> = [];
  for (const tenant of tenants) {
    const tenantTypes: string[] = [];
    for (const label of ["Deal", "Fund"]) {
      const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label });
      const stage = await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      tenantTypes.push(type.uuid);
      for (let index = 0; index < 25; index += 1) {
        const owned = tenant.uuid === tenantUuid && index % 4 === 1;
        const deal = await store.opportunities.create(
          { tenant_uuid: tenant.uuid, name: `${label} ${index}`, type_uuid: type.uuid, stage_uuid: stage.uuid, ...(owned ? { owner_user_uuid: ownerUuid } : {}) },
          viewer,
        );
        // Every third undated, many sharing a day, every seventh deleted.
        const at = index % 3 === 0 ? null : BASE - ((index * 5) % 8) * DAY;
        dates.push([deal.uuid, at]);
        if (index % 7 === 6) await store.opportunities.delete(tenant.uuid, deal.uuid);
        else if (tenant.uuid === tenantUuid) live.push({ uuid: deal.uuid, type: type.uuid, at, ownerUuid: owned ? ownerUuid : null });
      }
    }
    if (tenant.uuid === tenantUuid) types = tenantTypes;
  }
  // The dates as the activity refresh would have stored them (the deleted ones' too).
  const sqlite = new SqliteDatabase(path);
  try {
    const write = sqlite.prepare("update opportunities set last_activity_at = ? where uuid = ?");
    for (const [uuid, at] of dates) write.run(at, uuid);
  } finally {
    sqlite.close();
  }
  await othersCommitsSeen();
}, 60_000);
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The list's order: dates either way, undated last in both directions, ties by uuid the same way. */
function expectedOrder(deals: readonly Deal[], order: "asc" | "desc"): string[] {
  const sign = order === "asc" ? 1 : -1;
  const byUuid = (left: Deal, right: Deal) => sign * (left.uuid < right.uuid ? -1 : 1);
  return [...deals]
    .sort((left, right) => {
      if (left.at === null || right.at === null) return left.at === right.at ? byUuid(left, right) : left.at === null ? 1 : -1;
      return sign * (left.at - right.at) || byUuid(left, right);
    })
    .map((deal) => deal.uuid);
}

/** Every page of the list; each page's `total` checked: the count of `expected` by page numbers, null by cursor. */
async function everyPage(order: "asc" | "desc", filters: OpportunityListFilters, byCursor: boolean, limit: number, expected: readonly string[]) {
  const uuids: string[] = [];
  let key: readonly unknown[] | null = null;
  for (let page = 0; page < 60; page += 1) {
    const position = byCursor && key ? { kind: "after" as const, key } : { kind: "offset" as const, offset: uuids.length };
    const result = await store.opportunities.list(tenantUuid, { position, limit, sort_by: "last_activity_date", order, filters, viewer } as never);
    expect(result.total).toBe(position.kind === "offset" ? expected.length : null);
    uuids.push(...result.rows.map((row) => row.uuid));
    key = result.lastKey;
    if (!result.hasMore) return uuids;
  }
  throw new Error("the pages never ended");
}

describe("opportunity pages by last activity", () => {
  const range = { from: BASE - 5 * DAY, to: BASE - 2 * DAY };
  const inRange = (deal: Deal) => deal.at !== null && deal.at >= range.from && deal.at <= range.to;
  it.each([
    ["asc", false, 7],
    ["asc", true, 4],
    ["desc", false, 4],
    ["desc", true, 7],
  ] as const)("%s (cursor: %s, %i a page) list the live opportunities in the list's order, whatever the filters", async (order, byCursor, limit) => {
    const cases: Array<[OpportunityListFilters, Deal[]]> = [
      [{}, live],
      [{ type_uuid: types[1]! }, live.filter((deal) => deal.type === types[1])],
      [{ last_activity: range }, live.filter(inRange)],
      // A filter outside the index's: the page sorts what it finds, in the same order.
      [{ owner_user_uuids: [ownerUuid] }, live.filter((deal) => deal.ownerUuid === ownerUuid)],
    ];
    for (const [filters, deals] of cases) {
      const expected = expectedOrder(deals, order);
      expect(expected.length).toBeGreaterThan(limit);
      expect(await everyPage(order, filters, byCursor, limit, expected)).toEqual(expected);
    }
  });

  it("take up a cursor on an undated opportunity, and a page number past the dated ones", async () => {
    const all = expectedOrder(live, "asc");
    const undated = live.filter((deal) => deal.at === null).map((deal) => deal.uuid).sort();
    const after = await store.opportunities.list(tenantUuid, {
      position: { kind: "after", key: [null, undated[1]!] },
      limit: 3,
      sort_by: "last_activity_date",
      order: "asc",
      filters: {},
      viewer,
    } as never);
    expect(after.rows.map((row) => row.uuid)).toEqual(undated.slice(2, 5));
    const offset = all.length - undated.length + 2;
    const page = await store.opportunities.list(tenantUuid, {
      position: { kind: "offset", offset },
      limit: 50,
      sort_by: "last_activity_date",
      order: "asc",
      filters: {},
      viewer,
    } as never);
    expect(page.rows.map((row) => row.uuid)).toEqual(all.slice(offset));
    expect(page.hasMore).toBe(false);
    expect(page.total).toBe(live.length);
  });

  it("walk the index only with no filter, a type or an activity range", () => {
    expect(walksActivityIndex("last_activity_date", {})).toBe(true);
    expect(walksActivityIndex("last_activity_date", { type_uuid: "t", last_activity: range })).toBe(true);
    expect(walksActivityIndex("last_activity_date", { name: "deal" })).toBe(false);
    expect(walksActivityIndex("last_activity_date", { owner_user_uuids: [ownerUuid] })).toBe(false);
    expect(walksActivityIndex("last_activity_date", { search: "deal" })).toBe(false);
    expect(walksActivityIndex("close_date", {})).toBe(false);
  });

  it("seek their place in the index, sorting nothing, under statistics like scale L's; no other statement takes it", async () => {
    const first = await store.opportunities.list(tenantUuid, {
      position: { kind: "offset", offset: 0 },
      limit: 5,
      sort_by: "last_activity_date",
      order: "desc",
      filters: {},
      viewer,
    } as never);
    const pages: string[] = [];
    for (const order of ["asc", "desc"] as const) {
      for (const filters of [{}, { type_uuid: types[0]! }, { last_activity: range }]) {
        pages.push(
          ...(await readDuring(() =>
            store.opportunities.list(tenantUuid, { position: { kind: "after", key: first.lastKey }, limit: 40, sort_by: "last_activity_date", order, filters, viewer } as never),
          )),
        );
      }
    }
    const others = await readDuring(async () => {
      await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: "close_date", order: "asc", filters: {}, viewer } as never);
      await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: "created_at", order: "asc", filters: {}, viewer } as never);
      await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: "last_activity_date", order: "asc", filters: { owner_user_uuids: [ownerUuid] }, viewer } as never);
    });
    const segments = pages.filter((source) => /opportunity_list/.test(source) && /limit/i.test(source));
    // Two segments a page: the dated then the undated.
    expect(segments.length).toBeGreaterThanOrEqual(12);
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities"]);
      const planOf = (source: string) => planOfStatement(sqlite, source);
      for (const source of segments) {
        expect(planOf(source)).toMatch(/^SEARCH o USING INDEX opportunities_live_by_activity \(tenant_uuid=\? AND /);
        expect(planOf(source)).not.toContain("TEMP B-TREE");
      }
      for (const source of others.filter((statement) => /from "?opportunities"?/i.test(statement))) {
        expect(planOf(source)).not.toContain("opportunities_live_by_activity");
      }
    } finally {
      sqlite.close();
    }
  });
});
