/**
 * Migration 0064: persons and companies already there get the folded key of their name, a deleted tenant's rows
 * (which refuse writes) are left as they are, and the lists read the new order at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-0064-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Takes the keys and their indexes out of the database and puts migration 0064 back to pending. */
function asBeforeMigration(path: string): void {
  const sqlite = new SqliteDatabase(path);
  try {
    sqlite.exec(`drop index persons_live_name_order; drop index companies_live_name_order;
      alter table persons drop column name_sort_key; alter table companies drop column company_name_sort_key;
      delete from kysely_migration where name = '0064-name-sort-keys'`);
  } finally {
    sqlite.close();
  }
}

/**
 * The database's triggers (name and SQL, each table's in the order they fire in; the migration run again here after
 * later ones puts the tables' triggers after theirs, as an upgrade never does) and how many person changes it logged.
 */
function triggersAndLog(path: string): { triggers: unknown[]; logged: unknown } {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    return {
      triggers: sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' order by tbl_name, rowid").all(),
      logged: sqlite.prepare("select count(*) as count from person_changes").get(),
    };
  } finally {
    sqlite.close();
  }
}

function keysOf(path: string, table: "persons" | "companies" | "entity_lists", key: string): Map<string, string> {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const rows = sqlite.prepare(`select uuid, ${key} as key from ${table}`).all() as Array<{ uuid: string; key: string }>;
    return new Map(rows.map((row) => [row.uuid, row.key]));
  } finally {
    sqlite.close();
  }
}

describe("migration 0064-name-sort-keys", () => {
  it("has a key written by hand mended by the row's next write, even one that changes nothing, which moves no change time", async () => {
    const path = join(folder, "rapport.db");
    const store = await createSqliteStore({ path });
    try {
      const acme = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const emile = await store.persons.create({ tenant_uuid: acme, name: "Émile" });
      const zoe = await store.persons.create({ tenant_uuid: acme, name: "Zoe", city: "Oslo" });
      const osterreich = await store.companies.create({ tenant_uuid: acme, company_name: "Österreich AG" });
      const list = await store.entityLists.create({ tenant_uuid: acme, name: "Émigrés", kind: "persons", owner_user_uuid: null });
      const byHand = new SqliteDatabase(path);
      byHand.exec(`update persons set name_sort_key = 'zzz'; update companies set company_name_sort_key = 'zzz', name_match_key = 'zzz';
        update entity_lists set name_sort_key = 'zzz'`);
      byHand.close();
      const unchanged = await store.persons.update(acme, emile.uuid, { name: "Émile" });
      const changed = await store.persons.update(acme, zoe.uuid, { city: "Bergen" });
      const company = await store.companies.update(acme, osterreich.uuid, { company_name: "Österreich AG" });
      expect([unchanged?.service_updated_at, company?.service_updated_at]).toEqual([emile.service_updated_at, osterreich.service_updated_at]);
      expect(changed?.city).toBe("Bergen");
      expect(keysOf(path, "persons", "name_sort_key")).toEqual(new Map([[emile.uuid, "emile"], [zoe.uuid, "zoe"]]));
      expect(keysOf(path, "companies", "company_name_sort_key")).toEqual(new Map([[osterreich.uuid, "osterreich ag"]]));
      // The company's match key (migration 0065), and a list's order key (0083) at a write not naming the list's name.
      expect(keysOf(path, "companies", "name_match_key")).toEqual(new Map([[osterreich.uuid, "österreichag"]]));
      await store.entityLists.update(acme, list.uuid, { owner_user_uuid: null });
      expect(keysOf(path, "entity_lists", "name_sort_key")).toEqual(new Map([[list.uuid, "emigres"]]));
    } finally {
      await store.close();
    }
  });

  it("gives the persons and companies already there their name's folded key, a deleted tenant's left as they are, and logs no change", async () => {
    const path = join(folder, "rapport.db");
    let store = await createSqliteStore({ path });
    const acme = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const gone = (await store.tenants.create({ name: "Gone", tier: "standard" })).uuid;
    const person = async (tenant: string, name: string) => (await store.persons.create({ tenant_uuid: tenant, name })).uuid;
    const company = async (tenant: string, name: string) => (await store.companies.create({ tenant_uuid: tenant, company_name: name })).uuid;
    const zoe = await person(acme, "Zoe");
    const abel = await person(acme, "Ábel");
    const eva = await person(acme, "éva");
    const goneEmile = await person(gone, "Émile");
    const osterreich = await company(acme, "Österreich AG");
    const zeta = await company(acme, "Zeta");
    const goneCompany = await company(gone, "Ärzte");
    expect(await store.tenants.delete(gone)).toBe(true);
    await store.close();
    asBeforeMigration(path);
    // More persons than one statement keys (5,000), written as an older release left them.
    const bulk = new SqliteDatabase(path);
    try {
      const insert = bulk.prepare("insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values (?, ?, ?, 1, 1)");
      bulk.transaction(() => {
        for (let index = 0; index < 12_001; index += 1) insert.run(`bulk-${index}`, acme, `Ö${index}`);
      })();
    } finally {
      bulk.close();
    }
    const before = triggersAndLog(path);

    store = await createSqliteStore({ path });
    try {
      // Nothing a client reads changed: no person change is logged, and the triggers set aside are back as they were.
      expect(triggersAndLog(path)).toEqual(before);
      const personKeys = keysOf(path, "persons", "name_sort_key");
      expect(personKeys.size).toBe(12_005);
      for (let index = 0; index < 12_001; index += 1) expect(personKeys.get(`bulk-${index}`)).toBe(`o${index}`);
      expect([zoe, abel, eva, goneEmile].map((uuid) => personKeys.get(uuid))).toEqual(["zoe", "abel", "eva", ""]);
      expect(keysOf(path, "companies", "company_name_sort_key")).toEqual(
        new Map([
          [osterreich, "osterreich ag"],
          [zeta, "zeta"],
          [goneCompany, ""],
        ]),
      );
      const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 10 };
      const persons = await store.persons.list(acme, { ...firstPage, filters: {}, sort_by: "name", order: "desc" });
      expect(persons.rows.slice(0, 3).map((row) => row.name)).toEqual(["Zoe", "Ö9999", "Ö9998"]);
      const first = await store.persons.list(acme, { ...firstPage, filters: {}, sort_by: "name", order: "asc" });
      expect(first.rows.slice(0, 3).map((row) => row.name)).toEqual(["Ábel", "éva", "Ö0"]);
      const companies = await store.companies.list(acme, { ...firstPage, filters: {}, sort_by: "company_name", order: "asc" });
      expect(companies.rows.map((row) => row.company_name)).toEqual(["Österreich AG", "Zeta"]);
    } finally {
      await store.close();
    }
  });
});
