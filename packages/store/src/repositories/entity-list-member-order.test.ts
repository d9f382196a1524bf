/**
 * A list's members come back in the order they were added, those of one call in the order sent (migration 0079's
 * `position`), by page numbers and by cursor, and a page and the next position seek the list's index.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { planOnMigratedSchema, preparedDuring } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 11, 1);

describe("a list's member order", () => {
  it("is the order sent within one call (a repeat keeps its first place), then call by call", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const persons = [];
      for (const name of ["Ada", "Bo", "Cy", "Di", "Ed"]) persons.push((await store.persons.create({ tenant_uuid: tenantUuid, name })).uuid);
      const [ada, bo, cy, di, ed] = persons as [string, string, string, string, string];
      const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Shortlist", kind: "persons", owner_user_uuid: null });
      // Ranked, not in uuid order; one call, one added_at.
      const ranked = [di, ada, cy].sort().reverse();
      expect(await store.entityLists.addMembers(tenantUuid, list.uuid, [...ranked, ranked[0]!], null)).toEqual({ added: 3, already_members: 0 });
      await store.entityLists.addMembers(tenantUuid, list.uuid, [ed, ada, bo], null);
      const expected = [...ranked, ed, bo];
      const read = (position: { kind: "offset"; offset: number } | { kind: "after"; key: readonly (string | number | null)[] }) =>
        store.entityLists.members(tenantUuid, list.uuid, { position, limit: 2 });
      let page = await read({ kind: "offset", offset: 0 });
      const scanned = page.rows.map((row) => row.entity_uuid);
      while (page.hasMore) {
        page = await read({ kind: "after", key: page.lastKey! });
        scanned.push(...page.rows.map((row) => row.entity_uuid));
      }
      expect(scanned).toEqual(expected);
      expect((await store.entityLists.members(tenantUuid, list.uuid, { position: { kind: "offset", offset: 3 }, limit: 10 })).rows.map((row) => row.entity_uuid)).toEqual([ed, bo]);
    } finally {
      await store.close();
    }
  });

  it("seeks the list's position index for a page, a cursor's page and the next position", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const person = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada" });
      const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Shortlist", kind: "persons", owner_user_uuid: null });
      statements = await preparedDuring(async () => {
        await store.entityLists.addMembers(tenantUuid, list.uuid, [person.uuid], null);
        await store.entityLists.members(tenantUuid, list.uuid, { position: { kind: "offset", offset: 0 }, limit: 10 });
        await store.entityLists.members(tenantUuid, list.uuid, { position: { kind: "after", key: [1, person.uuid] }, limit: 10 });
      });
    } finally {
      await store.close();
    }
    const reads = statements.filter((source) => /from "entity_list_members"/.test(source) && /order by|max\(/i.test(source));
    expect(reads.length).toBe(3);
    for (const source of reads) {
      const plan = await planOnMigratedSchema(source);
      expect(plan, source).toMatch(/USING (COVERING )?INDEX entity_list_members_list_position \(list_uuid=\?/);
      expect(plan, source).not.toMatch(/TEMP B-TREE/);
    }
  });
});
