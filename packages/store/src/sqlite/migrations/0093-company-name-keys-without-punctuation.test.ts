/**
 * Migration 0093: companies keyed before it by their name with its punctuation and spaces are found after it by any
 * spelling of that name ("ACME INC" finds "Acme, Inc."); a deleted tenant's rows and every change time are left.
 */
import { describe, expect, it } from "vitest";
import { companyNameKey } from "../../repositories/company-name-key.js";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";

describe("migration 0093-company-name-keys-without-punctuation", () => {
  it("keys every live tenant's companies again without punctuation and spaces, moving no change time and putting its triggers back", async () => {
    const { sqlite, db, migrate, column } = nameKeysMigrationDatabase();
    try {
      await migrate("0092-removals-stamped-by-the-store");
      // Keyed as the release before did: case folded, punctuation and spaces kept.
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1), ('t2', 'Gone', 'standard', 1);
        insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_match_key, created_at, service_updated_at) values
          ('c1', 't1', 'Acme, Inc.', 'acme inc', 'acme, inc.', 1, 1),
          ('c2', 't1', 'Coca-Cola™', 'coca cola', 'coca-cola™', 1, 1),
          ('c3', 't1', '!!!', '!!!', '!!!', 1, 1),
          ('c4', 't2', 'Gone, Ltd.', 'gone ltd', 'gone, ltd.', 1, 1);
        update tenants set deleted_at = 2 where uuid = 't2';`);
      const triggers = sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'companies' order by name").all();
      expect(triggers.length).toBeGreaterThan(0);

      await migrate("0093-company-name-keys-without-punctuation");
      expect(column("companies", "name_match_key")).toEqual([
        { uuid: "c1", key: "acmeinc" },
        { uuid: "c2", key: "cocacola" },
        { uuid: "c3", key: "!!!" },
        { uuid: "c4", key: "gone, ltd." },
      ]);
      expect(companyNameKey("ACME INC")).toBe("acmeinc");
      expect(sqlite.prepare("select service_updated_at from companies where uuid = 'c1'").get()).toEqual({ service_updated_at: 1 });
      expect(sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'companies' order by name").all()).toEqual(triggers);
    } finally {
      await db.destroy();
    }
  });
});
