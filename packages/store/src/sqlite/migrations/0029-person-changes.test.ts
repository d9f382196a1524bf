import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { createPersonChangeLog } from "../remembered-reads.js";
import { PERSON_CHANGES_KEPT } from "./0029-person-changes.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Other', 'standard', 1);
    insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('globex', 't1', 'Globex', 1, 1);
    insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('ada', 't1', 'Ada', 1, 1), ('bob', 't1', 'Bob', 1, 1), ('eve', 't2', 'Eve', 1, 1);
    insert into person_emails (tenant_uuid, person_uuid, address, created_at) values ('t1', 'ada', 'ada@globex.example', 1);
    insert into affiliations (uuid, tenant_uuid, person_uuid, company_uuid, is_current, created_at, updated_at) values ('a1', 't1', 'ada', 'globex', 1, 1, 1);`);
});
afterEach(() => sqlite.close());

const generation = (tenant = "t1") =>
  (sqlite.prepare("select generation from change_generations where tenant_uuid = ? and scope = 'persons'").pluck().get(tenant) as number | undefined) ?? 0;

describe("migration 0029-person-changes", () => {
  it("logs the person of every write under the generation it raised; a company's write stands for every person", () => {
    const changes = createPersonChangeLog(sqlite);
    const before = generation();
    expect(changes("t1", before)).toEqual([]);

    sqlite.exec("update persons set job_title = 'CTO' where uuid = 'ada'");
    sqlite.exec("insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values ('cy', 't1', 'Cy', 2, 2)");
    sqlite.exec("update person_emails set is_primary = 1 where address = 'ada@globex.example'");
    expect(generation()).toBe(before + 3);
    expect(changes("t1", before)).toEqual(["ada", "cy", "ada"]);
    expect(changes("t1", before + 2)).toEqual(["ada"]);
    expect(changes("t1", generation())).toEqual([]);
    // Another tenant's writes are its own.
    sqlite.exec("update persons set name = 'Eve B.' where uuid = 'eve'");
    expect(changes("t1", before + 3)).toEqual([]);
    expect(changes("t2", generation("t2") - 1)).toEqual(["eve"]);

    // A row moved from one person to another (a merge) changes both.
    const moved = generation();
    sqlite.exec("update person_emails set person_uuid = 'bob' where address = 'ada@globex.example'");
    sqlite.exec("update affiliations set person_uuid = 'bob' where uuid = 'a1'");
    expect(changes("t1", moved)).toEqual(["bob", "ada", "bob", "ada"]);
    sqlite.exec("delete from affiliations where uuid = 'a1'");
    sqlite.exec("delete from persons where uuid = 'cy'");
    expect(changes("t1", moved + 2)).toEqual(["bob", "cy"]);

    // A company's name, logo or deletion shows in the displays of persons at it: every person is dropped.
    const renamed = generation();
    sqlite.exec("update companies set company_name = 'Globex Corporation' where uuid = 'globex'");
    expect(changes("t1", renamed)).toBeNull();
    expect(changes("t1", generation())).toEqual([]);
    // Other company columns do not raise the generation.
    sqlite.exec("update companies set description = 'Widgets' where uuid = 'globex'");
    expect(changes("t1", generation())).toEqual([]);
  });

  it(`keeps at least a tenant's last ${PERSON_CHANGES_KEPT} generations; a reader further behind is told to start over`, () => {
    const changes = createPersonChangeLog(sqlite);
    const start = generation();
    const rename = sqlite.prepare("update persons set name = ? where uuid = 'bob'");
    sqlite.transaction(() => {
      for (let index = 0; index < PERSON_CHANGES_KEPT + 600; index++) rename.run(`Bob ${index}`);
    })();
    const present = generation();
    expect(present).toBe(start + PERSON_CHANGES_KEPT + 600);
    // Pruned every 256th generation: the window, and at most 255 generations more.
    const kept = sqlite.prepare("select count(*) from person_changes where tenant_uuid = 't1'").pluck().get() as number;
    expect(kept).toBeGreaterThanOrEqual(PERSON_CHANGES_KEPT);
    expect(kept).toBeLessThan(PERSON_CHANGES_KEPT + 256);
    expect(changes("t1", present - PERSON_CHANGES_KEPT)).toHaveLength(PERSON_CHANGES_KEPT);
    expect(changes("t1", present - PERSON_CHANGES_KEPT - 1)).toBeNull();
    expect(changes("t1", start)).toBeNull();
    // A generation ahead of the file's (another database behind the same path) is not trusted either.
    expect(changes("t1", present + 1)).toBeNull();
  });
});
