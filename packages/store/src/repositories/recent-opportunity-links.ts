/**
 * @module
 * How many live opportunities each record is linked to, and the most recently updated of them: the
 * `signal_metadata` and hop `associations` of a recommended-paths answer. A busy contact is linked to
 * thousands of opportunities, so nothing here visits every link's opportunity: counts come from the
 * table the triggers of migration 0021 keep; most records' recent opportunities from ranking their links through covering indexes, and a busy
 * record's from walking opportunities newest first (indexes of migration 0013).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * Links above which a record's most recent opportunities are found by walking the tenant's opportunities
 * newest first, instead of ranking all of its links: measured at benchmark scale L, the walk costs about
 * 2 ms whatever the count from 2,000 links up, ranking about 2 µs a link.
 */
const BUSY_LINKS = 1_000;

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

  const few = [...found].filter(([, links]) => links.total < BUSY_LINKS).map(([uuid]) => uuid);
  if (few.length > 0) {
    // Both indexes cover what the join reads (migration 0013): two seeks a link instead of four.
    const { rows } = await sql<{ entity_uuid: string; opportunity_uuid: string }>`
      select entity_uuid, opportunity_uuid from (
        select a.entity_uuid, a.owner_uuid as opportunity_uuid,
          row_number() over (partition by a.entity_uuid order by o.updated_at desc, o.uuid) as position
        from associations a indexed by associations_opportunity_links
        join opportunities o indexed by opportunities_live_updated on o.uuid = a.owner_uuid and o.deleted_at is null
        where a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.entity_type = ${entityType}
          and a.entity_uuid in (${sql.join(few)})
      ) where position <= ${limit}
      order by entity_uuid, position`.execute(db);
    for (const row of rows) found.get(row.entity_uuid)?.recent.push(row.opportunity_uuid);
  }
  for (const [uuid, links] of found) {
    if (links.total < BUSY_LINKS) continue;
    const rows = await db
      .selectFrom("opportunities")
      .select("opportunities.uuid")
      .where("opportunities.tenant_uuid", "=", tenantUuid)
      .where("opportunities.deleted_at", "is", null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("associations")
            .select(sql`1`.as("one"))
            .where("associations.tenant_uuid", "=", tenantUuid)
            .whereRef("associations.owner_uuid", "=", "opportunities.uuid")
            .where("associations.entity_type", "=", entityType)
            .where("associations.owner_type", "=", "OPPORTUNITY")
            .where("associations.entity_uuid", "=", uuid),
        ),
      )
      .orderBy("opportunities.updated_at", "desc")
      .orderBy("opportunities.uuid")
      .limit(limit)
      .execute();
    links.recent = rows.map((row) => row.uuid);
  }
  return found;
}
