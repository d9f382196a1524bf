/** Merge step: links from opportunities, notes and tasks, and intro-person mentions, follow the person. */
import { movePersonReferences } from "../repositories/person-reference-repointing.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveDealReferences: PersonReferenceMover = {
  kind: "deal_references",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const links = await db
      .selectFrom("associations")
      .select((builder) => builder.fn.countAll<number>().as("count"))
      .where("tenant_uuid", "=", tenantUuid)
      .where("entity_type", "=", "PERSON")
      .where("entity_uuid", "=", supersededUuid)
      .executeTakeFirst();
    const intros = await db
      .selectFrom("opportunities")
      .select((builder) => builder.fn.countAll<number>().as("count"))
      .where("tenant_uuid", "=", tenantUuid)
      .where("intro_person_uuid", "=", supersededUuid)
      .executeTakeFirst();
    // No refresh of the moved opportunities' dates here: the merge raises them once every mover has run.
    await movePersonReferences(db, tenantUuid, supersededUuid, canonicalUuid, now);
    return Number(links?.count ?? 0) + Number(intros?.count ?? 0);
  },
};
