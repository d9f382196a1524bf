/**
 * Migration 0039: the deletions log. A syncing client copies opportunities, notes, tasks, files, entity lists and
 * persons; until now nothing told it one was gone but a full scan that no longer listed it. `record_deletions`
 * holds one row per record gone, read by `store.deletions.list` (`GET /v1/deletions`).
 *
 * - `sequence` is an `autoincrement` rowid, as the activity feed's (migration 0032): strictly increasing in commit
 *   order across processes (SQLite has one writer at a time), never reused.
 * - Triggers write it in the deleting statement's transaction, so every path is covered (the API, the CLI's
 *   `rapport persons erase`, an opportunity's sub-opportunities deleted with it, a statement run by hand) and a
 *   rollback writes nothing. A soft delete (`deleted_at` set on opportunities, notes, tasks; a person merged
 *   away) logs the record's own `deleted_at`; a hard delete (files, entity lists, an erased person) logs the
 *   database's clock, as the feed's removals do. A merged-away person carries `merged_into_uuid`.
 * - A record has one entry (unique by uuid and entity type): logging it again replaces the earlier one.
 * - An erased person keeps its uuid and nothing else: the row of an earlier merge (which names the person it went
 *   into) is replaced by one at a new sequence without it, so downstream copies can be erased too (GDPR Art. 19).
 * - `visible_to_user_uuid`: a PERSONAL task's creator (the only one who ever saw it; '' for none); null for
 *   everything else, which the whole tenant reads.
 * - Only a live tenant's deletions are logged (a purge of a deleted tenant's rows logs nothing), and deleting a
 *   tenant removes its log.
 * - Existing soft-deleted records (opportunities, notes, tasks, merged-away persons) are logged by `deleted_at`,
 *   then uuid; files, lists and persons deleted before this migration left nothing to log.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** Epoch milliseconds by the database's clock: the time of a hard-deleted row's entry. */
const DATABASE_NOW = "cast((julianday('now') - 2440587.5) * 86400000 as integer)";

/** Whether `tenant` is live (SQL). */
const liveTenant = (tenant: string) => `exists (select 1 from tenants where uuid = ${tenant} and deleted_at is null)`;

/** The soft-deleted tables: entity type, table, who may see an entry and where a person went (SQL over a row). */
const SOFT_DELETED = [
  { entityType: "OPPORTUNITY", table: "opportunities", visibleTo: () => "null", mergedInto: () => "null" },
  { entityType: "NOTE", table: "notes", visibleTo: () => "null", mergedInto: () => "null" },
  {
    entityType: "TASK",
    table: "tasks",
    visibleTo: (row: string) => `case when ${row}.scope = 'PERSONAL' then coalesce(${row}.created_by_user_uuid, '') end`,
    mergedInto: () => "null",
  },
  { entityType: "PERSON", table: "persons", visibleTo: () => "null", mergedInto: (row: string) => `${row}.merged_into_uuid` },
] as const;

const HARD_DELETED = [
  { entityType: "FILE", table: "files" },
  { entityType: "ENTITY_LIST", table: "entity_lists" },
] as const;

const insertColumns = "(tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid)";

/**
 * The statements logging `row` (NEW or OLD) as gone, when its tenant is live. An earlier entry of the record goes
 * first: an erased person's merge, or a deletion undone by hand (no code path restores a record) and done again.
 */
function logDeletion(row: "NEW" | "OLD", entityType: string, deletedAt: string, mergedInto = "null", visibleTo = "null"): string {
  return `delete from record_deletions where uuid = ${row}.uuid and entity_type = '${entityType}';
      insert into record_deletions ${insertColumns}
        select ${row}.tenant_uuid, '${entityType}', ${row}.uuid, ${deletedAt}, ${mergedInto}, ${visibleTo} where ${liveTenant(`${row}.tenant_uuid`)};`;
}

const triggers = [
  ...SOFT_DELETED.map(
    ({ entityType, table, visibleTo, mergedInto }) => `create trigger ${table}_log_deletion after update of deleted_at on ${table}
    when OLD.deleted_at is null and NEW.deleted_at is not null
    begin
      ${logDeletion("NEW", entityType, "NEW.deleted_at", mergedInto("NEW"), visibleTo("NEW"))}
    end`,
  ),
  // A live opportunity, note or task deleted outright (no code path does; a statement run by hand may).
  ...SOFT_DELETED.filter(({ table }) => table !== "persons").map(
    ({ entityType, table, visibleTo }) => `create trigger ${table}_log_removal after delete on ${table}
    when OLD.deleted_at is null
    begin
      ${logDeletion("OLD", entityType, DATABASE_NOW, "null", visibleTo("OLD"))}
    end`,
  ),
  ...HARD_DELETED.map(
    ({ entityType, table }) => `create trigger ${table}_log_deletion after delete on ${table}
    begin
      ${logDeletion("OLD", entityType, DATABASE_NOW)}
    end`,
  ),
  // An erasure: the person's earlier entry (a merge naming the person it went into) gives way to the uuid alone.
  `create trigger persons_log_erasure after delete on persons
    begin
      ${logDeletion("OLD", "PERSON", DATABASE_NOW)}
    end`,
  `create trigger tenants_drop_deletion_log after update of deleted_at on tenants
    when OLD.deleted_at is null and NEW.deleted_at is not null
    begin
      delete from record_deletions where tenant_uuid = NEW.uuid;
    end`,
];

export const recordDeletionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table record_deletions (
        sequence integer primary key autoincrement,
        tenant_uuid text not null,
        entity_type text not null,
        uuid text not null,
        deleted_at bigint not null,
        merged_into_uuid text,
        visible_to_user_uuid text
      )`.execute(db);
    // A page: one seek to the tenant and the cursor's sequence, then rows in order.
    await sql`create index record_deletions_by_tenant on record_deletions (tenant_uuid, sequence)`.execute(db);
    // A page of some entity types: the same seek within each.
    await sql`create index record_deletions_by_type on record_deletions (tenant_uuid, entity_type, sequence)`.execute(db);
    // Where `since` starts: one seek to the first sequence deleted at or after it.
    await sql`create index record_deletions_by_time on record_deletions (tenant_uuid, deleted_at)`.execute(db);
    // A record is gone once: the entry an erasure replaces.
    await sql`create unique index record_deletions_by_record on record_deletions (uuid, entity_type)`.execute(db);
    await sql`
      insert into record_deletions ${sql.raw(insertColumns)}
      select tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid from (
        select tenant_uuid, 'OPPORTUNITY' as entity_type, uuid, deleted_at, null as merged_into_uuid, null as visible_to_user_uuid
          from opportunities where deleted_at is not null
        union all
        select tenant_uuid, 'NOTE', uuid, deleted_at, null, null from notes where deleted_at is not null
        union all
        select tenant_uuid, 'TASK', uuid, deleted_at, null, case when scope = 'PERSONAL' then coalesce(created_by_user_uuid, '') end
          from tasks where deleted_at is not null
        union all
        select tenant_uuid, 'PERSON', uuid, deleted_at, merged_into_uuid, null from persons where deleted_at is not null
      ) as gone
      where exists (select 1 from tenants where tenants.uuid = gone.tenant_uuid and tenants.deleted_at is null)
      order by deleted_at, uuid`.execute(db);
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  },
};
