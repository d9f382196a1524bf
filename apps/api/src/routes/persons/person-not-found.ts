/** The 404 for a person uuid, naming where a merged-away person now lives. */
import { notFound, type ApiError } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

export async function personNotFound(services: AppServices, tenantUuid: string, personUuid: string): Promise<ApiError> {
  const canonical = await services.store.personMerges.mergedInto(tenantUuid, personUuid);
  return notFound(canonical ? `person ${personUuid} was merged into person ${canonical}` : `person ${personUuid} not found`);
}
