import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { planOf, tenantWalksIn } from "../testing/sqlite-plans.js";

let directory: string;
let path: string;
let store: Store;
let statements: string[];

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), "rapport-plans-"));
  path = join(directory, "store.db");
  store = await createSqliteStore({ path });
  statements = [];
  const prepare = SqliteDatabase.prototype.prepare;
  vi.spyOn(SqliteDatabase.prototype, "prepare").mockImplementation(function (this: SqliteDatabase.Database, source: string) {
    statements.push(source);
    return prepare.call(this, source);
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
  rmSync(directory, { recursive: true, force: true });
});

/**
 * A connection whose statistics say what the store's sampled ones said of benchmark scale L: 200,000 rows
 * in every table, a thousand per tenant, one per key. Under them SQLite prefers walking a tenant through a
 * (tenant_uuid, ...) index to seeking a few hundred keys.
 */
function connectionWithLargeTenantStatistics(): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(path);
  sqlite.exec("analyze");
  sqlite.exec("delete from sqlite_stat1");
  const indexes = sqlite
    .prepare("select tbl_name as tableName, name from sqlite_schema where type = 'index' and tbl_name not like 'sqlite_%'")
    .all() as Array<{ tableName: string; name: string }>;
  const insert = sqlite.prepare("insert into sqlite_stat1 (tbl, idx, stat) values (?, ?, ?)");
  for (const { tableName, name } of indexes) {
    const columns = (sqlite.prepare("select name from pragma_index_info(?)").all(name) as Array<{ name: string }>).map((column) => column.name);
    const perPrefix = columns.map((column, position) => (position === 0 && column === "tenant_uuid" ? 1_001 : 1));
    insert.run(tableName, name, ["200020", ...perPrefix].join(" "));
  }
  sqlite.exec("analyze sqlite_schema");
  return sqlite;
}

it("reads records named by uuid by their keys, however small the statistics make a tenant look", async () => {
  const tenant = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const company = await store.companies.create({ tenant_uuid: tenant, company_name: "Initech", domain: "initech.com" });
  const persons = [];
  for (let index = 0; index < 3; index += 1) {
    persons.push(
      await store.persons.create({
        tenant_uuid: tenant,
        name: `Person ${index}`,
        emails: [`person${index}@initech.com`],
        primary_company_uuid: company.uuid,
        job_title: "Engineer",
      }),
    );
  }
  // As many keys as a batch asks for: with a few, SQLite seeks them whatever the statistics say.
  const uuids = [...persons.map((person) => person.uuid), ...Array.from({ length: 497 }, () => randomUUID())];
  statements.length = 0;
  expect((await store.persons.displays(tenant, uuids)).size).toBe(3);
  expect((await store.persons.getMany(tenant, uuids)).size).toBe(3);
  expect((await store.companies.getMany(tenant, [company.uuid, ...uuids])).size).toBe(1);
  const lookups = [...new Set(statements)].filter((source) => / in \(/i.test(source) && /tenant_uuid/.test(source));
  expect(lookups.length).toBeGreaterThanOrEqual(4);

  const sqlite = connectionWithLargeTenantStatistics();
  try {
    // The statistics do mislead: the same lookup without the unindexed tenant condition walks the tenant.
    expect(tenantWalksIn(planOf(sqlite, `select uuid from persons where tenant_uuid = ? and uuid in (${uuids.map(() => "?").join(", ")}) and deleted_at is null`))).not.toEqual([]);
    for (const source of lookups) expect(tenantWalksIn(planOf(sqlite, source)), source.slice(0, 200)).toEqual([]);
  } finally {
    sqlite.close();
  }
});
