/** @module The 404 of a list filtered by a company merged into another, naming that company, as the company's own paths answer. */
import { notFound } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/**
 * Throws a 404 naming the canonical company when `companyUuids` (one uuid or a list's), the value of a list's company
 * filter `parameter`, holds a company merged away in the tenant; nothing for live companies, unknown uuids or another
 * tenant's (those filter to no items). A merge moves every item to the canonical company, so the filter would answer
 * an empty page forever, while `GET /v1/companies/{uuid}` says where the company went.
 *
 * @example
 * await refuseMergedAwayCompanyFilter(services, auth.tenant.uuid, query.company_uuid);
 */
export async function refuseMergedAwayCompanyFilter(
  services: AppServices,
  tenantUuid: string,
  companyUuids: string | readonly string[] | undefined,
  parameter = "company_uuid",
): Promise<void> {
  if (companyUuids === undefined) return;
  for (const companyUuid of typeof companyUuids === "string" ? [companyUuids] : companyUuids) {
    const canonical = await services.store.companyMerges.mergedInto(tenantUuid, companyUuid);
    if (canonical) throw notFound(`${parameter}: company ${companyUuid} was merged into company ${canonical}; filter by that company`);
  }
}
