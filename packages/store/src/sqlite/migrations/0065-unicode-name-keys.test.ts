/**
 * Migration 0065: companies written before it are found by an import in any letter's case of any script (their
 * `name_match_key`); two companies whose names are one key stay two, and an import takes the oldest. Names indexed
 * before it are indexed again, so that the index finds "ＴＡＮＡＫＡ" by "tanaka".
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { INDEX_FOLD_NAME_FUNCTION, registerFoldName } from "../../repositories/fold-name.js";
import { applyPendingNameSearch } from "../../repositories/name-search-notes.js";
import { liveRecordsNamed, nameContainsFolded, type NamedEntityType } from "../../repositories/name-search.js";
import { createSqliteStore } from "../create-sqlite-store.js";
import { migrations } from "./index.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-0065-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const migratedUpTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

/** A database file migrated up to `last`, then given `statements`. */
async function databaseBefore(path: string, last: string, statements: string): Promise<void> {
  const sqlite = new SqliteDatabase(path);
  registerFoldName(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const provider = { getMigrations: async () => migratedUpTo(last) };
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

  it("indexes again the names indexed before it, so that the index finds compatibility characters by their plain letters", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    registerFoldName(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrate = async (last: string) =>
      expect((await new Migrator({ db, provider: { getMigrations: async () => migratedUpTo(last) } }).migrateToLatest()).error).toBeUndefined();
    const named = async (entityType: NamedEntityType, word: string) =>
      (await sql<{ uuid: string }>`${liveRecordsNamed("t1", entityType, word, true, nameContainsFolded)}`.execute(db)).rows.map((row) => row.uuid);
    try {
      await migrate("0063-linkedin-profile-keys");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Other', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p1', 't1', 'ＴＡＮＡＫＡ Hanako', 1, 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p2', 't1', 'ﬁona Flynn', 1, 1);
        insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('p3', 't2', 'ＴＡＮＡＫＡ Taro', 1, 1);
        insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c1', 't1', 'ﾄﾖﾀ', 1, 1);`);
      // Indexed as a release before wrote the index: compatibility characters as written (its folding lower-cased
      // "ＴＡＮＡＫＡ" to "ｔａｎａｋａ"), here by a stand-in for the index's function.
      sqlite.function(INDEX_FOLD_NAME_FUNCTION, { deterministic: true }, (text: unknown) => (typeof text === "string" ? text.toLowerCase() : text));
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "tanaka")).toEqual([]);

      registerFoldName(sqlite);
      await migrate("0065-unicode-name-keys");
      expect(await applyPendingNameSearch(db, "t1")).toBe(true);
      expect(await named("PERSON", "tanaka")).toEqual(["p1"]);
      expect(await named("PERSON", "ＴＡＮＡＫＡ")).toEqual(["p1"]);
      expect(await named("PERSON", "fiona")).toEqual(["p2"]);
      expect(await named("COMPANY", "トヨタ")).toEqual(["c1"]);
    } finally {
      await db.destroy();
    }
  });
});
