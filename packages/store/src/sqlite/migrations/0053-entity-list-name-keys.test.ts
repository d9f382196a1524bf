import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

describe("migration 0053-entity-list-name-keys", () => {
  it("gives lists already there their folded name, and keeps it with every later write", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0052-sign-in-failures")).error).toBeUndefined();
      sqlite.pragma("foreign_keys = off");
      sqlite.exec(`insert into entity_lists (uuid, tenant_uuid, name, kind, created_at, updated_at) values
        ('l1', 't1', 'Zeta Leads', 'persons', 1, 1), ('l2', 't1', 'alpha', 'persons', 1, 1), ('l3', 't1', 'Émile', 'persons', 1, 1)`);
      expect((await migrator.migrateTo("0053-entity-list-name-keys")).error).toBeUndefined();
      const keys = () => sqlite.prepare("select uuid, name_key from entity_lists order by uuid").all();
      expect(keys()).toEqual([
        { uuid: "l1", name_key: "zeta leads" },
        { uuid: "l2", name_key: "alpha" },
        // lower() folds A–Z only (decision 0011).
        { uuid: "l3", name_key: "Émile" },
      ]);
      sqlite.exec("update entity_lists set name = 'BETA' where uuid = 'l2'");
      expect(keys()[1]).toEqual({ uuid: "l2", name_key: "beta" });
    } finally {
      await db.destroy();
    }
  });
});
