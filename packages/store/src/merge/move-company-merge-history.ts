/**
 * Company merge step: companies merged earlier into the superseded company now point at the canonical one, so a
 * merged-away uuid always names a live company in one step.
 */
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveCompanyMergeHistory: PersonReferenceMover = {
  kind: "merged_companies",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid }) {
    await db
      .updateTable("companies")
      .set({ merged_into_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("merged_into_uuid", "=", supersededUuid)
      .where("uuid", "in", (builder) =>
        builder.selectFrom("company_merges").select("superseded_uuid").where("tenant_uuid", "=", tenantUuid).where("canonical_uuid", "=", supersededUuid),
      )
      .execute();
    const result = await db
      .updateTable("company_merges")
      .set({ canonical_uuid: canonicalUuid })
      .where("tenant_uuid", "=", tenantUuid)
      .where("canonical_uuid", "=", supersededUuid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
