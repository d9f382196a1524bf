/**
 * Merge step: affiliations move to the canonical person; one that duplicates a canonical
 * affiliation (same company, both current or both past) fills that one's blanks instead, and so does
 * a stale current one at a company the canonical person is recorded as having left; a canonical current one at a
 * company the superseded record says the person left ends.
 */
import type { AffiliationsTable } from "../database-schema.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

type AffiliationRow = Pick<AffiliationsTable, "company_uuid" | "is_current" | "started_on" | "ended_on">;

/**
 * The latest past tenure among `others` at the company of the current tenure `current`, where `others` do not have
 * the person there now and `current` is not known to start after it ended (someone who came back): the record
 * that says the person left, against which a record still having them there is older news.
 */
function departureBefore<Row extends AffiliationRow>(current: AffiliationRow, others: readonly Row[]): Row | undefined {
  const atCompany = others.filter((candidate) => candidate.company_uuid === current.company_uuid);
  if (current.is_current !== 1 || atCompany.some((candidate) => candidate.is_current === 1)) return undefined;
  const left = atCompany.filter((candidate) => candidate.is_current === 0).sort((a, b) => (b.ended_on ?? "").localeCompare(a.ended_on ?? ""))[0];
  if (!left) return undefined;
  const cameBack = current.started_on !== null && left.ended_on !== null && current.started_on > left.ended_on;
  return cameBack ? undefined : left;
}

/**
 * The canonical affiliation a superseded one folds into: its twin (same company, both current or both past), or,
 * for a current one without a twin, the canonical person's latest past tenure at that company (`departureBefore`).
 * The canonical record says the person left, a record merged into it that still has them there is older news:
 * copied, it made them current at the company again.
 */
function canonicalAffiliationFor<Row extends AffiliationRow>(affiliation: AffiliationRow, canonical: readonly Row[]): Row | undefined {
  const twin = canonical.find((candidate) => candidate.company_uuid === affiliation.company_uuid && candidate.is_current === affiliation.is_current);
  return twin ?? departureBefore(affiliation, canonical);
}

export const moveAffiliations: PersonReferenceMover = {
  kind: "affiliations",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const ofPerson = (personUuid: string) =>
      db.selectFrom("affiliations").selectAll().where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid).execute();
    const canonical = await ofPerson(canonicalUuid);
    const superseded = await ofPerson(supersededUuid);
    // The other way round: the record merged in says the person left a company the canonical record still has them
    // at. That tenure ends (it then takes the superseded past one as its twin below).
    for (const tenure of canonical) {
      const left = departureBefore(tenure, superseded);
      if (!left) continue;
      tenure.is_current = 0;
      tenure.ended_on ??= left.ended_on;
      await db.updateTable("affiliations").set({ is_current: 0, ended_on: tenure.ended_on, updated_at: now }).where("uuid", "=", tenure.uuid).execute();
    }
    // A superseded affiliation folded into its twin is a duplicate dropped, not counted as moved.
    let moved = 0;
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
        moved += 1;
      }
    }
    return moved;
  },
};
