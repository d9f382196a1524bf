/**
 * @module
 * Every kind of reference a company merge moves, in order, each inside the merge transaction. The steps have the
 * shape of a person merge's (person-reference-mover.ts: one kind moved from the superseded to the canonical uuid);
 * the entity-list step is the person merge's own, as a list member is a person or a company alike. A feature that adds
 * a table referring to companies appends its mover here.
 */
import { moveCompanyLinks } from "./move-company-links.js";
import { moveCompanyMergeHistory } from "./move-company-merge-history.js";
import { moveCompanyTenures } from "./move-company-tenures.js";
import { moveFormerDomains } from "./move-former-domains.js";
import { moveListMemberships } from "./move-list-memberships.js";
import { movePrimaryCompanies } from "./move-primary-companies.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

/** The movers a company merge runs, in this order, inside its transaction. */
export const companyReferenceMovers: readonly PersonReferenceMover[] = [
  moveCompanyTenures,
  movePrimaryCompanies,
  moveListMemberships,
  moveCompanyLinks,
  moveFormerDomains,
  moveCompanyMergeHistory,
];
