/**
 * Merge step: persons merged earlier into the superseded person now point at the canonical one, so
 * a merged-away uuid always names a live person in one step.
 */
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveMergeHistory: PersonReferenceMover = {
  kind: "merged_persons",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid }) {
    await db
      .updateTable("persons")
      .set({ merged_into_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("merged_into_uuid", "=", supersededUuid)
      .execute();
    const result = await db
      .updateTable("person_merges")
      .set({ canonical_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("canonical_uuid", "=", supersededUuid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
