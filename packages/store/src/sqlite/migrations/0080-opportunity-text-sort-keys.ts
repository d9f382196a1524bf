/**
 * Migration 0080: opportunities listed by their texts as persons and companies are by name (migration 0064). The text
 * sorts (`name`, `details`, `next_step`, and `owner` by the owner's user name) compared case-folded text by code
 * point, so "Émile" came after "Zeta" and "Ábel" after "Zoltán". Each opportunity now holds `textSortKey` of its name,
 * details and next step (`name_sort_key`, `details_sort_key`, `next_step_sort_key`; null with a null text) and each
 * user `nameSortKey` of their name (`users.name_sort_key`), written by the store with every such text and computed here
 * for the rows already there (a deleted tenant's are left). `intro_person` reads the person's own key (migration 0064).
 * No index: these sorts read every opportunity the filters leave and sort them, as before.
 *
 * Nothing a client reads changes, so no change time or generation moves (`writeKeysAside`).
 */
import { sql, type Kysely, type Migration } from "kysely";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { textSortKey } from "../../repositories/text-sort-key.js";
import { writeKeysAside } from "./keys-written-aside.js";

export const opportunityTextSortKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table opportunities add column name_sort_key text not null default ''`.execute(db);
    await sql`alter table opportunities add column details_sort_key text`.execute(db);
    await sql`alter table opportunities add column next_step_sort_key text`.execute(db);
    await writeKeysAside(db, "opportunities", [
      { source: "name", key: "name_sort_key", keyOf: textSortKey },
      { source: "details", key: "details_sort_key", keyOf: textSortKey },
      { source: "next_step", key: "next_step_sort_key", keyOf: textSortKey },
    ]);
    await sql`alter table users add column name_sort_key text not null default ''`.execute(db);
    await writeKeysAside(db, "users", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }]);
  },
};
