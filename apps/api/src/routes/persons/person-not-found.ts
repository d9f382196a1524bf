/** The 404 for a person uuid, and the end of a body reference's "not found", naming where a merged-away person now lives. */
import { notFound, type ApiError } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

export async function personNotFound(services: AppServices, tenantUuid: string, personUuid: string): Promise<ApiError> {
  const canonical = await services.store.personMerges.mergedInto(tenantUuid, personUuid);
  return notFound(canonical ? `person ${personUuid} was merged into person ${canonical}` : `person ${personUuid} not found`);
}

/**
 * `": it was merged into person <uuid>"` when a merge removed the person a body names (a list member, a link, a
 * note's person), else nothing: appended to that reference's "not found".
 */
export async function mergedAwayNote(services: AppServices, tenantUuid: string, entityType: string, uuid: string): Promise<string> {
  if (entityType !== "PERSON") return "";
  const canonical = await services.store.personMerges.mergedInto(tenantUuid, uuid);
  return canonical ? `: it was merged into person ${canonical}` : "";
}
