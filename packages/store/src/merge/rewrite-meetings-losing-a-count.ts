/**
 * Merge step: the meetings the superseded person counts and the canonical person declined. The merge writes them
 * again with the superseded person's other meetings (`rewriteSupersededMeetings`); the graph takes them again too.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { PersonMoveContext } from "./person-reference-mover.js";

/**
 * The meetings whose counting attendees a merge of these two persons changes (the superseded person's row counts it, the
 * canonical person's declined row is the one kept, so the superseded person's count goes),
 * read before the attendees move: the graph's own merge, which knows nothing of declined attendances, counts the
 * canonical person at them, so the merge sends them to the graph again as the database holds them.
 */
export async function meetingsLosingACount(db: Kysely<Database>, tenantUuid: string, canonicalUuid: string, supersededUuid: string): Promise<string[]> {
  return (await meetingsLosingACountQuery(db, tenantUuid, canonicalUuid, supersededUuid).execute()).map((row) => row.meeting_uuid);
}

function meetingsLosingACountQuery(db: Kysely<Database>, tenantUuid: string, canonicalUuid: string, supersededUuid: string) {
  return db
    .selectFrom("meeting_attendees as superseded")
    .innerJoin("meeting_attendees as canonical", (join) =>
      join.onRef("canonical.meeting_uuid", "=", "superseded.meeting_uuid").on("canonical.person_uuid", "=", canonicalUuid),
    )
    .select("superseded.meeting_uuid")
    .where("superseded.tenant_uuid", "=", tenantUuid)
    .where("superseded.person_uuid", "=", supersededUuid)
    .where("superseded.counted_at", "is not", null)
    .where("canonical.counted_at", "is", null);
}
