/**
 * @module
 * How many live opportunities each record is linked to, and the most recently updated of them: the
 * `signal_metadata` and hop `associations` of a recommended-paths answer. A busy contact is linked to
 * thousands of opportunities, so nothing here visits its links: the counts come from the table the
 * triggers of migration 0021 keep, the most recent from the first entries of each entity's range in the
 * one of migration 0023.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

export interface OpportunityLinks {
  total: number;
  recent: string[];
}

/**
 * For each of `entityUuids` (at most a few hundred, distinct) linked to a live opportunity: the count of
 * those opportunities and the uuids of the `limit` most recently updated (ties by uuid).
 * @example await recentOpportunityLinks(db, tenantUuid, "PERSON", [ada], 3); // Map { ada => { total: 5, recent: [...] } }
 */
export async function recentOpportunityLinks(
  db: Kysely<Database>,
  tenantUuid: string,
  entityType: "PERSON" | "COMPANY",
  entityUuids: readonly string[],
  limit: number,
): Promise<Map<string, OpportunityLinks>> {
  const found = new Map<string, OpportunityLinks>();
  if (entityUuids.length === 0) return found;
  // Kept by triggers on every write to links and opportunities (migration 0021).
  const counted = await db
    .selectFrom("live_opportunity_links")
    .select(["entity_uuid", "links"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("entity_type", "=", entityType)
    .where("entity_uuid", "in", entityUuids)
    .execute();
  for (const row of counted) found.set(row.entity_uuid, { total: Number(row.links), recent: [] });
  if (limit <= 0) return found;

  const linked = [...found.keys()];
  for (let start = 0; start < linked.length; start += 500) {
    // Each entity's first `limit` entries in the index of migration 0023, newest first: one seek an entity.
    const { rows } = await sql<{ entity_uuid: string; recent: string }>`
      select e.value as entity_uuid, (
        select json_group_array(opportunity_uuid order by updated_at desc, opportunity_uuid) from (
          select r.opportunity_uuid, r.updated_at
          from live_opportunity_link_recency r indexed by live_opportunity_link_recency_newest_first
          where r.tenant_uuid = ${tenantUuid} and r.entity_type = ${entityType} and r.entity_uuid = e.value
          order by r.updated_at desc, r.opportunity_uuid
          limit ${limit}
        )
      ) as recent
      from json_each(${JSON.stringify(linked.slice(start, start + 500))}) e`.execute(db);
    for (const row of rows) found.get(row.entity_uuid)!.recent = JSON.parse(row.recent) as string[];
  }
  return found;
}
