/**
 * Company merge step: the superseded company's tenures (affiliations) become the canonical company's. A person with
 * tenures at both keeps one where the two describe one stretch of work, that is unless one is known to end before the
 * other starts (someone who left and came back: two tenures stay). The one kept is current if either was, starts at
 * the earlier start and, when past, ends at the later end. The persons whose tenures moved are stamped changed, for `modified_since` pollers.
 */
import type { AffiliationsTable } from "../database-schema.js";
import { chunksOf } from "../repositories/chunks-of.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

type Tenure = Pick<AffiliationsTable, "uuid" | "person_uuid" | "title" | "is_current" | "started_on" | "ended_on">;

const earlier = (left: string | null, right: string | null) => (left === null ? right : right === null ? left : left < right ? left : right);
const later = (left: string | null, right: string | null) => (left === null ? right : right === null ? left : left > right ? left : right);

/** Whether `first` is known to end before `second` starts. */
const endsBefore = (first: Tenure, second: Tenure) => first.is_current === 0 && first.ended_on !== null && second.started_on !== null && second.started_on > first.ended_on;

/** Whether two tenures are known to be two stretches of work apart in time (someone who left and came back). */
const apart = (left: Tenure, right: Tenure) => endsBefore(left, right) || endsBefore(right, left);

/**
 * The canonical tenure a superseded one joins: one not known to be apart from it, one as current or past as it first
 * (two current tenures are always one).
 */
function tenureJoined(superseded: Tenure, canonical: readonly Tenure[]): Tenure | undefined {
  const together = canonical.filter((tenure) => !apart(tenure, superseded));
  return together.find((tenure) => tenure.is_current === superseded.is_current) ?? together[0];
}

export const moveCompanyTenures: PersonReferenceMover = {
  kind: "affiliations",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const tenuresAt = (companyUuid: string, personUuids?: readonly string[]) => {
      let query = db
        .selectFrom("affiliations")
        .select(["uuid", "person_uuid", "title", "is_current", "started_on", "ended_on"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("company_uuid", "=", companyUuid);
      if (personUuids) query = query.where("person_uuid", "in", personUuids);
      return query.orderBy("created_at").orderBy("uuid").execute();
    };
    const superseded = await tenuresAt(supersededUuid);
    if (superseded.length === 0) return 0;
    const persons = [...new Set(superseded.map((tenure) => tenure.person_uuid))];
    const canonical: Tenure[] = [];
    for (const chunk of chunksOf(persons)) canonical.push(...(await tenuresAt(canonicalUuid, chunk)));
    // A tenure joined to one the person had at the canonical company is a duplicate dropped, not counted as moved.
    let moved = 0;
    for (const tenure of superseded) {
      const joined = tenureJoined(
        tenure,
        canonical.filter((candidate) => candidate.person_uuid === tenure.person_uuid),
      );
      if (!joined) {
        await db.updateTable("affiliations").set({ company_uuid: canonicalUuid, updated_at: now }).where("uuid", "=", tenure.uuid).execute();
        canonical.push(tenure);
        moved += 1;
        continue;
      }
      const current = joined.is_current === 1 || tenure.is_current === 1;
      // The current tenure's title is the person's title now; between two alike, the canonical company's stays.
      joined.title = tenure.is_current > joined.is_current ? (tenure.title ?? joined.title) : (joined.title ?? tenure.title);
      joined.started_on = earlier(joined.started_on, tenure.started_on);
      joined.ended_on = current ? null : later(joined.ended_on, tenure.ended_on);
      joined.is_current = current ? 1 : 0;
      await db.deleteFrom("affiliations").where("uuid", "=", tenure.uuid).execute();
      await db
        .updateTable("affiliations")
        .set({ title: joined.title, started_on: joined.started_on, ended_on: joined.ended_on, is_current: joined.is_current, updated_at: now })
        .where("uuid", "=", joined.uuid)
        .execute();
    }
    for (const chunk of chunksOf(persons)) {
      await db.updateTable("persons").set({ service_updated_at: now }).where("tenant_uuid", "=", tenantUuid).where("uuid", "in", chunk).execute();
    }
    return moved;
  },
};
