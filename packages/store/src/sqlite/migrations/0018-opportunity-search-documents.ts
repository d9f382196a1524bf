/**
 * Migration 0018: each live opportunity's search document, the text an opportunity `search` matches its
 * words against: the opportunity's name and the names of its live linked persons and companies, one per
 * line. A search without a rare word (every word short, or found in over 10,000 names) read every name of
 * the tenant and every link of the names it matched, once for the totals and again for the page: at
 * benchmark scale L "contact 12" took 1.4 to 1.5 s a statement. Over the documents, 50 ms.
 *
 * The documents are kept as the name indexes of migrations 0016 and 0017 are: writes are noted in
 * `name_search_pending`, and a search applies its tenant's notes first. A rename or delete of a person or
 * company is already noted (the document of each opportunity linked to it is rebuilt); these triggers
 * add what else changes a document: a record's `deleted_at`, and the opportunity links to persons and
 * companies. Every live opportunity is noted here, so the first catch-up writes its document.
 */
import { sql, type Kysely, type Migration } from "kysely";

const NAMED_TABLES = [
  { table: "persons", entityType: "PERSON" },
  { table: "companies", entityType: "COMPANY" },
  { table: "opportunities", entityType: "OPPORTUNITY" },
] as const;

/** A link an opportunity's document depends on: from the opportunity to a person or a company. */
const searchedLink = (row: "old" | "new") => `${row}.owner_type = 'OPPORTUNITY' and ${row}.entity_type in ('PERSON', 'COMPANY')`;

const noteOwner = (row: "old" | "new") =>
  `insert into name_search_pending (tenant_uuid, entity_type, uuid) values (${row}.tenant_uuid, 'OPPORTUNITY', ${row}.owner_uuid);`;

export const opportunitySearchDocumentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Keyed by tenant first: a search reads its tenant's documents in key order, not through a second index.
    await sql`create table opportunity_search_documents (
      tenant_uuid text not null,
      opportunity_uuid text not null,
      document text not null,
      primary key (tenant_uuid, opportunity_uuid)
    ) without rowid`.execute(db);
    for (const { table, entityType } of NAMED_TABLES) {
      await sql
        .raw(
          `create trigger ${table}_search_on_deleted_at after update of deleted_at on ${table}
            when old.deleted_at is not new.deleted_at
            begin insert into name_search_pending (tenant_uuid, entity_type, uuid) values (new.tenant_uuid, '${entityType}', new.uuid); end`,
        )
        .execute(db);
    }
    const linkColumns = "tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid";
    const statements = [
      `create trigger associations_search_on_insert after insert on associations when ${searchedLink("new")} begin ${noteOwner("new")} end`,
      `create trigger associations_search_on_delete after delete on associations when ${searchedLink("old")} begin ${noteOwner("old")} end`,
      `create trigger associations_search_on_update_old after update of ${linkColumns} on associations when ${searchedLink("old")} begin ${noteOwner("old")} end`,
      `create trigger associations_search_on_update_new after update of ${linkColumns} on associations when ${searchedLink("new")} begin ${noteOwner("new")} end`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    await sql`insert into name_search_pending (tenant_uuid, entity_type, uuid)
      select tenant_uuid, 'OPPORTUNITY', uuid from opportunities where deleted_at is null`.execute(db);
  },
};
