/** @module What a company merge writes on the canonical company: its own values, the superseded one's where it has none. */
import { COMPANY_TEXT_FIELDS, type Company, type CompanyPatch } from "../records.js";
import { distinctTags } from "../repositories/tag-key.js";

/** Single-valued fields besides the text fields that a canonical company without a value takes from the superseded one. */
const FILLED_FIELDS = ["domain", "last_investment_type", "last_investment_date", "npi_date", "score", "overall_operating_score", "overall_investor_score"] as const;

/** The union of two tag lists, the canonical company's first, each tag once by its `tagKey` (as first written). */
const unitedTags = (canonical: readonly string[], superseded: readonly string[]): string[] => distinctTags([...canonical, ...superseded]);

/**
 * The patch that makes `canonical` the merged company: each empty field (null) takes the superseded company's value,
 * the tag lists are united, and the custom fields are the canonical company's with the superseded one's keys it lacks
 * (a key both have keeps the canonical value). The name stays the canonical company's.
 *
 * @example
 * mergedCompanyPatch(acme, acmeDuplicate); // { domain: "acme.example", service_industry_tags: ["saas", "fintech"], ... }
 */
export function mergedCompanyPatch(canonical: Company, superseded: Company): CompanyPatch {
  const patch: Record<string, unknown> = {};
  for (const field of [...COMPANY_TEXT_FIELDS, ...FILLED_FIELDS]) {
    patch[field] = canonical[field] ?? superseded[field];
  }
  patch.service_industry_tags = unitedTags(canonical.service_industry_tags, superseded.service_industry_tags);
  patch.investor_types = unitedTags(canonical.investor_types, superseded.investor_types);
  patch.npi_types = unitedTags(canonical.npi_types, superseded.npi_types);
  const missing = Object.entries(superseded.company_custom_fields).filter(([key]) => !Object.hasOwn(canonical.company_custom_fields, key));
  patch.company_custom_fields = { ...canonical.company_custom_fields, ...Object.fromEntries(missing) };
  return patch as CompanyPatch;
}
