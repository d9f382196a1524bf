/**
 * @module
 * The company list's `name_suggestions`: when no company's name holds the `name` substring (with the other filters),
 * the page stays the specification's empty answer and this field names the closest companies, for an agent that
 * half knows a name ("Northwnd", "Acme GmbH" for "Acme Ltd.") to pick from: docs/api-decisions.md.
 */
import type { CompanyListFilters, Page } from "@rapport/store";
import { z } from "zod";
import type { AppServices } from "../../services.js";

/** At most this many suggestions: a handful to choose from, not a second result list. */
export const NAME_SUGGESTIONS_SHOWN = 5;

export const nameSuggestionsField = z
  .array(z.object({ uuid: z.string(), name: z.string(), domain: z.string().nullable() }))
  .optional()
  .describe(`Only when name matched no company: up to ${NAME_SUGGESTIONS_SHOWN} companies with close names (typos, legal forms), closest first; the other filters apply.`);

export type NameSuggestions = NonNullable<z.infer<typeof nameSuggestionsField>>;

/**
 * The suggestions for a page of the company list, or null when there are none to give: no `name`, or a company
 * matched it (the total of an offset page is the whole filtered set's; a cursor page comes after a match).
 *
 * @example
 * const suggestions = await nameSuggestionsFor(services, tenantUuid, { name: "Northwnd" }, page);
 * // [{ uuid: "…", name: "Northwind Robotics", domain: "northwind.example" }]
 */
export async function nameSuggestionsFor(services: AppServices, tenantUuid: string, filters: CompanyListFilters, page: Pick<Page<unknown>, "total">): Promise<NameSuggestions | null> {
  if (filters.name === undefined || page.total !== 0) return null;
  const companies = await services.store.companies.nameSuggestions(tenantUuid, filters, NAME_SUGGESTIONS_SHOWN);
  return companies.map((company) => ({ uuid: company.uuid, name: company.company_name, domain: company.domain }));
}
