/**
 * @module An in-memory database for the tests of the migrations that key names again (0084, 0088): migrated up to a
 * given migration, with the reads those tests make of its name index and key columns.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { expect } from "vitest";
import type { Database } from "../database-schema.js";
import { registerFoldName } from "../repositories/fold-name.js";
import { liveRecordsNamed, nameContainsFolded, type NamedEntityType } from "../repositories/name-search.js";
import { migrations } from "../sqlite/migrations/index.js";

/** The migrations up to and including `last`, by name. */
const migratedUpTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

/** What `nameKeysMigrationDatabase` gives. */
export interface NameKeysMigrationDatabase {
  sqlite: SqliteDatabase.Database;
  db: Kysely<Database>;
  migrate: (last: string) => Promise<void>;
  named: (entityType: NamedEntityType, word: string) => Promise<string[]>;
  column: (table: string, key: string) => unknown[];
}

/**
 * A new in-memory database with the name-folding functions registered; `migrate(last)` brings it up to `last`,
 * `named` asks its name index for tenant `t1`'s live records holding a word, `column` reads a key column by uuid.
 * Destroy `db` when done.
 *
 * @example
 * const { db, migrate, named } = nameKeysMigrationDatabase();
 * await migrate("0083-address-forms-and-list-name-keys");
 */
export function nameKeysMigrationDatabase(): NameKeysMigrationDatabase {
  const sqlite = new SqliteDatabase(":memory:");
  registerFoldName(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrate = async (last: string) =>
    expect((await new Migrator({ db, provider: { getMigrations: async () => migratedUpTo(last) } }).migrateToLatest()).error).toBeUndefined();
  const named = async (entityType: NamedEntityType, word: string) =>
    (await sql<{ uuid: string }>`${liveRecordsNamed("t1", entityType, word, true, nameContainsFolded)}`.execute(db)).rows.map((row) => row.uuid);
  const column = (table: string, key: string) => sqlite.prepare(`select uuid, ${key} as key from ${table} order by uuid`).all();
  return { sqlite, db, migrate, named, column };
}
