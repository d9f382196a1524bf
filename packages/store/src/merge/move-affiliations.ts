/**
 * Merge step: affiliations move to the canonical person; one that duplicates a canonical
 * affiliation (same company, both current or both past) fills that one's blanks instead.
 */
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveAffiliations: PersonReferenceMover = {
  kind: "affiliations",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const ofPerson = (personUuid: string) =>
      db.selectFrom("affiliations").selectAll().where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid).execute();
    const canonical = await ofPerson(canonicalUuid);
    const superseded = await ofPerson(supersededUuid);
    for (const affiliation of superseded) {
      const twin = canonical.find(
        (candidate) => candidate.company_uuid === affiliation.company_uuid && candidate.is_current === affiliation.is_current,
      );
      if (twin) {
        await db
          .updateTable("affiliations")
          .set({
            title: twin.title ?? affiliation.title,
            started_on: twin.started_on ?? affiliation.started_on,
            ended_on: twin.ended_on ?? affiliation.ended_on,
            updated_at: now,
          })
          .where("uuid", "=", twin.uuid)
          .execute();
        await db.deleteFrom("affiliations").where("uuid", "=", affiliation.uuid).execute();
      } else {
        await db.updateTable("affiliations").set({ person_uuid: canonicalUuid, updated_at: now }).where("uuid", "=", affiliation.uuid).execute();
      }
    }
    return superseded.length;
  },
};
