/** The user a person is the own person of: one person is one user's at most, active or deactivated. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** The owning user of a person, and whether they are active (1) or deactivated (0). */
export interface PersonOwner {
  uuid: string;
  is_active: number;
}

/**
 * The user whose person `personUuid` is: directly, or through a person merged into it (a deactivated user's person
 * may have been, and `users.reactivate` would follow it there). Null when the person is nobody's own.
 *
 * @example const owner = await userOwningPerson(transaction, tenantUuid, person.uuid);
 */
export async function userOwningPerson(db: Kysely<Database>, tenantUuid: string, personUuid: string): Promise<PersonOwner | null> {
  const direct = await db
    .selectFrom("users")
    .select(["uuid", "is_active"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "=", personUuid)
    .executeTakeFirst();
  if (direct) return direct;
  const throughMerge = await db
    .selectFrom("users")
    .innerJoin("persons", "persons.uuid", "users.person_uuid")
    .select(["users.uuid", "users.is_active"])
    .where("users.tenant_uuid", "=", tenantUuid)
    .where("persons.merged_into_uuid", "=", personUuid)
    .executeTakeFirst();
  return throughMerge ?? null;
}
