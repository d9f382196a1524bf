/** @module Test helper: a store file with one tenant and two persons, and a second connection to read its plans. */
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

/** What a feed test works on: the store, a raw connection and a Kysely over it to the same file, the tenant, Ada and Bob. */
export interface TwoPersonFeedStore {
  store: Store;
  sqlite: SqliteDatabase.Database;
  db: Kysely<Database>;
  tenantUuid: string;
  ada: string;
  bob: string;
  close(): Promise<void>;
}

/** Opens a store at `path` (its clock `now` when given) with tenant "Acme" and the persons Ada and Bob. */
export async function openTwoPersonFeedStore(path: string, now?: () => number): Promise<TwoPersonFeedStore> {
  const store = await createSqliteStore(now === undefined ? { path } : { path, now });
  const sqlite = new SqliteDatabase(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const ada = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] })).uuid;
  const bob = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: ["bob@x.example"] })).uuid;
  return {
    store,
    sqlite,
    db,
    tenantUuid,
    ada,
    bob,
    async close() {
      await db.destroy();
      await store.close();
    },
  };
}
