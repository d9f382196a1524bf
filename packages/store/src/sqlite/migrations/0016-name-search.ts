/**
 * Migration 0016: trigram full-text indexes over the names an opportunity `search` reads: persons'
 * `name`, companies' `company_name` and opportunities' `name`. A search word was matched with `like`
 * against every name of the tenant: at benchmark scale L (200,000 persons, 20,000 companies, 100,000
 * opportunities), 120 to 230 ms a statement for a word found nowhere, twice a page, with every other
 * request of the process waiting. Through these indexes a rare word takes 1 to 8 ms.
 *
 * Each index is contentless (it holds the trigrams, not the names) and keyed by `name_search_keys.key`,
 * an integer primary key the rows keep through a `VACUUM`; the records' own rowids may be renumbered by
 * one, which would leave an index keyed by them pointing at other records. Triggers keep the indexes in
 * step with every insert, rename and delete, from any connection. Deleted (`deleted_at`) records stay
 * indexed: a search joins back to the record and keeps the live ones.
 */
import { sql, type Kysely, type Migration } from "kysely";

const INDEXED_NAMES = [
  { table: "persons", column: "name", index: "person_name_search", entityType: "PERSON" },
  { table: "companies", column: "company_name", index: "company_name_search", entityType: "COMPANY" },
  { table: "opportunities", column: "name", index: "opportunity_name_search", entityType: "OPPORTUNITY" },
] as const;

export const nameSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table name_search_keys (
      key integer primary key,
      entity_type text not null,
      uuid text not null,
      unique (entity_type, uuid)
    )`.execute(db);
    for (const { table, column, index, entityType } of INDEXED_NAMES) {
      const keyOf = (row: "old" | "new") => `(select key from name_search_keys where entity_type = '${entityType}' and uuid = ${row}.uuid)`;
      const statements = [
        `create virtual table ${index} using fts5(name, content = '', contentless_delete = 1, tokenize = 'trigram')`,
        `insert into name_search_keys (entity_type, uuid) select '${entityType}', uuid from ${table} order by rowid`,
        `insert into ${index} (rowid, name) select k.key, t.${column} from ${table} t
          join name_search_keys k on k.entity_type = '${entityType}' and k.uuid = t.uuid`,
        `create trigger ${table}_name_search_on_insert after insert on ${table} begin
          insert into name_search_keys (entity_type, uuid) values ('${entityType}', new.uuid);
          insert into ${index} (rowid, name) values (${keyOf("new")}, new.${column});
        end`,
        `create trigger ${table}_name_search_on_update after update of ${column}, uuid on ${table}
          when old.${column} is not new.${column} or old.uuid is not new.uuid begin
          delete from ${index} where rowid = ${keyOf("old")};
          update name_search_keys set uuid = new.uuid where entity_type = '${entityType}' and uuid = old.uuid;
          insert into ${index} (rowid, name) values (${keyOf("new")}, new.${column});
        end`,
        `create trigger ${table}_name_search_on_delete after delete on ${table} begin
          delete from ${index} where rowid = ${keyOf("old")};
          delete from name_search_keys where entity_type = '${entityType}' and uuid = old.uuid;
        end`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    }
  },
};
