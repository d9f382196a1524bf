/**
 * @module
 * A throwaway database with a tenant, two internal users and a known contact, for the import tests;
 * and the row count of every table, to prove a dry run or a re-run writes nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore, type Person, type Store, type User } from "@rapport/store";
import SqliteDatabase from "better-sqlite3";
import { migratedDatabaseAt } from "../../testing/migrated-database.js";
import { defaultWindow, type ImportRequest } from "../import-request.js";

export interface ImportTestBed {
  store: Store;
  tenantUuid: string;
  folder: string;
  databasePath: string;
  ada: User;
  ben: User;
  jordan: Person;
  /** Writes a fixture file into the bed's folder and returns its path. */
  file(name: string, content: string | Buffer): string;
  /** Every table's row count (migrations bookkeeping excluded). */
  rowCounts(): Record<string, number>;
  /** The tenant's persons, by primary address (or name), sorted. */
  personsByKey(): Promise<Map<string, Person>>;
  close(): Promise<void>;
}

/** 2026-11-21: the tests' "now" for the default calendar window. */
export const IMPORT_TEST_NOW = Date.UTC(2026, 10, 21, 12);

export function importRequest(kind: ImportRequest["kind"], overrides: Partial<ImportRequest> = {}): ImportRequest {
  return { kind, dryRun: false, keepBodies: false, ...defaultWindow(IMPORT_TEST_NOW), entity: null, map: [], ...overrides };
}

export async function createImportTestBed(): Promise<ImportTestBed> {
  const folder = mkdtempSync(join(tmpdir(), "rapport-import-"));
  // A copy of the run's migrated database: migrating a new file each test took twice the processor time and three
  // times the wall time (18 ms and 180 ms against 10 ms and 60 ms, 2026-12-08), over a hundred tests.
  const databasePath = migratedDatabaseAt(join(folder, "rapport.db"));
  const store = await createSqliteStore({ path: databasePath });
  const tenantUuid = (await store.tenants.create({ name: "Acme Capital", tier: "standard" })).uuid;
  const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada Park", email: "ada@acme.example", role: "administrator" });
  const ben = await store.users.create({ tenant_uuid: tenantUuid, name: "Ben Ode", email: "ben@acme.example", role: "member" });
  const jordan = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jordan Blake", emails: ["jordan@northwind.example"], linkedin_url: "https://www.linkedin.com/in/jordanblake" });
  return {
    store,
    tenantUuid,
    folder,
    databasePath,
    ada,
    ben,
    jordan,
    file(name, content) {
      const path = join(folder, name);
      writeFileSync(path, content);
      return path;
    },
    rowCounts() {
      const database = new SqliteDatabase(databasePath, { readonly: true });
      try {
        const tables = database.prepare("select name from sqlite_master where type = 'table' and name not like 'kysely_%' and name not like 'sqlite_%'").all() as Array<{ name: string }>;
        return Object.fromEntries(tables.map(({ name }) => [name, (database.prepare(`select count(*) as count from "${name}"`).get() as { count: number }).count]));
      } finally {
        database.close();
      }
    },
    async personsByKey() {
      const page = await store.persons.list(tenantUuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 1_000 });
      return new Map(page.rows.map((person) => [person.emails[0]?.address ?? person.name, person]));
    },
    async close() {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
