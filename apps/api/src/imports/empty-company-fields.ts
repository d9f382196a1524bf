/**
 * @module
 * What a company row or card may add to a stored company it matches: the fields the company has no value in, never one
 * a user typed or an earlier import set. Pure: the import target's fill and the dry run apply the same rule.
 */
import { COMPANY_TEXT_FIELDS, type CompanyPatch, type CompanyTextField } from "@rapport/store";
import type { ImportedCompany } from "./imported-items.js";

/** The parts of a company the rule reads (a stored company, or one as the dry run's earlier rows left it). */
export type CompanyFieldHolder = Partial<Record<CompanyTextField | "domain", string | null>>;

/** A company's address, taken whole by a company with none of it: a city beside another country's name would be wrong. */
const PLACE_FIELDS = ["street_address", "city", "state", "region", "country"] as const satisfies readonly CompanyTextField[];

const isEmpty = (value: string | null | undefined) => !value?.trim();

/**
 * The patch that fills `company`'s empty fields from a row (`{}` when there is none): each text field, the place
 * fields together (only by a company with none of them), and the domain (only the row's, which found no other company).
 *
 * @example
 * emptyCompanyFieldsFilled({ city: null, sector: "Energy" }, { domain: null, fields: { city: "Austin", sector: "Oil" } }); // { city: "Austin" }
 */
export function emptyCompanyFieldsFilled(company: CompanyFieldHolder, row: Pick<ImportedCompany, "domain" | "fields">): CompanyPatch {
  const patch: CompanyPatch = {};
  const place = new Set<string>(PLACE_FIELDS);
  const placeEmpty = PLACE_FIELDS.every((field) => isEmpty(company[field]));
  for (const field of COMPANY_TEXT_FIELDS) {
    const value = row.fields[field]?.trim();
    if (!value || !isEmpty(company[field]) || (place.has(field) && !placeEmpty)) continue;
    patch[field] = value;
  }
  if (row.domain && isEmpty(company.domain)) patch.domain = row.domain;
  return patch;
}
