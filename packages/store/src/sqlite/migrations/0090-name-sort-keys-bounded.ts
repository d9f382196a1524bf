/**
 * Migration 0090: a name order's key is cut to its first `NAME_SORT_KEY_LENGTH` (300) code points (`nameSortKey`), so
 * a cursor carrying it stays within what the lists accept: 300 characters that folding lengthens ("ﷺ" is 18 letters)
 * made a key of 9,900 bytes, and the list handed out a next_cursor it then refused. The keys of persons, companies,
 * users and entity lists longer than that are written again (`writeKeysAside`: no change time or generation moves);
 * every other key, and so the order of every name under the bound, stays as it is.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { NAME_SORT_KEY_LENGTH, nameSortKey } from "../../repositories/name-sort-key.js";
import { writeKeysAside } from "./keys-written-aside.js";

const NAME_KEYS = [
  { table: "persons", source: "name", key: "name_sort_key" },
  { table: "companies", source: "company_name", key: "company_name_sort_key" },
  { table: "users", source: "name", key: "name_sort_key" },
  { table: "entity_lists", source: "name", key: "name_sort_key" },
] as const;

export const nameSortKeysBoundedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const { table, source, key } of NAME_KEYS) {
      await writeKeysAside(db, table, [{ source, key, keyOf: nameSortKey }], sql`length(r.${sql.ref(key)}) > ${sql.lit(NAME_SORT_KEY_LENGTH)}`);
    }
  },
};
