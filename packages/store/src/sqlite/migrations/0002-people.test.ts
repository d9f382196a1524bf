import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";
import { foundationMigration } from "./0001-foundation.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("migration 0002-people", () => {
  it("backfills match keys, filter columns, tags and primary-company affiliations of existing rows", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rapport-migration-"));
    folders.push(folder);
    const path = join(folder, "rapport.db");
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const onlyFoundation = new Migrator({ db, provider: { getMigrations: async () => ({ "0001-foundation": foundationMigration }) } });
    expect((await onlyFoundation.migrateToLatest()).error).toBeUndefined();
    await db.insertInto("tenants").values({ uuid: "t1", name: "Acme", tier: "standard", created_at: 1 }).execute();
    await db
      .insertInto("companies")
      .values({ uuid: "c1", tenant_uuid: "t1", company_name: "Globex", employee_count: "11-50", year_founded: "2015", service_industry_tags: '["AI","fintech"]', created_at: 1, service_updated_at: 1 })
      .execute();
    await db
      .insertInto("persons")
      .values({ uuid: "p1", tenant_uuid: "t1", name: "Jane", job_title: "CTO", primary_company_uuid: "c1", linkedin_url: "https://www.linkedin.com/in/Jane/", created_at: 5, service_updated_at: 5 })
      .execute();
    await db.insertInto("person_emails").values({ tenant_uuid: "t1", person_uuid: "p1", address: "jane@globex.example", is_primary: 1, created_at: 5 }).execute();
    await db.destroy();

    const store = await createSqliteStore({ path });
    try {
      expect(await store.persons.findByLinkedinUrls("t1", ["linkedin.com/in/jane"])).toEqual(new Map([["linkedin.com/in/jane", ["p1"]]]));
      expect(await store.persons.findByDomain("t1", "globex.example", 5)).toEqual({ uuids: ["p1"], total: 1 });
      expect(await store.affiliations.listCurrent("t1", { company_uuid: "c1" })).toEqual([
        expect.objectContaining({ person_uuid: "p1", title: "CTO", is_current: true }),
      ]);
      const list = (filters: object) =>
        store.companies.list("t1", { filters, sort_by: "company_name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
      expect((await list({ industry_tags: { values: ["ai"], operator: "OR" } })).total).toBe(1);
      expect((await list({ employee_count: { from: 40, to: 45 } })).total).toBe(1);
      expect((await list({ founded_year: { from: 2016 } })).total).toBe(0);
    } finally {
      await store.close();
    }
  });
});
