/**
 * Migration 0055: link rows whose other side is gone are removed. Until 2026-12-05 a link's sides were checked
 * before the transaction that wrote it (commit 7689325e), so a note, task, opportunity, file or person deleted,
 * merged away or erased in between left a row linking to nothing: hidden from every association list, never
 * removable (`DELETE .../associations/{uuid}` answers 404 for it), yet counted by `sort_by=notes_and_files_count`.
 *
 * A side is live when its row is in the link's tenant and, for the soft-deleted tables (persons, companies,
 * opportunities, notes, tasks), its `deleted_at` is null; files and erased persons leave no row. A side of a kind
 * this migration does not know is left alone. The triggers on `associations` (kept link counts and recency, search
 * documents, change generations) follow the deletions as for any other. Nothing a record shows changes, since its
 * lists already left these links out, so no record's change time moves.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** Tables of the kinds of record a link joins, and whether each is soft-deleted (`deleted_at`). */
const SIDE_TABLES = {
  PERSON: { table: "persons", softDeleted: true },
  COMPANY: { table: "companies", softDeleted: true },
  OPPORTUNITY: { table: "opportunities", softDeleted: true },
  NOTE: { table: "notes", softDeleted: true },
  TASK: { table: "tasks", softDeleted: true },
  FILE: { table: "files", softDeleted: false },
} as const;

/** Whether the side `side` of the link row being read is a live record of the link's tenant, each sought by its key. */
function sideIsLive(side: "owner" | "entity"): string {
  const cases = Object.entries(SIDE_TABLES).map(
    ([type, { table, softDeleted }]) =>
      `when '${type}' then exists (select 1 from ${table} r where r.uuid = associations.${side}_uuid
        and r.tenant_uuid = associations.tenant_uuid${softDeleted ? " and r.deleted_at is null" : ""})`,
  );
  return `case associations.${side}_type ${cases.join(" ")} else 1 end`;
}

export const linksToGoneRecordsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql.raw(`delete from associations where not (${sideIsLive("owner")}) or not (${sideIsLive("entity")})`).execute(db);
  },
};
