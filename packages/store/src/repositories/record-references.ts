/** Loads the small references (name, logo) that records show for the users and persons they name. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { PersonReference, UserReference } from "../deal-records.js";
import { tenantOnly } from "./tenant-filter.js";

/** Users of the tenant by UUID, with their own person's logo. */
export async function loadUserReferences(
  db: Kysely<Database>,
  tenantUuid: string,
  userUuids: ReadonlyArray<string | null>,
): Promise<Map<string, UserReference>> {
  const references = new Map<string, UserReference>();
  const wanted = [...new Set(userUuids.filter((uuid): uuid is string => uuid !== null))];
  if (wanted.length === 0) return references;
  const rows = await db
    .selectFrom("users")
    .leftJoin("persons", (join) => join.onRef("persons.uuid", "=", "users.person_uuid").onRef("persons.tenant_uuid", "=", "users.tenant_uuid"))
    .select(["users.uuid", "users.person_uuid", "users.name", "persons.logo_url"])
    .where(tenantOnly("users.tenant_uuid"), "=", tenantUuid)
    .where("users.uuid", "in", wanted)
    .execute();
  for (const row of rows) {
    references.set(row.uuid, { user_uuid: row.uuid, person_uuid: row.person_uuid, name: row.name, logo_url: row.logo_url ?? null });
  }
  return references;
}

/** Live persons of the tenant by UUID. */
export async function loadPersonReferences(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuids: ReadonlyArray<string | null>,
): Promise<Map<string, PersonReference>> {
  const references = new Map<string, PersonReference>();
  const wanted = [...new Set(personUuids.filter((uuid): uuid is string => uuid !== null))];
  if (wanted.length === 0) return references;
  const rows = await db
    .selectFrom("persons")
    .select(["uuid", "name", "logo_url"])
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("uuid", "in", wanted)
    .where("deleted_at", "is", null)
    .execute();
  for (const row of rows) references.set(row.uuid, { uuid: row.uuid, name: row.name, logo_url: row.logo_url });
  return references;
}
