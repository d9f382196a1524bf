/**
 * @module
 * The person list's `companies_named`: when a `name` search finds no person whose name holds it, the companies whose
 * name does, so an agent that sent a company's name where a person's goes ("people at Northwind") is told the company
 * and the filter that lists its people (`company_uuid`), not only given an empty or fuzzy answer: docs/api-decisions.md.
 */
import { z } from "zod";
import type { AppServices } from "../../services.js";

/** At most this many companies: enough to recognise the one meant, not a company list. */
export const COMPANIES_NAMED_SHOWN = 3;

export const companiesNamedField = z
  .array(z.object({ uuid: z.string(), name: z.string() }))
  .optional()
  .describe(`Only when name matched no person's name: up to ${COMPANIES_NAMED_SHOWN} companies whose name holds it; list their people with company_uuid.`);

export type CompaniesNamed = NonNullable<z.infer<typeof companiesNamedField>>;

/**
 * The companies of the tenant whose name holds `name` (the company list's `name` filter), by name, or null when the
 * person search matched names (`nameMatch` other than `fuzzy`: exact, or an address) or none holds it.
 *
 * @example
 * await companiesNamed(services, tenantUuid, "Northwind", "fuzzy"); // [{ uuid: "…", name: "Northwind Robotics" }]
 */
export async function companiesNamed(services: AppServices, tenantUuid: string, name: string | undefined, nameMatch: string | undefined): Promise<CompaniesNamed | null> {
  if (name === undefined || nameMatch !== "fuzzy") return null;
  const page = await services.store.companies.list(tenantUuid, {
    position: { kind: "offset", offset: 0 },
    limit: COMPANIES_NAMED_SHOWN,
    filters: { name },
    sort_by: "company_name",
    order: "asc",
  });
  return page.rows.length === 0 ? null : page.rows.map((company) => ({ uuid: company.uuid, name: company.company_name }));
}
