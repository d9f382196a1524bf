/** What to tell a client that sent a user's person uuid where the user's own uuid belongs (`x-service-user-id`). */
import type { Store, User } from "@rapport/store";
import { shownName } from "../errors/shown-name.js";

/**
 * The active user of the tenant whose person `uuid` is (owner and assignee fields take either uuid, so a client may
 * hold the person's); null otherwise: another tenant's person, a deactivated user's, a user's own uuid, an unknown one.
 */
export async function activeUserOfPerson(store: Store, tenantUuid: string, uuid: string): Promise<User | null> {
  const userUuid = (await store.records.resolveUsers(tenantUuid, [uuid])).get(uuid);
  if (userUuid === undefined || userUuid === uuid) return null;
  const user = await store.users.get(tenantUuid, userUuid);
  return user?.is_active ? user : null;
}

/**
 * The end of a refusal naming the user whose person uuid was sent, and the uuid to send instead.
 *
 * @example
 * `x-service-user-id is not a user of this tenant${personOfUserHint(user)}`
 * // "...: that is the person uuid of user 'Nina'; send the user's uuid <uuid> (GET /v1/users)"
 */
export const personOfUserHint = (user: User): string =>
  `: that is the person uuid of user ${shownName(user.name)}; send the user's uuid ${user.uuid} (GET /v1/users)`;
