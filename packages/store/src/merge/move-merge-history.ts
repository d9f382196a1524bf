/**
 * Merge step: persons merged earlier into the superseded person now point at the canonical one, so
 * a merged-away uuid always names a live person in one step.
 */
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveMergeHistory: PersonReferenceMover = {
  kind: "merged_persons",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid }) {
    // Found through `person_merges`, which records every merge with its canonical person (kept below): the
    // persons table has no index by `merged_into_uuid`.
    await db
      .updateTable("persons")
      .set({ merged_into_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("merged_into_uuid", "=", supersededUuid)
      .where("uuid", "in", (builder) =>
        builder.selectFrom("person_merges").select("superseded_uuid").where("tenant_uuid", "=", tenantUuid).where("canonical_uuid", "=", supersededUuid),
      )
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
