/**
 * @module
 * Every source of summary facts, in order. A feature with more to say about persons or companies
 * (the relationship graph: who knows them best, activity and its trend; deals: open opportunities,
 * latest notes) appends its collector here, and both the deterministic summary and the LLM rewrite
 * include those facts from then on.
 */
import { companyInvestorFacts, companyListAndTagFacts, companyPeopleFacts, companyProfileFacts, companyRecentChangeFacts } from "./company-facts.js";
import { companyDealFacts, personDealFacts } from "./deal-facts.js";
import type { CompanyFactCollector, PersonFactCollector } from "./fact-context.js";
import { personCareerFacts, personListAndTagFacts, personProfileFacts, personRecentChangeFacts } from "./person-facts.js";
import { companyRelationshipFacts, personRelationshipFacts } from "./relationship-facts.js";

export const personFactCollectors: readonly PersonFactCollector[] = [
  personProfileFacts,
  personCareerFacts,
  personRelationshipFacts,
  personDealFacts,
  personListAndTagFacts,
  personRecentChangeFacts,
];

export const companyFactCollectors: readonly CompanyFactCollector[] = [
  companyProfileFacts,
  companyPeopleFacts,
  companyRelationshipFacts,
  companyDealFacts,
  companyInvestorFacts,
  companyListAndTagFacts,
  companyRecentChangeFacts,
];
