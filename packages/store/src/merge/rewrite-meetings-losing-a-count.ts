/**
 * Merge step, before the attendees move: the meetings the superseded person counts and the canonical person
 * declined are written again (`updated_at`), so the activity feed lists them at a new sequence.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { PersonMoveContext } from "./person-reference-mover.js";

/**
 * Moves `updated_at` of each meeting whose counting attendees the merge changes: the superseded person's row
 * counts it, the canonical person's declined row is the one kept, so the superseded person's count goes. When
 * no one else counts the meeting it leaves every timeline, and only a write of `updated_at` takes its entry
 * to a new sequence (migration 0033): without it a poller past the old sequence would never learn of the
 * removal. Returns how many meetings were written. Other merges change no one's count and move nothing.
 */
export async function rewriteMeetingsLosingACount({ db, tenantUuid, canonicalUuid, supersededUuid, now }: PersonMoveContext): Promise<number> {
  const result = await db
    .updateTable("meetings")
    .set({ updated_at: now })
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "in", meetingsLosingACountQuery(db, tenantUuid, canonicalUuid, supersededUuid))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The meetings whose counting attendees a merge of these two persons changes (see `rewriteMeetingsLosingACount`),
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
