/**
 * Migration 0013: partial indexes that let `associations.recentOpportunitiesOf` count and rank a busy
 * contact's opportunity links without reading each link's rows.
 * - `associations_opportunity_links`: exactly the links from an opportunity to a record, with the
 *   opportunity's uuid, so counts and the links themselves come from the index alone. It is led by the
 *   record's uuid so that no query looking links up by their opportunity takes it: led by the tenant, it
 *   drew the planner into scanning every link of the tenant for each opportunity.
 * - `opportunities_live_updated`: a live opportunity's `updated_at` from its uuid in one seek.
 * - `opportunities_deleted`: the (few) deleted opportunities, whose links are subtracted from the counts.
 * Before, at benchmark scale L, a contact linked to 15,000 opportunities cost 75 ms, and a batch of
 * recommended paths about 70 ms naming the opportunities of the persons it mentions.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const opportunityLinkCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create index associations_opportunity_links on associations (entity_uuid, tenant_uuid, entity_type, owner_uuid)
      where owner_type = 'OPPORTUNITY'`.execute(db);
    await sql`create index opportunities_live_updated on opportunities (uuid, updated_at) where deleted_at is null`.execute(db);
    await sql`create index opportunities_deleted on opportunities (tenant_uuid, uuid) where deleted_at is not null`.execute(db);
  },
};
