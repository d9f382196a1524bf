/**
 * Migration 0065: companies written before it are found by an import in any letter's case of any script (their
 * `name_match_key`); two companies whose names are one key stay two, and an import takes the oldest.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { registerFoldName } from "../../repositories/fold-name.js";
import { createSqliteStore } from "../create-sqlite-store.js";
import { migrations } from "./index.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-0065-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A database file migrated up to `last`, then given `statements`. */
async function databaseBefore(path: string, last: string, statements: string): Promise<void> {
  const sqlite = new SqliteDatabase(path);
  registerFoldName(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const provider = { getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)) };
    expect((await new Migrator({ db, provider }).migrateToLatest()).error).toBeUndefined();
    sqlite.exec(statements);
  } finally {
    await db.destroy();
  }
}

describe("migration 0065-unicode-name-keys", () => {
  it("keys the companies written before it, so that an import finds them in any case, the oldest of two first", async () => {
    const path = join(folder, "before.db");
    await databaseBefore(
      path,
      "0063-linkedin-profile-keys",
      `insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Other', 'standard', 1);
      insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c-vtb-new', 't1', 'втб', 2, 2);
      insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c-vtb-old', 't1', 'ВТБ', 1, 1);
      insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c-oko', 't1', ' ÖKO GmbH ', 1, 1);
      insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c-other', 't2', 'Άλφα', 1, 1);`,
    );
    const store = await createSqliteStore({ path });
    try {
      expect((await store.matchKeys.companyByName("t1", "Втб"))?.uuid).toBe("c-vtb-old");
      expect((await store.matchKeys.companyByName("t1", "öko gmbh"))?.uuid).toBe("c-oko");
      expect((await store.matchKeys.companyByName("t2", "ΑΛΦΑ"))?.uuid).toBe("c-other");
      expect(await store.matchKeys.companyByName("t1", "ΑΛΦΑ")).toBeNull();
      // Both stay: no company is merged or deleted.
      expect((await store.companies.getMany("t1", ["c-vtb-old", "c-vtb-new"])).size).toBe(2);
    } finally {
      await store.close();
    }
  });
});
