/** Reads of person-company affiliations (writes go through the person repository). */
import type { AffiliationRepository } from "../store.js";
import { compareAffiliations, loadAffiliations, toAffiliation } from "./affiliation-rows.js";
import { companyTenureSpans } from "./company-tenure-spans.js";
import type { RepositoryContext } from "./repository-context.js";

export function createAffiliationRepository({ db }: RepositoryContext): AffiliationRepository {
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
      return rows.map((row) => row.person_uuid);
    },
    tenureSpans: (tenantUuid, companyUuid) => companyTenureSpans(db, tenantUuid, companyUuid),
  };
}
