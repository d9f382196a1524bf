/** Reads of person-company affiliations (writes go through the person repository). */
import type { AffiliationRepository } from "../store.js";
import { compareAffiliations, loadAffiliations, toAffiliation } from "./affiliation-rows.js";
import { companyTenureSpans } from "./company-tenure-spans.js";
import type { RepositoryContext } from "./repository-context.js";

export function createAffiliationRepository({ db, remembered }: RepositoryContext): AffiliationRepository {
  return {
    listForPersons: (tenantUuid, personUuids) => loadAffiliations(db, tenantUuid, personUuids),
    async listCurrent(tenantUuid, filter = {}) {
      let query = db
        .selectFrom("affiliations")
        .innerJoin("persons", "persons.uuid", "affiliations.person_uuid")
        .innerJoin("companies", "companies.uuid", "affiliations.company_uuid")
        .selectAll("affiliations")
        .where("affiliations.tenant_uuid", "=", tenantUuid)
        .where("affiliations.is_current", "=", 1)
        .where("persons.deleted_at", "is", null)
        .where("companies.deleted_at", "is", null);
      if (filter.company_uuid) query = query.where("affiliations.company_uuid", "=", filter.company_uuid);
      if (filter.person_uuid) query = query.where("affiliations.person_uuid", "=", filter.person_uuid);
      const rows = await query.execute();
      return rows.map(toAffiliation).sort(compareAffiliations);
    },
    async currentMemberUuids(tenantUuid, companyUuid) {
      // Remembered outside a transaction: each liveness is a person row read (at benchmark scale M the largest
      // company's 2,462 members took 4 ms of SQL unloaded, asked again by every page of its timeline and its summary).
      const members = remembered && !db.isTransaction ? remembered.companyMembers.valuesOf(tenantUuid) : null;
      const known = members?.get(companyUuid);
      if (known !== undefined) return [...known];
      const rows = await db
        .selectFrom("affiliations")
        .innerJoin("persons", "persons.uuid", "affiliations.person_uuid")
        .select("affiliations.person_uuid")
        .distinct()
        .where("affiliations.tenant_uuid", "=", tenantUuid)
        .where("affiliations.company_uuid", "=", companyUuid)
        .where("affiliations.is_current", "=", 1)
        .where("persons.deleted_at", "is", null)
        .orderBy("affiliations.person_uuid")
        .execute();
      const uuids = rows.map((row) => row.person_uuid);
      members?.set(companyUuid, Object.freeze([...uuids]));
      return uuids;
    },
    async tenureSpans(tenantUuid, companyUuid) {
      // Remembered outside a transaction, as the members above: every page of a company's timeline and its summary
      // ask, and each undated tenure is a read of the person's other tenures.
      const spans = remembered && !db.isTransaction ? remembered.companyTenureSpans.valuesOf(tenantUuid) : null;
      const known = spans?.get(companyUuid);
      if (known !== undefined) return known.map((span) => ({ ...span }));
      const read = await companyTenureSpans(db, tenantUuid, companyUuid);
      spans?.set(companyUuid, Object.freeze(read.map((span) => Object.freeze({ ...span }))));
      return read;
    },
  };
}
