/**
 * @module
 * The 400 of a list's person filter given a user's uuid: it names no person, so the list answered no items, and an
 * agent asked for "my activity" reported none; the message names the user's person uuid to send.
 */
import { badRequest } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

/**
 * Throws a 400 naming the user's person uuid when `personUuid`, the value of the person filter `parameter`, is the
 * uuid of a user of the tenant (a user and their person have different uuids: GET /v1/me answers both); nothing
 * otherwise, another tenant's user included (its uuid filters to no items, as any unknown uuid does).
 *
 * @example
 * await refuseUserUuidAsPersonFilter(services, auth.tenant.uuid, query.person_uuid);
 */
export async function refuseUserUuidAsPersonFilter(services: AppServices, tenantUuid: string, personUuid: string | undefined, parameter = "person_uuid"): Promise<void> {
  if (personUuid === undefined) return;
  const user = await services.store.users.get(tenantUuid, personUuid);
  if (user) {
    throw badRequest(`${parameter}: ${personUuid} is the user_uuid of ${JSON.stringify(user.name)}, not a person's uuid: send their person_uuid ${user.person_uuid}`);
  }
}
