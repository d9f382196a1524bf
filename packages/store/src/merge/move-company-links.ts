/**
 * Company merge step: links from opportunities, notes and tasks to the superseded company move to the canonical one (a
 * record linked to both keeps one link). The merge recomputes the opportunities' company dates once every step ran.
 */
import { moveEntityLinks } from "../repositories/move-entity-links.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveCompanyLinks: PersonReferenceMover = {
  kind: "deal_references",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const { links } = await moveEntityLinks(db, tenantUuid, "COMPANY", supersededUuid, canonicalUuid, now);
    // Dates held for the superseded company no longer describe any opportunity's link.
    await db
      .deleteFrom("opportunity_activity_floors")
      .where("tenant_uuid", "=", tenantUuid)
      .where("entity_type", "=", "COMPANY")
      .where("entity_uuid", "=", supersededUuid)
      .execute();
    return links;
  },
};
