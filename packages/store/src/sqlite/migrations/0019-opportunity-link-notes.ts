/**
 * Migration 0019: a change to an opportunity's links to persons and companies is noted as
 * `OPPORTUNITY_LINKS`, not `OPPORTUNITY`. Migration 0018 noted it as the opportunity's own, so applying it
 * also re-keyed the opportunity's entry in the trigram name index, whose name had not changed: about 26 µs
 * of the 68 µs an opportunity's note cost at benchmark scale L, for the 250,000 link notes of the L
 * tenant's bulk load. A links note rewrites the opportunity's search document only.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** A link an opportunity's document depends on: from the opportunity to a person or a company. */
const searchedLink = (row: "old" | "new") => `${row}.owner_type = 'OPPORTUNITY' and ${row}.entity_type in ('PERSON', 'COMPANY')`;

const noteLinks = (row: "old" | "new") =>
  `insert into name_search_pending (tenant_uuid, entity_type, uuid) values (${row}.tenant_uuid, 'OPPORTUNITY_LINKS', ${row}.owner_uuid);`;

export const opportunityLinkNotesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const name of ["insert", "delete", "update_old", "update_new"]) await sql.raw(`drop trigger associations_search_on_${name}`).execute(db);
    const linkColumns = "tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid";
    const statements = [
      `create trigger associations_search_on_insert after insert on associations when ${searchedLink("new")} begin ${noteLinks("new")} end`,
      `create trigger associations_search_on_delete after delete on associations when ${searchedLink("old")} begin ${noteLinks("old")} end`,
      `create trigger associations_search_on_update_old after update of ${linkColumns} on associations when ${searchedLink("old")} begin ${noteLinks("old")} end`,
      `create trigger associations_search_on_update_new after update of ${linkColumns} on associations when ${searchedLink("new")} begin ${noteLinks("new")} end`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
