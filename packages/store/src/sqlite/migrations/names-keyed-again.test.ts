/**
 * `keyNamesAgain`, run by a migration after 0096 (which added `name_duplicate_key`): a company's every name key is
 * written again, the duplicates list's too; run before 0096 (by 0084 and 0088), it writes the keys the table has then.
 */
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { companyDuplicateNameKey } from "../../repositories/company-duplicate-name-key.js";
import { companyNameKey } from "../../repositories/company-name-key.js";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";
import { holdingAnyOf, keyNamesAgain } from "./names-keyed-again.js";

describe("keyNamesAgain", () => {
  it("writes a company's duplicate key again with its other keys, leaving the rows it does not hold", async () => {
    const { sqlite, db, migrate, column } = nameKeysMigrationDatabase();
    try {
      await migrate("0096-company-duplicate-name-keys");
      // Keyed as an older folding would have: the marks kept in every key.
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1);
        insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_match_key, name_duplicate_key, created_at, service_updated_at) values
          ('c1', 't1', 'شركة، النور ش.م.م', 'stale', 'stale', 'stale', 1, 1),
          ('c2', 't1', 'Acme GmbH', 'kept', 'kept', 'kept', 1, 1);`);
      await keyNamesAgain(db as unknown as Kysely<unknown>, holdingAnyOf("[،]"));
      expect(column("companies", "name_match_key")).toEqual([
        { uuid: "c1", key: companyNameKey("شركة، النور ش.م.م") },
        { uuid: "c2", key: "kept" },
      ]);
      expect(column("companies", "name_duplicate_key")).toEqual([
        { uuid: "c1", key: companyDuplicateNameKey("شركة، النور ش.م.م") },
        { uuid: "c2", key: "kept" },
      ]);
      expect(sqlite.prepare("select service_updated_at from companies where uuid = 'c1'").get()).toEqual({ service_updated_at: 1 });
    } finally {
      await db.destroy();
    }
  });

  it("writes the keys a company has before migration 0096 added the duplicate key", async () => {
    const { sqlite, db, migrate, column } = nameKeysMigrationDatabase();
    try {
      await migrate("0088-name-punctuation-of-other-scripts");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1);
        insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_match_key, created_at, service_updated_at) values
          ('c1', 't1', 'شركة، النور', 'stale', 'stale', 1, 1);`);
      await keyNamesAgain(db as unknown as Kysely<unknown>, holdingAnyOf("[،]"));
      expect(column("companies", "name_match_key")).toEqual([{ uuid: "c1", key: companyNameKey("شركة، النور") }]);
      const columns = (await sql<{ name: string }>`select name from pragma_table_info('companies')`.execute(db)).rows.map((row) => row.name);
      expect(columns).not.toContain("name_duplicate_key");
    } finally {
      await db.destroy();
    }
  });
});
