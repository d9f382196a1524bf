/**
 * Migration 0017: the name indexes of migration 0016 are brought up to date by the search that reads
 * them, not by the write. Its triggers wrote each new or renamed name into the full-text index: FTS5 writes
 * its pending terms out at the end of every statement that changes it inside a transaction, so each
 * person, company or opportunity inserted in a batch cost about 0.3 ms more (0.45 ms against 0.09 ms per
 * person at benchmark scale L; the L tenant's generation went from about 225 s to 290–318 s).
 *
 * The triggers now only note the record in `name_search_pending` (a few microseconds). Before a search the
 * store applies the tenant's notes, four statements per kind (20,000 notes in 276 ms at L): each noted record's entry
 * is dropped, and the record's current name indexed again under a new key if the record still exists.
 * Keys are never reused (`autoincrement`), so an entry dropped late cannot be taken for another record's.
 */
import { sql, type Kysely, type Migration } from "kysely";

const INDEXED_NAMES = [
  { table: "persons", column: "name", entityType: "PERSON" },
  { table: "companies", column: "company_name", entityType: "COMPANY" },
  { table: "opportunities", column: "name", entityType: "OPPORTUNITY" },
] as const;

export const nameSearchQueueMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table name_search_pending (
      id integer primary key,
      tenant_uuid text not null,
      entity_type text not null,
      uuid text not null
    )`.execute(db);
    await sql`create index name_search_pending_tenant on name_search_pending (tenant_uuid, id)`.execute(db);
    for (const { table } of INDEXED_NAMES) {
      for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger ${table}_name_search_on_${event}`).execute(db);
    }
    // Keys from here on are never reused: a new table with autoincrement, the keys carried over.
    await sql`create table name_search_keys_next (
      key integer primary key autoincrement,
      entity_type text not null,
      uuid text not null,
      unique (entity_type, uuid)
    )`.execute(db);
    await sql`insert into name_search_keys_next (key, entity_type, uuid) select key, entity_type, uuid from name_search_keys`.execute(db);
    await sql`drop table name_search_keys`.execute(db);
    await sql`alter table name_search_keys_next rename to name_search_keys`.execute(db);
    for (const { table, column, entityType } of INDEXED_NAMES) {
      const note = (row: "old" | "new") =>
        `insert into name_search_pending (tenant_uuid, entity_type, uuid) values (${row}.tenant_uuid, '${entityType}', ${row}.uuid);`;
      const statements = [
        `create trigger ${table}_name_search_on_insert after insert on ${table} begin ${note("new")} end`,
        `create trigger ${table}_name_search_on_update after update of ${column}, uuid, tenant_uuid on ${table}
          when old.${column} is not new.${column} or old.uuid is not new.uuid or old.tenant_uuid is not new.tenant_uuid
          begin ${note("old")} ${note("new")} end`,
        `create trigger ${table}_name_search_on_delete after delete on ${table} begin ${note("old")} end`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    }
  },
};
