/**
 * Erasure step for a former employee: the user accounts whose own person is erased. An active user's person is
 * refused (they are still on the team: the account must be deactivated first, as for leaving); a deactivated user's
 * account stays, since records keep naming its uuid (opportunities it owns, tasks assigned to it, notes, lists and
 * imports it made, what only it may see), but with nothing personal left: its name and email give way to fixed
 * values, and its password, its API keys' labels and its OAuth state go.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { ConflictError } from "../errors.js";
import { nameSortKey } from "../repositories/name-sort-key.js";
import { ERASED_MARKER } from "./redact-mentions.js";

/** A user whose own person is erased, with what named them. */
export interface ErasedUser {
  uuid: string;
  name: string;
  email: string;
}

/** The name an erased user's account keeps. */
export const ERASED_USER_NAME = ERASED_MARKER;

/**
 * The email an erased user's account keeps: unique in the tenant (emails are) and no one's, under the `invalid`
 * top-level domain, which RFC 2606 reserves for names that cannot resolve.
 */
export function erasedUserEmail(userUuid: string): string {
  return `${userUuid}@erased.invalid`;
}

/**
 * The users whose own person is one of `personUuids` (the erased person `personUuid` and those merged into it): each
 * deactivated. An active one is a ConflictError naming the user and saying to deactivate them first.
 */
export async function deactivatedOwnersOf(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuid: string,
  personUuids: readonly string[],
): Promise<ErasedUser[]> {
  const owners = await db
    .selectFrom("users")
    .select(["uuid", "person_uuid", "name", "email", "is_active"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .orderBy("uuid")
    .execute();
  const active = owners.find((owner) => owner.is_active === 1);
  if (active) {
    const merged = active.person_uuid === personUuid ? "" : ` (through person ${active.person_uuid}, merged into it)`;
    throw new ConflictError(
      `person ${personUuid} is active user ${active.uuid}'s own person${merged}: deactivate the user first (rapport users deactivate), then erase the person`,
    );
  }
  return owners.map(({ uuid, name, email }) => ({ uuid, name, email }));
}

/** Leaves the accounts of `users` with nothing personal, in the erasure's transaction `db`. */
export async function eraseUserAccounts(db: Kysely<Database>, tenantUuid: string, users: readonly ErasedUser[], now: number): Promise<void> {
  for (const user of users) {
    await db
      .updateTable("users")
      .set({ name: ERASED_USER_NAME, name_sort_key: nameSortKey(ERASED_USER_NAME), email: erasedUserEmail(user.uuid), updated_at: now })
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", user.uuid)
      .execute();
    await db.deleteFrom("user_passwords").where("tenant_uuid", "=", tenantUuid).where("user_uuid", "=", user.uuid).execute();
    // Kept, revoked, for the record of which keys the account had; a label may name its holder ("Ada's laptop").
    await db
      .updateTable("api_keys")
      .set({ label: null, revoked_at: sql<number>`coalesce(revoked_at, ${now})` })
      .where("tenant_uuid", "=", tenantUuid)
      .where("user_uuid", "=", user.uuid)
      .execute();
    // Sessions, grants, tokens and sign-in interactions name the account (`<tenant>:<user>`) in their payload. The
    // table is deployment-wide and has no index on it: a scan of rows that expire, for a rare erasure.
    await sql`delete from oauth_models where instr(payload, ${user.uuid}) > 0`.execute(db);
  }
}
