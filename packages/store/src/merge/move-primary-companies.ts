/**
 * Company merge step: persons whose primary company is the superseded one have the canonical one as theirs (their
 * job title with it), and are stamped changed, for `modified_since` pollers. The rows of persons merged away move too
 * (no row is left naming the superseded company) but are not counted: no one the company gains.
 */
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const movePrimaryCompanies: PersonReferenceMover = {
  kind: "primary_company_persons",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const moved = await db
      .updateTable("persons")
      .set({ primary_company_uuid: canonicalUuid, service_updated_at: now })
      .where("tenant_uuid", "=", tenantUuid)
      .where("primary_company_uuid", "=", supersededUuid)
      .returning("deleted_at")
      .execute();
    return moved.filter((person) => person.deleted_at === null).length;
  },
};
