/** The 404 for a person uuid, naming where a merged-away person now lives, or the person of a user whose uuid it is. */
import { notFound, type ApiError } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/**
 * The 404 of `personUuid`: a person merged away names the canonical person; a user's uuid of the tenant (GET /v1/me
 * answers a user_uuid beside the person_uuid, and agents send the one for the other) names the user's person.
 */
export async function personNotFound(services: AppServices, tenantUuid: string, personUuid: string): Promise<ApiError> {
  const canonical = await services.store.personMerges.mergedInto(tenantUuid, personUuid);
  if (canonical) return notFound(`person ${personUuid} was merged into person ${canonical}`);
  const user = await services.store.users.get(tenantUuid, personUuid);
  if (user) return notFound(`person ${personUuid} not found: it is the user_uuid of ${JSON.stringify(user.name)}, whose person_uuid is ${user.person_uuid}`);
  return notFound(`person ${personUuid} not found`);
}
