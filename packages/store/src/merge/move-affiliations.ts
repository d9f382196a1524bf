/**
 * Merge step: affiliations move to the canonical person; one that duplicates a canonical
 * affiliation (same company, both current or both past) fills that one's blanks instead, and so does
 * a stale current one at a company the canonical person is recorded as having left.
 */
import type { AffiliationsTable } from "../database-schema.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

type AffiliationRow = Pick<AffiliationsTable, "company_uuid" | "is_current" | "started_on" | "ended_on">;

/**
 * The canonical affiliation a superseded one folds into: its twin (same company, both current or both past), or,
 * for a current one without a twin, the canonical person's latest past tenure at that company unless the superseded
 * tenure is known to start after it ended (someone who came back). The canonical record says the person left, a
 * record merged into it that still has them there is older news: copied, it made them current at the company again.
 */
function canonicalAffiliationFor<Row extends AffiliationRow>(affiliation: AffiliationRow, canonical: readonly Row[]): Row | undefined {
  const twin = canonical.find((candidate) => candidate.company_uuid === affiliation.company_uuid && candidate.is_current === affiliation.is_current);
  if (twin || affiliation.is_current !== 1) return twin;
  const left = canonical
    .filter((candidate) => candidate.company_uuid === affiliation.company_uuid && candidate.is_current === 0)
    .sort((a, b) => (b.ended_on ?? "").localeCompare(a.ended_on ?? ""))[0];
  if (!left) return undefined;
  const cameBack = affiliation.started_on !== null && left.ended_on !== null && affiliation.started_on > left.ended_on;
  return cameBack ? undefined : left;
}

export const moveAffiliations: PersonReferenceMover = {
  kind: "affiliations",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const ofPerson = (personUuid: string) =>
      db.selectFrom("affiliations").selectAll().where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid).execute();
    const canonical = await ofPerson(canonicalUuid);
    const superseded = await ofPerson(supersededUuid);
    for (const affiliation of superseded) {
      const twin = canonicalAffiliationFor(affiliation, canonical);
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
