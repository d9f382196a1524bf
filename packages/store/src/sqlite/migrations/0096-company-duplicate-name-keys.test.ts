/**
 * Migration 0096: every live tenant's companies get their name without legal form as `name_duplicate_key`, indexed for
 * the duplicates list; a deleted tenant's rows and every change time are left.
 */
import { describe, expect, it } from "vitest";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";

describe("migration 0096-company-duplicate-name-keys", () => {
  it("keys every live tenant's companies by their name without legal form, moving no change time, and indexes the keys", async () => {
    const { sqlite, db, migrate, column } = nameKeysMigrationDatabase();
    try {
      await migrate("0095-key-lineages");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1), ('t2', 'Gone', 'standard', 1);
        insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_match_key, created_at, service_updated_at) values
          ('c1', 't1', 'Acme, Inc.', 'acme inc', 'acmeinc', 1, 1),
          ('c2', 't1', 'ACME GmbH & Co. KG', 'acme gmbh co kg', 'acmegmbhcokg', 1, 1),
          ('c3', 't1', 'AG', 'ag', 'ag', 1, 1),
          ('c4', 't2', 'Gone Ltd', 'gone ltd', 'goneltd', 1, 1);
        update tenants set deleted_at = 2 where uuid = 't2';`);
      await migrate("0096-company-duplicate-name-keys");
      expect(column("companies", "name_duplicate_key")).toEqual([
        { uuid: "c1", key: "acme" },
        { uuid: "c2", key: "acme" },
        { uuid: "c3", key: "ag" },
        { uuid: "c4", key: null },
      ]);
      expect(sqlite.prepare("select service_updated_at from companies where uuid = 'c1'").get()).toEqual({ service_updated_at: 1 });
      const plan = sqlite.prepare("explain query plan select name_duplicate_key from companies where tenant_uuid = 't1' and name_duplicate_key is not null group by name_duplicate_key having count(*) > 1").all();
      expect(JSON.stringify(plan)).toContain("COVERING INDEX companies_by_duplicate_name_key");
    } finally {
      await db.destroy();
    }
  });
});
