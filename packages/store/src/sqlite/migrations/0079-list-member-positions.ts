/**
 * Migration 0079: a list member's `position`, its place in the list's order. Members added in one call shared their
 * `added_at` and were listed by uuid among themselves, so a ranked shortlist lost its ranking; `addMembers` now numbers
 * them in the order sent, after the list's last. Existing members take their old order (`added_at`, then uuid). A
 * deleted tenant's rows keep 0 (its triggers refuse the update, and nothing reads them again). The index serves the
 * members' pages and the next position; it replaces the (list, `added_at`, entity) one, which only those pages read.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const listMemberPositionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("entity_list_members").addColumn("position", "integer", (column) => column.notNull().defaultTo(0)).execute();
    await sql`
      update entity_list_members set position = ranked.position
      from (
        select list_uuid, entity_uuid, row_number() over (partition by list_uuid order by added_at, entity_uuid) as position
        from entity_list_members
      ) as ranked
      where ranked.list_uuid = entity_list_members.list_uuid and ranked.entity_uuid = entity_list_members.entity_uuid
        and entity_list_members.tenant_uuid not in (select uuid from tenants where deleted_at is not null)`.execute(db);
    await db.schema.dropIndex("entity_list_members_list_added").execute();
    await db.schema.createIndex("entity_list_members_list_position").on("entity_list_members").columns(["list_uuid", "position", "entity_uuid"]).execute();
  },
};
