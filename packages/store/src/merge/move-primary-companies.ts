/**
 * Company merge step: persons whose primary company is the superseded one have the canonical one as theirs (their
 * job title with it), and are stamped changed, for `modified_since` pollers.
 */
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const movePrimaryCompanies: PersonReferenceMover = {
  kind: "primary_company_persons",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const result = await db
      .updateTable("persons")
      .set({ primary_company_uuid: canonicalUuid, service_updated_at: now })
      .where("tenant_uuid", "=", tenantUuid)
      .where("primary_company_uuid", "=", supersededUuid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
