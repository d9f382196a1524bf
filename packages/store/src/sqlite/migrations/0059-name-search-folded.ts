/**
 * Migration 0059: the name indexes of migration 0016 hold the names folded (`foldName`: case, accents and the
 * punctuation inside names ignored), as a name filter now compares them, so that "jose" is looked up in "José".
 * Every person, company and opportunity is noted again (`name_search_pending`, migration 0017): the next searches
 * of each tenant, or `store.nameSearch.catchUp` at start-up, index its names folded, 20,000 a search at most; until
 * a tenant's notes are all applied its searches read every name, as after a large import. The folding is a
 * JavaScript function of the store's connection, so the migration itself only writes the notes.
 */
import { sql, type Kysely, type Migration } from "kysely";

const NAMED_TABLES = [
  { table: "persons", entityType: "PERSON" },
  { table: "companies", entityType: "COMPANY" },
  { table: "opportunities", entityType: "OPPORTUNITY" },
] as const;

export const nameSearchFoldedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const { table, entityType } of NAMED_TABLES) {
      await sql`insert into name_search_pending (tenant_uuid, entity_type, uuid)
        select tenant_uuid, ${entityType}, uuid from ${sql.table(table)} order by rowid`.execute(db);
    }
  },
};
