/**
 * Migration 0021: `live_opportunity_links`, how many live opportunities each person and company is linked
 * to, kept by triggers on every write to links and opportunities, from any connection. It is the `total` of
 * a recommended-paths hop's opportunity signal. Before, each answer counted the links of the persons it
 * names in the index of migration 0013 and subtracted those of deleted opportunities: at benchmark scale L
 * about 57,000 links for a batch of 100 persons, 11 ms a batch from warm pages and 43 ms from cold ones;
 * busy contacts are linked to thousands of opportunities each.
 *
 * A link counts when it runs from an opportunity (`owner_type = 'OPPORTUNITY'`) to a person or company and
 * the opportunity's row is live in the link's tenant. A pair has one link at most (`link_key`), so each
 * opportunity adds one to each entity it links. Rows reaching zero are removed.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { anyChanged } from "./trigger-conditions.js";

/** Whether the link `row` (NEW or OLD of associations) counts: from a live opportunity of its tenant to a person or company. */
const linkCounts = (row: "NEW" | "OLD") => `${row}.owner_type = 'OPPORTUNITY' and ${row}.entity_type in ('PERSON', 'COMPANY')
      and exists (select 1 from opportunities where uuid = ${row}.owner_uuid and tenant_uuid = ${row}.tenant_uuid and deleted_at is null)`;

/** Counts the link NEW when it counts. */
const addLink = `
      insert into live_opportunity_links (tenant_uuid, entity_type, entity_uuid, links)
        select NEW.tenant_uuid, NEW.entity_type, NEW.entity_uuid, 1 where ${linkCounts("NEW")}
        on conflict (tenant_uuid, entity_type, entity_uuid) do update set links = links + 1;`;

/** Takes the link OLD off its count when it counted, and the count away at zero. */
const removeLink = `
      update live_opportunity_links set links = links - 1
        where tenant_uuid = OLD.tenant_uuid and entity_type = OLD.entity_type and entity_uuid = OLD.entity_uuid and ${linkCounts("OLD")};
      delete from live_opportunity_links
        where tenant_uuid = OLD.tenant_uuid and entity_type = OLD.entity_type and entity_uuid = OLD.entity_uuid and links <= 0;`;

/** The links of the opportunity `row` (NEW or OLD) to persons and companies. */
const linksOf = (row: "NEW" | "OLD") => `from associations where tenant_uuid = ${row}.tenant_uuid and owner_uuid = ${row}.uuid
        and owner_type = 'OPPORTUNITY' and entity_type in ('PERSON', 'COMPANY')`;

/** Counts every link of the opportunity NEW. */
const addLinksOfNew = `
      insert into live_opportunity_links (tenant_uuid, entity_type, entity_uuid, links)
        select tenant_uuid, entity_type, entity_uuid, 1 ${linksOf("NEW")}
        on conflict (tenant_uuid, entity_type, entity_uuid) do update set links = links + 1;`;

/** Takes every link of the opportunity OLD off its count, and the counts away at zero. */
const removeLinksOfOld = `
      update live_opportunity_links set links = links - 1
        where tenant_uuid = OLD.tenant_uuid and (entity_type, entity_uuid) in (select entity_type, entity_uuid ${linksOf("OLD")});
      delete from live_opportunity_links
        where tenant_uuid = OLD.tenant_uuid and links <= 0 and (entity_type, entity_uuid) in (select entity_type, entity_uuid ${linksOf("OLD")});`;

const linkMoved = anyChanged(["tenant_uuid", "owner_type", "owner_uuid", "entity_type", "entity_uuid"]);

// An opportunity's uuid and tenant never change; its liveness does.
const triggers = [
  `create trigger associations_count_live_opportunity_links_on_insert after insert on associations begin ${addLink} end`,
  `create trigger associations_count_live_opportunity_links_on_delete after delete on associations begin ${removeLink} end`,
  `create trigger associations_count_live_opportunity_links_on_update
    after update of tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid on associations when ${linkMoved}
    begin ${removeLink} ${addLink} end`,
  `create trigger opportunities_count_live_links_on_insert after insert on opportunities when NEW.deleted_at is null
    begin ${addLinksOfNew} end`,
  `create trigger opportunities_count_live_links_on_delete after delete on opportunities when OLD.deleted_at is null
    begin ${removeLinksOfOld} end`,
  `create trigger opportunities_count_live_links_on_soft_delete after update of deleted_at on opportunities
    when OLD.deleted_at is null and NEW.deleted_at is not null begin ${removeLinksOfOld} end`,
  `create trigger opportunities_count_live_links_on_restore after update of deleted_at on opportunities
    when OLD.deleted_at is not null and NEW.deleted_at is null begin ${addLinksOfNew} end`,
];

export const liveOpportunityLinkCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table live_opportunity_links (
        tenant_uuid text not null,
        entity_type text not null,
        entity_uuid text not null,
        links integer not null,
        primary key (tenant_uuid, entity_type, entity_uuid)
      ) without rowid`.execute(db);
    await sql`
      insert into live_opportunity_links (tenant_uuid, entity_type, entity_uuid, links)
        select a.tenant_uuid, a.entity_type, a.entity_uuid, count(*)
        from associations a join opportunities o on o.uuid = a.owner_uuid and o.tenant_uuid = a.tenant_uuid and o.deleted_at is null
        where a.owner_type = 'OPPORTUNITY' and a.entity_type in ('PERSON', 'COMPANY')
        group by a.tenant_uuid, a.entity_type, a.entity_uuid`.execute(db);
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  },
};
