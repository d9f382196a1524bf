/**
 * Entity lists by name ignore case and accents as persons' names do (migration 0083's key), both ways and across cursor
 * pages, and a page seeks the (tenant, name_sort_key, uuid) index instead of sorting the tenant's lists.
 */
import { describe, expect, it } from "vitest";
import type { SortOrder } from "@rapport/graph";
import type { PagePosition } from "../pagination/keyset-page.js";
import type { EntityListKind } from "../records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { planOnMigratedSchema, preparedDuring } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const NAMES = ["beta", "Alpha", "Zeta", "gamma", "Émile", "İzmir", "Delta", "istanbul"];
const FOLDED = ["Alpha", "beta", "Delta", "Émile", "gamma", "istanbul", "İzmir", "Zeta"];

describe("entity lists by name", () => {
  it("ignore case and accents, in both orders, by page numbers and by cursor", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      for (const name of NAMES) await store.entityLists.create({ tenant_uuid: tenantUuid, name, kind: "persons", owner_user_uuid: null });
      const read = (order: SortOrder, position: PagePosition, limit: number) =>
        store.entityLists.list(tenantUuid, { position, limit, sort_by: "name", order });
      for (const order of ["asc", "desc"] as const) {
        const expected = order === "asc" ? FOLDED : [...FOLDED].reverse();
        expect((await read(order, { kind: "offset", offset: 0 }, 10)).rows.map((list) => list.name)).toEqual(expected);
        const scanned: string[] = [];
        let page = await read(order, { kind: "offset", offset: 0 }, 2);
        scanned.push(...page.rows.map((list) => list.name));
        while (page.hasMore) {
          page = await read(order, { kind: "after", key: page.lastKey! }, 2);
          scanned.push(...page.rows.map((list) => list.name));
        }
        expect(scanned, order).toEqual(expected);
      }
      const listed = await store.entityLists.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10 });
      expect(listed.rows.map((list) => list.name), "name is the default order").toEqual(FOLDED);
    } finally {
      await store.close();
    }
  });

  it("seek the folded-name index, first page and cursor pages, with and without a kind", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      statements = await preparedDuring(async () => {
        for (const order of ["asc", "desc"] as const) {
          for (const kind of [undefined, "companies" as EntityListKind]) {
            const first = { position: { kind: "offset" as const, offset: 0 }, limit: 10 };
            const after = { position: { kind: "after" as const, key: ["m", "00000000-0000-4000-8000-000000000000"] }, limit: 10 };
            for (const page of [first, after]) await store.entityLists.list(tenantUuid, { ...page, sort_by: "name", order, ...(kind ? { kind } : {}) });
          }
        }
      });
    } finally {
      await store.close();
    }
    const pages = statements.filter((source) => /from "entity_lists"/.test(source) && /order by/i.test(source));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const source of pages) {
      const plan = await planOnMigratedSchema(source);
      expect(plan, source.slice(0, 300)).toMatch(/USING INDEX entity_lists_tenant_name_sort_key \(tenant_uuid=\?/);
      expect(plan, source.slice(0, 300)).not.toMatch(/TEMP B-TREE/);
    }
  });
});
