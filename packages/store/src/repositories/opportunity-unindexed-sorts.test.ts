/**
 * Opportunity pages sorted by a column no index orders. With no filter that narrows the opportunities
 * through an index, a page reads the tenant's live opportunities in rowid order through
 * `opportunities_live_rows` (migration 0020), finds the same pages as any other read, and leaves the index
 * to that statement alone. Computed sorts seek what they count.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpportunityListFilters, OpportunitySortField } from "../deal-store.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf as planOfStatement, readDuring } from "../testing/sqlite-plans.js";
import { readsEveryLiveOpportunity, totalsReadEveryLiveRow } from "./opportunity-list-query.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-unindexed-sorts-"));
const path = join(folder, "unindexed-sorts.db");
const viewer = { user_uuid: null };

interface Deal {
  uuid: string;
  name: string;
  value: number | null;
}

let store: Store;
let tenantUuid: string;
let ownerUuid: string;
const live: Deal[] = [];

beforeAll(async () => {
  let time = Date.UTC(2026, 0, 1);
  store = await createSqliteStore({ path, now: () => (time += 1_000) });
  const tenants = [await store.tenants.create({ name: "Acme", tier: "standard" }), await store.tenants.create({ name: "Other", tier: "standard" })];
  tenantUuid = tenants[0]!.uuid;
  ownerUuid = (await store.users.create({ tenant_uuid: tenantUuid, name: "Owner", email: "owner@acme.test", role: "member" })).uuid;
  for (const tenant of tenants) {
    const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    // Names and values out of creation order, some shared, some values missing; every fifth deleted.
    for (let index = 0; index < 40; index += 1) {
      const name = `${index % 3 === 0 ? "deal" : "Deal"} ${(index * 7) % 13}`;
      const value = index % 6 === 5 ? null : ((index * 11) % 9) * 1_000;
      const deal = await store.opportunities.create(
        { tenant_uuid: tenant.uuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, ...(value === null ? {} : { value }) },
        viewer,
      );
      if (index % 5 === 0) await store.opportunities.delete(tenant.uuid, deal.uuid);
      else if (tenant.uuid === tenantUuid) live.push({ uuid: deal.uuid, name, value });
    }
  }
}, 60_000);
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

const byUuid = (left: Deal, right: Deal) => (left.uuid < right.uuid ? -1 : left.uuid > right.uuid ? 1 : 0);
/** The list's order: text ignoring case, empty values last in both directions, ties by uuid the same way. */
function expectedOrder(deals: readonly Deal[], sortBy: "name" | "value", order: "asc" | "desc"): string[] {
  const sign = order === "asc" ? 1 : -1;
  return [...deals]
    .sort((left, right) => {
      const [a, b] = sortBy === "name" ? [left.name.toLowerCase(), right.name.toLowerCase()] : [left.value, right.value];
      if (a === null || b === null) return a === b ? sign * byUuid(left, right) : a === null ? 1 : -1;
      return sign * (a < b ? -1 : a > b ? 1 : byUuid(left, right));
    })
    .map((deal) => deal.uuid);
}

async function everyPage(sortBy: OpportunitySortField, order: "asc" | "desc", filters: OpportunityListFilters, byCursor: boolean) {
  const uuids: string[] = [];
  let key: readonly unknown[] | null = null;
  for (let page = 0; page < 20; page += 1) {
    const position = byCursor && key ? { kind: "after" as const, key } : { kind: "offset" as const, offset: uuids.length };
    const result = await store.opportunities.list(tenantUuid, { position, limit: 7, sort_by: sortBy, order, filters, viewer } as never);
    uuids.push(...result.rows.map((row) => row.uuid));
    key = result.lastKey;
    if (!result.hasMore) return uuids;
  }
  throw new Error("the pages never ended");
}

describe("opportunity pages read in rowid order", () => {
  it.each([
    ["name", "asc", false],
    ["name", "desc", true],
    ["value", "asc", true],
    ["value", "desc", false],
  ] as const)("by %s %s (cursor: %s) list the tenant's live opportunities in the list's order", async (sortBy, order, byCursor) => {
    expect(await everyPage(sortBy, order, {}, byCursor)).toEqual(expectedOrder(live, sortBy, order));
    const valued = live.filter((deal) => deal.value !== null && deal.value >= 3_000);
    expect(await everyPage(sortBy, order, { value_from: 3_000 }, byCursor)).toEqual(expectedOrder(valued, sortBy, order));
  });

  it("are read so only when no filter narrows the opportunities through an index or by uuid", () => {
    expect(readsEveryLiveOpportunity({})).toBe(true);
    expect(readsEveryLiveOpportunity({ name: "deal", value_from: 1, close_date: { from: "2026-01-01", to: "2026-12-31" } })).toBe(true);
    expect(readsEveryLiveOpportunity({ owner_user_uuids: [ownerUuid] })).toBe(false);
    expect(readsEveryLiveOpportunity({ search: "deal" })).toBe(false);
    expect(readsEveryLiveOpportunity({ company_uuids: [] })).toBe(false);
    expect(readsEveryLiveOpportunity({ updated_after: 0, name: "deal" })).toBe(false);
  });

  it("take the live-rows index for that page only, under statistics like scale L's", async () => {
    const list = (sortBy: OpportunitySortField, filters: OpportunityListFilters) =>
      store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: sortBy, order: "asc", filters, viewer } as never);
    const statements = async (read: () => Promise<unknown>) => {
      const sources = await readDuring(read);
      const page = sources.find((source) => /opportunity_list/.test(source) && /limit/i.test(source));
      const totals = sources.find((source) => /count\(\*\) as "total"/i.test(source));
      expect(page).toBeDefined();
      expect(totals).toBeDefined();
      return { page: page!, totals: totals! };
    };
    const byName = await statements(() => list("name", {}));
    const byOwnerName = await statements(() => list("owner", { value_from: 1 }));
    const byCreation = await statements(() => list("created_at", {}));
    const ownedByName = await statements(() => list("name", { owner_user_uuids: [ownerUuid] }));

    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities"]);
      const planOf = (source: string) => planOfStatement(sqlite, source);
      expect(planOf(byName.page)).toContain("INDEX opportunities_live_rows");
      expect(planOf(byOwnerName.page)).toContain("INDEX opportunities_live_rows");
      // The totals keep their covering index: the live-rows index's condition is not theirs.
      expect(planOf(byName.totals)).toContain("INDEX opportunities_live_totals");
      expect(planOf(byName.totals)).not.toContain("opportunities_live_rows");
      // An indexed order walks its index; a filter with an index keeps it.
      expect(planOf(byCreation.page)).toContain("INDEX opportunities_tenant_created_at");
      expect(planOf(ownedByName.page)).not.toContain("opportunities_live_rows");
      expect(planOf(ownedByName.totals)).toContain("INDEX opportunities_tenant_owner_user_uuid");
    } finally {
      sqlite.close();
    }
  });

  it("sort each opportunity's keys alone, then read the page's rows by key, under statistics like scale L's", async () => {
    // SQLite's sorter held every whole row the filters left: 17 ms of SQL at benchmark scale M by source date, 4.6 by keys.
    const reads = async (sortBy: OpportunitySortField, filters: OpportunityListFilters) => {
      const sources = await readDuring(() =>
        store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: sortBy, order: "desc", filters, viewer } as never),
      );
      return { page: sources.find((source) => /opportunity_list/.test(source) && /limit/i.test(source))!, rows: sources.filter((source) => /^select \* from "opportunities" where \+"tenant_uuid" = \? and "uuid" in/.test(source)) };
    };
    const sorted = [await reads("value", {}), await reads("owner", {}), await reads("name", { value_from: 1_000 })];
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities"]);
      for (const { page, rows } of sorted) {
        expect(page).not.toMatch(/"o"\.\*/);
        expect(planOfStatement(sqlite, page)).toContain("USE TEMP B-TREE FOR ORDER BY");
        expect(rows).toHaveLength(1);
        expect(planOfStatement(sqlite, rows[0]!)).toBe("SEARCH opportunities USING INDEX sqlite_autoindex_opportunities_1 (uuid=?)");
      }
    } finally {
      sqlite.close();
    }
    // An indexed order stops at the page: its rows come with it.
    const byCreation = await reads("created_at", {});
    expect(byCreation.page).toMatch(/"o"\.\*/);
    expect(byCreation.rows).toEqual([]);
  });

  it("by an indexed order, read the few opportunities an indexed filter leaves and sort them, under statistics like scale L's", async () => {
    // A walk of the order's index tested every opportunity of the tenant: 5.5 ms of SQL at scale M for no sub-opportunity.
    const page = async (filters: OpportunityListFilters, expected?: string[]) => {
      const sources = await readDuring(async () => {
        const listed = await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: "created_at", order: "desc", filters, viewer } as never);
        if (expected) expect(listed.rows.map((row) => row.uuid)).toEqual(expected);
      });
      return sources.find((source) => /opportunity_list/.test(source) && /limit/i.test(source))!;
    };
    const [latest] = (await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 1, sort_by: "updated_at", order: "desc", filters: {}, viewer } as never)).rows;
    const children = await page({ hierarchy_type: "CHILD" }, []);
    const recent = await page({ updated_after: latest!.updated_at }, [latest!.uuid]);
    const unowned = await page({ has_owner: false });
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities"]);
      expect(planOfStatement(sqlite, children)).toContain("INDEX opportunities_tenant_parent_uuid (tenant_uuid=? AND parent_uuid>?)");
      expect(planOfStatement(sqlite, recent)).toMatch(/INDEX opportunities_(tenant_updated_at|live_by_update) \(tenant_uuid=\? AND updated_at>\?\)/);
      for (const sparse of [children, recent]) expect(planOfStatement(sqlite, sparse)).not.toContain("opportunities_tenant_created_at");
      // Every opportunity has no owner: the walk finds a page at once.
      expect(planOfStatement(sqlite, unowned)).toContain("INDEX opportunities_tenant_created_at");
    } finally {
      sqlite.close();
    }
  });

  it("total the filtered set in rowid order when a row filter tests a column the totals' covering index lacks", async () => {
    const totalsOf = async (filters: OpportunityListFilters) => {
      const sources = await readDuring(() =>
        store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: "created_at", order: "asc", filters, viewer } as never),
      );
      const totals = sources.find((source) => /count\(\*\) as "total"/i.test(source));
      expect(totals).toBeDefined();
      return totals!;
    };
    const probable = await totalsOf({ probability_from: 0 });
    const valued = await totalsOf({ value_from: 3_000 });
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities"]);
      expect(planOfStatement(sqlite, probable)).toContain("INDEX opportunities_live_rows");
      // The covering index answers a value range by itself.
      expect(planOfStatement(sqlite, valued)).toContain("INDEX opportunities_live_totals");
    } finally {
      sqlite.close();
    }
    expect(totalsReadEveryLiveRow({ name: "deal", value_from: 1 })).toBe(true);
    expect(totalsReadEveryLiveRow({ value_from: 1, value_to: 2 })).toBe(false);
    expect(totalsReadEveryLiveRow({})).toBe(false);
    expect(totalsReadEveryLiveRow({ name: "deal", owner_user_uuids: [ownerUuid] })).toBe(false);
  });

  it("total the same opportunities and values on every page, whichever way the totals read them", async () => {
    const matching = live.filter((deal) => deal.name.toLowerCase().includes("deal 1"));
    expect(matching.length).toBeGreaterThan(7);
    let key: readonly unknown[] | null = null;
    for (let page = 0; page < 3; page += 1) {
      const position = key ? { kind: "after" as const, key } : { kind: "offset" as const, offset: 0 };
      const result = await store.opportunities.list(tenantUuid, { position, limit: 3, sort_by: "name", order: "asc", filters: { name: "deal 1" }, viewer } as never);
      expect(result.total).toBe(key ? null : matching.length);
      expect(result.total_value).toBe(matching.reduce((sum, deal) => sum + (deal.value ?? 0), 0));
      key = result.lastKey;
    }
  });
});

describe("opportunity pages by a value a subquery computes", () => {
  it("compute it once a row: their subquery is not flattened into the page's statement", async () => {
    const first = await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: "owner", order: "asc", filters: {}, viewer } as never);
    const sources = await readDuring(() =>
      store.opportunities.list(tenantUuid, { position: { kind: "after", key: first.lastKey }, limit: 5, sort_by: "owner", order: "asc", filters: {}, viewer } as never),
    );
    const page = sources.find((source) => /opportunity_list/.test(source) && /limit/i.test(source));
    expect(page).toBeDefined();
    const sqlite = new SqliteDatabase(path);
    try {
      const plan = planOfStatement(sqlite, page!);
      expect(plan).toContain("CO-ROUTINE opportunity_list");
      expect(plan.match(/CORRELATED SCALAR SUBQUERY/g)).toHaveLength(1);
    } finally {
      sqlite.close();
    }
  });


  it("by owner and intro person read each one's stored key by the user's or person's key, under statistics like scale L's", async () => {
    const pages: string[] = [];
    for (const sortBy of ["owner", "intro_person"] as const) {
      const request = { limit: 5, sort_by: sortBy, order: "asc", filters: {}, viewer } as const;
      const first = await store.opportunities.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } } as never);
      for (const position of [{ kind: "offset", offset: 0 }, { kind: "after", key: first.lastKey }]) {
        const sources = await readDuring(() => store.opportunities.list(tenantUuid, { ...request, position } as never));
        pages.push(sources.find((source) => /opportunity_list/.test(source) && /limit/i.test(source))!);
      }
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities", "persons"]);
      const plans = pages.map((page) => planOfStatement(sqlite, page));
      for (const plan of plans.slice(0, 2)) expect(plan).toContain("SEARCH u USING INDEX sqlite_autoindex_users_1 (uuid=?)");
      for (const plan of plans.slice(2)) expect(plan).toContain("SEARCH ip USING INDEX sqlite_autoindex_persons_1 (uuid=?)");
      for (const plan of plans) expect(plan).toContain("INDEX opportunities_live_rows");
    } finally {
      sqlite.close();
    }
  });

  it("by notes_and_files_count seek each opportunity's links by owner and by linked entity, under statistics like scale L's", async () => {
    const sources = await readDuring(() =>
      store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, sort_by: "notes_and_files_count", order: "desc", filters: {}, viewer } as never),
    );
    const page = sources.find((source) => /opportunity_list/.test(source) && /limit/i.test(source));
    expect(page).toBeDefined();
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities", "associations"]);
      const plan = planOfStatement(sqlite, page!);
      expect(plan).toContain("INDEX associations_owner (tenant_uuid=? AND owner_uuid=?");
      expect(plan).toContain("INDEX associations_entity (tenant_uuid=? AND entity_uuid=?");
      // Not every link of the tenant for each opportunity.
      expect(plan.split("; ").filter((step) => /^SEARCH nf .*\(tenant_uuid=\?\)$/.test(step))).toEqual([]);
      // A counted link's note or file is sought by its key, not among the tenant's.
      expect(plan).toContain("SEARCH n USING INDEX sqlite_autoindex_notes_1 (uuid=?)");
      expect(plan).toContain("SEARCH f USING INDEX sqlite_autoindex_files_1 (uuid=?)");
      expect(plan).not.toMatch(/SCAN (n|f)\b/);
    } finally {
      sqlite.close();
    }
  });
});
