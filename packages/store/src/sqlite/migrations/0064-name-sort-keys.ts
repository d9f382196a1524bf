/**
 * Migration 0064: persons and companies listed by name as a reader looks them up. `sort_by=name` and
 * `sort_by=company_name` compared the names by code point, so lower-case initials came after "Z" and accented ones
 * ("Ábel", "Éva", "Österreich") after "z". Each row now holds `nameSortKey` of its name (`name_sort_key`,
 * `company_name_sort_key`), written by the store with every name and computed here for the rows already there (a
 * deleted tenant's rows refuse writes, migration 0031, and are never read again). A live-row index led by the tenant,
 * then the key, the name and the uuid (the lists' order, both ways), lets a numbered page skip its offset in the
 * index and a cursor seek its place.
 *
 * Nothing a client reads changes, so no change time or generation moves: the tables' triggers are set aside while
 * the keys are written and put back as they were (`writeKeysAside`, in one transaction with the rest,
 * immediate-transactions.ts).
 */
import { sql, type Kysely, type Migration } from "kysely";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { writeKeysAside } from "./keys-written-aside.js";

/** The tables listed by name, their name column, its key column and the index of their name order. */
const NAMED_TABLES = [
  { table: "persons", name: "name", key: "name_sort_key", index: "persons_live_name_order" },
  { table: "companies", name: "company_name", key: "company_name_sort_key", index: "companies_live_name_order" },
] as const;

export const nameSortKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const { table, name, key, index } of NAMED_TABLES) {
      await sql`alter table ${sql.table(table)} add column ${sql.ref(key)} text not null default ''`.execute(db);
      await writeKeysAside(db, table, [{ source: name, key, keyOf: nameSortKey }]);
      await sql`create index ${sql.ref(index)} on ${sql.table(table)} (tenant_uuid, ${sql.ref(key)}, ${sql.ref(name)}, uuid) where deleted_at is null`.execute(db);
    }
  },
};
