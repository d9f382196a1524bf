/** Migration 0090: name order keys past 300 code points are cut to them, with no change logged; shorter keys stay. */
import { describe, expect, it } from "vitest";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";

describe("migration 0090-name-sort-keys-bounded", () => {
  it("writes again the persons', companies', users' and lists' keys longer than the bound, and only those", async () => {
    const { sqlite, db, migrate, column } = nameKeysMigrationDatabase();
    try {
      await migrate("0089-linkedin-keys-freed");
      const long = "\ufdfa".repeat(300);
      // Keyed as the release before did: the whole folded name, 5,400 letters.
      const unbounded = nameSortKey("\ufdfa").repeat(300);
      const insert = (sqlText: string, ...values: unknown[]) => sqlite.prepare(sqlText).run(...values);
      insert(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1)`);
      insert(`insert into persons (uuid, tenant_uuid, name, name_sort_key, created_at, service_updated_at) values ('p1', 't1', ?, ?, 1, 1), ('p2', 't1', 'Anna', 'kept as it was', 1, 1)`, long, unbounded);
      insert(`insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_match_key, created_at, service_updated_at) values ('c1', 't1', ?, ?, 'm', 1, 1)`, long, unbounded);
      insert(`insert into users (uuid, tenant_uuid, person_uuid, name, name_sort_key, email, role, is_active, created_at, updated_at) values ('u1', 't1', 'p2', ?, ?, 'u@example.com', 'member', 1, 1, 1)`, long, unbounded);
      insert(`insert into entity_lists (uuid, tenant_uuid, name, name_sort_key, kind, created_at, updated_at) values ('l1', 't1', ?, ?, 'PERSON', 1, 1)`, long, unbounded);
      const changes = sqlite.prepare("select count(*) as count from person_changes").get();

      await migrate("0090-name-sort-keys-bounded");
      const bounded = nameSortKey(long);
      expect([...bounded]).toHaveLength(300);
      expect(bounded).toBe(unbounded.slice(0, 300));
      expect(column("persons", "name_sort_key")).toEqual([
        { uuid: "p1", key: bounded },
        { uuid: "p2", key: "kept as it was" },
      ]);
      for (const [table, key, uuid] of [["companies", "company_name_sort_key", "c1"], ["users", "name_sort_key", "u1"], ["entity_lists", "name_sort_key", "l1"]]) {
        expect(column(table!, key!), table).toEqual([{ uuid, key: bounded }]);
      }
      expect(sqlite.prepare("select count(*) as count from person_changes").get()).toEqual(changes);
    } finally {
      await db.destroy();
    }
  });
});
