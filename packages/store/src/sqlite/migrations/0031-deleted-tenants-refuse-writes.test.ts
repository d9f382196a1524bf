import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrateToLatest } from "../migrate-to-latest.js";

let sqlite: SqliteDatabase.Database;

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  await migrateToLatest(new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }));
});
afterEach(() => sqlite.close());

/** Every table of the migrated schema whose rows belong to a tenant by a foreign key to `tenants`. */
function tablesKeyedByTenant(): string[] {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").pluck().all() as string[];
  return tables
    .filter((table) => (sqlite.pragma(`foreign_key_list(${table})`) as Array<{ table: string }>).some((key) => key.table === "tenants"))
    .sort();
}

describe("migration 0031-deleted-tenants-refuse-writes", () => {
  it("guards every table keyed by a tenant, including tables added by later migrations, against inserts and updates", () => {
    const triggers = new Set(sqlite.prepare("select name from sqlite_master where type = 'trigger'").pluck().all() as string[]);
    const unguarded = tablesKeyedByTenant().flatMap((table) =>
      (["insert", "update"] as const)
        .map((event) => `${table}_refused_for_deleted_tenant_on_${event}`)
        .filter((trigger) => !triggers.has(trigger)),
    );
    expect(tablesKeyedByTenant().length).toBeGreaterThan(20);
    expect(unguarded).toEqual([]);
  });
});
