/**
 * @module
 * Last-activity dates of opportunities. The one source of an entity's last activity is
 * `lastActivityOfEntities`; `refreshOpportunityActivity` stores what it yields on the opportunity
 * rows, where the list filters, sorts and shows it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";

export interface EntityActivity {
  /** Person UUID → epoch ms of the last email or meeting; absent when none. */
  persons: Map<string, number>;
  companies: Map<string, number>;
}

/**
 * The last email or meeting with each person and company. The tenant's email and meeting records
 * are the source; until they are recorded in this store, no entity has activity and the maps are
 * empty (every last-activity date is null).
 */
export async function lastActivityOfEntities(
  _db: Kysely<Database>,
  _tenantUuid: string,
  _entities: { personUuids: readonly string[]; companyUuids: readonly string[] },
): Promise<EntityActivity> {
  return { persons: new Map(), companies: new Map() };
}

const latest = (values: Iterable<number | undefined>): number | null => {
  let best: number | null = null;
  for (const value of values) if (value !== undefined && (best === null || value > best)) best = value;
  return best;
};

/**
 * Recomputes `person_last_activity_at`, `company_last_activity_at` and `last_activity_at` (the later
 * of the two) of the given opportunities, or of every live opportunity of the tenant.
 */
export async function refreshOpportunityActivity(
  db: Kysely<Database>,
  tenantUuid: string,
  opportunityUuids?: readonly string[],
): Promise<void> {
  let opportunities = db
    .selectFrom("opportunities")
    .select(["uuid", "last_activity_at", "person_last_activity_at", "company_last_activity_at"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("deleted_at", "is", null);
  if (opportunityUuids) {
    if (opportunityUuids.length === 0) return;
    opportunities = opportunities.where("uuid", "in", [...new Set(opportunityUuids)]);
  }
  const rows = await opportunities.execute();
  if (rows.length === 0) return;
  const links = await db
    .selectFrom("associations")
    .select(["owner_uuid", "entity_type", "entity_uuid"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("owner_type", "=", "OPPORTUNITY")
    .where("owner_uuid", "in", rows.map((row) => row.uuid))
    .where("entity_type", "in", ["PERSON", "COMPANY"])
    .execute();
  const activity = await lastActivityOfEntities(db, tenantUuid, {
    personUuids: links.filter((link) => link.entity_type === "PERSON").map((link) => link.entity_uuid),
    companyUuids: links.filter((link) => link.entity_type === "COMPANY").map((link) => link.entity_uuid),
  });
  for (const row of rows) {
    const own = links.filter((link) => link.owner_uuid === row.uuid);
    const person = latest(own.filter((link) => link.entity_type === "PERSON").map((link) => activity.persons.get(link.entity_uuid)));
    const company = latest(own.filter((link) => link.entity_type === "COMPANY").map((link) => activity.companies.get(link.entity_uuid)));
    const overall = latest([person ?? undefined, company ?? undefined]);
    const stored = (value: number | null) => (value === null ? null : Number(value));
    if (
      stored(row.person_last_activity_at) === person &&
      stored(row.company_last_activity_at) === company &&
      stored(row.last_activity_at) === overall
    ) {
      continue;
    }
    await db
      .updateTable("opportunities")
      .set({ person_last_activity_at: person, company_last_activity_at: company, last_activity_at: overall })
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", row.uuid)
      .execute();
  }
}
