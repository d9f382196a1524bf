/** The 404 for a company uuid, naming where a merged-away company now lives. */
import { notFound, type ApiError } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/** "company X not found", or, for a company merged away, "company X was merged into company Y". */
export async function companyNotFound(services: AppServices, tenantUuid: string, companyUuid: string): Promise<ApiError> {
  const canonical = await services.store.companyMerges.mergedInto(tenantUuid, companyUuid);
  return notFound(canonical ? `company ${companyUuid} was merged into company ${canonical}` : `company ${companyUuid} not found`);
}
