/**
 * Merge step, before the attendees move: every meeting the superseded person attends (organizer, counting or
 * declined) is written again (`updated_at`), as an erasure writes the meetings it takes a person off. Its record
 * names the canonical person from now on, so `GET /v1/meetings?updated_after=` brings it again, and the activity
 * feed lists it at a new sequence (migration 0033), with `removed: true` when the canonical person declined and no
 * one else counts it.
 */
import type { PersonMoveContext } from "./person-reference-mover.js";

/** Moves `updated_at` of the superseded person's meetings to the merge's instant; returns how many were written. */
export async function rewriteSupersededMeetings({ db, tenantUuid, supersededUuid, now }: PersonMoveContext): Promise<number> {
  const result = await db
    .updateTable("meetings")
    .set({ updated_at: now })
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "in", (builder) =>
      builder.selectFrom("meeting_attendees").select("meeting_uuid").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", supersededUuid),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
