/**
 * Company merge step: the superseded company's tenures (affiliations) become the canonical company's. A person with
 * tenures at both keeps one where the two describe one stretch of work: both current or both past, or one current and
 * one past not known to be apart in time. That one is current if either was, starts at the earlier start and, when
 * past, ends at the later end. A past tenure known to end before the other starts (someone who left and came back)
 * stays a tenure of its own. The persons whose tenures moved are stamped changed, for `modified_since` pollers.
 */
import type { AffiliationsTable } from "../database-schema.js";
import { chunksOf } from "../repositories/chunks-of.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

type Tenure = Pick<AffiliationsTable, "uuid" | "person_uuid" | "title" | "is_current" | "started_on" | "ended_on">;

const earlier = (left: string | null, right: string | null) => (left === null ? right : right === null ? left : left < right ? left : right);
const later = (left: string | null, right: string | null) => (left === null ? right : right === null ? left : left > right ? left : right);

/** Whether the past tenure `past` is known to end before the current `current` starts: two stretches, not one. */
const apart = (past: Tenure, current: Tenure) => past.ended_on !== null && current.started_on !== null && current.started_on > past.ended_on;

/**
 * The canonical tenure a superseded one joins: the one as current or past as it, else (one current and one past) the
 * other one unless the two are known to be apart.
 */
function tenureJoined(superseded: Tenure, canonical: readonly Tenure[]): Tenure | undefined {
  const twin = canonical.find((tenure) => tenure.is_current === superseded.is_current);
  if (twin) return twin;
  const other = [...canonical].sort((a, b) => (b.ended_on ?? "").localeCompare(a.ended_on ?? ""))[0];
  if (!other) return undefined;
  const [past, current] = superseded.is_current === 1 ? [other, superseded] : [superseded, other];
  return apart(past, current) ? undefined : other;
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
    for (const tenure of superseded) {
      const joined = tenureJoined(
        tenure,
        canonical.filter((candidate) => candidate.person_uuid === tenure.person_uuid),
      );
      if (!joined) {
        await db.updateTable("affiliations").set({ company_uuid: canonicalUuid, updated_at: now }).where("uuid", "=", tenure.uuid).execute();
        canonical.push(tenure);
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
    return superseded.length;
  },
};
