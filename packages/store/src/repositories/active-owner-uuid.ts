/** The user a record's new owner names: an opportunity's, an entity list's. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import { mergedAwayNote, mergedAwayPersons } from "./merged-away-persons.js";
import { resolveUserUuids } from "./record-lookup-repository.js";

/**
 * The uuid of the active user of the tenant that `uuid` names (a user's uuid or their person's); an InvalidInputError
 * otherwise, naming the person a merged-away person went into (a deactivated user's person merged into another no
 * longer names them).
 *
 * @example const owner = await activeOwnerUuid(transaction, tenantUuid, changes.owner_user_uuid);
 */
export async function activeOwnerUuid(db: Kysely<Database>, tenantUuid: string, uuid: string): Promise<string> {
  const resolved = (await resolveUserUuids(db, tenantUuid, [uuid])).get(uuid);
  const active = resolved
    ? await db.selectFrom("users").select("uuid").where("uuid", "=", resolved).where("is_active", "=", 1).executeTakeFirst()
    : undefined;
  if (!active) {
    const note = resolved ? "" : mergedAwayNote((await mergedAwayPersons(db, tenantUuid, [uuid])).get(uuid));
    throw new InvalidInputError(`owner ${uuid} is not an active user of this tenant (a user UUID or a user's person UUID)${note}`);
  }
  return active.uuid;
}
