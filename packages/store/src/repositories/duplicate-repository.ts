/**
 * @module
 * `store.duplicates`: the likely duplicate persons and companies of a tenant, found anew at each read from the keys'
 * indexes (a full name, a LinkedIn key, a company's name without legal form, a domain), so no write keeps anything
 * for it and a merge shows at once.
 */
import type { DuplicateRepository } from "../duplicate-records.js";
import { companyDuplicatePairs } from "./company-duplicate-pairs.js";
import { duplicatePairPage, orderedPairs } from "./duplicate-pair-order.js";
import { personDuplicatePairs } from "./person-duplicate-pairs.js";
import type { RepositoryContext } from "./repository-context.js";

/** `store.duplicates` over a database handle (the root one, or a transaction). */
export function createDuplicateRepository({ db }: RepositoryContext): DuplicateRepository {
  return {
    async list(tenantUuid, request) {
      const [persons, companies] = await Promise.all([
        request.entityType === "COMPANY" ? [] : personDuplicatePairs(db, tenantUuid),
        request.entityType === "PERSON" ? [] : companyDuplicatePairs(db, tenantUuid),
      ]);
      return duplicatePairPage([...persons, ...companies], request);
    },
    async involving(tenantUuid, subjects) {
      const [persons, companies] = await Promise.all([
        subjects.personUuids?.length ? personDuplicatePairs(db, tenantUuid, subjects.personUuids) : [],
        subjects.companyUuids?.length ? companyDuplicatePairs(db, tenantUuid, subjects.companyUuids) : [],
      ]);
      return orderedPairs([...persons, ...companies]);
    },
  };
}
