/**
 * Migration 0088: names holding other scripts' punctuation (the katakana middle dot of "ジョン・スミス", the Arabic and
 * ideographic commas) keyed and indexed before it are found and sorted after it as their Latin counterparts are; the
 * other rows and a deleted tenant's are left.
 */
import { describe, expect, it } from "vitest";
import { INDEX_FOLD_NAME_FUNCTION, registerFoldName } from "../../repositories/fold-name.js";
import { applyPendingNameSearch } from "../../repositories/name-search-notes.js";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";

describe("migration 0088-name-punctuation-of-other-scripts", () => {
  it("keys and indexes again the names holding those marks, so 'ジョンスミス' finds 'ジョン・スミス' as 'JohnSmith' finds 'John-Smith'", async () => {
    const { sqlite, db, migrate, named, column } = nameKeysMigrationDatabase();
    try {
      await migrate("0086-places-of-linked-records");
      // Keyed and indexed as the release before did: the marks kept.
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1), ('t2', 'Gone', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, name_sort_key, created_at, service_updated_at) values
          ('p1', 't1', 'ｼﾞｮﾝ･ｽﾐｽ', 'ジョン・スミス', 1, 1), ('p2', 't1', 'Anna Smith', 'kept as it was', 1, 1), ('p3', 't2', 'ジョン・スミス', 'ジョン・スミス', 1, 1);
        insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_match_key, created_at, service_updated_at)
          values ('c1', 't1', '田中、山田商会', '田中、山田商会', '田中、山田商会', 1, 1);
        insert into entity_lists (uuid, tenant_uuid, name, name_sort_key, kind, created_at, updated_at) values ('l1', 't1', 'عملاء، مميزون', 'عملاء، مميزون', 'PERSON', 1, 1);
        update tenants set deleted_at = 2 where uuid = 't2';`);
      sqlite.function(INDEX_FOLD_NAME_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? text.normalize("NFKC") : text));
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "ジョンスミス")).toEqual([]);
      const changes = sqlite.prepare("select count(*) as count from person_changes").get();

      registerFoldName(sqlite);
      await migrate("0088-name-punctuation-of-other-scripts");
      expect(column("persons", "name_sort_key")).toEqual([
        { uuid: "p1", key: nameSortKey("ジョンスミス") },
        { uuid: "p2", key: "kept as it was" },
        { uuid: "p3", key: "ジョン・スミス" },
      ]);
      expect(column("companies", "company_name_sort_key")).toEqual([{ uuid: "c1", key: nameSortKey("田中山田商会") }]);
      expect(column("entity_lists", "name_sort_key")).toEqual([{ uuid: "l1", key: nameSortKey("عملاء مميزون") }]);
      expect(sqlite.prepare("select count(*) as count from person_changes").get()).toEqual(changes);
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "ジョンスミス")).toEqual(["p1"]);
      expect(await named("PERSON", "スミス")).toEqual(["p1"]);
      expect(await named("COMPANY", "田中山田")).toEqual(["c1"]);
    } finally {
      await db.destroy();
    }
  });
});
