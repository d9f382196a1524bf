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
 * the keys are written and put back as they were (in one transaction with the rest, immediate-transactions.ts). Run
 * for every row, they logged 200,000 person changes nobody needs and took about half of the migration's time.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { nameSortKey } from "../../repositories/name-sort-key.js";

/**
 * Rows read and given their keys per statement, in rowid order (each read a range of the table, the tenant checked by
 * key: joined, SQLite read every row of each tenant and sorted them for every chunk): one statement per row took
 * several times as long, and a tenant's names are never all in memory at once.
 */
const ROWS_PER_STATEMENT = 5_000;

/** The tables listed by name, their name column, its key column and the index of their name order. */
const NAMED_TABLES = [
  { table: "persons", name: "name", key: "name_sort_key", index: "persons_live_name_order" },
  { table: "companies", name: "company_name", key: "company_name_sort_key", index: "companies_live_name_order" },
] as const;

export const nameSortKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const { table, name, key, index } of NAMED_TABLES) {
      await sql`alter table ${sql.table(table)} add column ${sql.ref(key)} text not null default ''`.execute(db);
      const { rows: triggers } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
        where type = 'trigger' and tbl_name = ${table} order by rowid`.execute(db);
      for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(db);
      for (let after = Number.MIN_SAFE_INTEGER; ; ) {
        const { rows } = await sql<{ row_id: number; name: string }>`select r.rowid as row_id, r.${sql.ref(name)} as name
          from ${sql.table(table)} r where r.rowid > ${after}
            and not exists (select 1 from tenants t where t.uuid = r.tenant_uuid and t.deleted_at is not null)
          order by r.rowid limit ${ROWS_PER_STATEMENT}`.execute(db);
        if (rows.length === 0) break;
        after = rows.at(-1)!.row_id;
        const keyed = rows.map((row) => [row.row_id, nameSortKey(row.name)] as const).filter(([, sortKey]) => sortKey !== "");
        if (keyed.length === 0) continue;
        await sql`update ${sql.table(table)} set ${sql.ref(key)} = keyed.value ->> 1
          from json_each(${JSON.stringify(keyed)}) as keyed where ${sql.ref(`${table}.rowid`)} = keyed.value ->> 0`.execute(db);
      }
      for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);
      await sql`create index ${sql.ref(index)} on ${sql.table(table)} (tenant_uuid, ${sql.ref(key)}, ${sql.ref(name)}, uuid) where deleted_at is null`.execute(db);
    }
  },
};
