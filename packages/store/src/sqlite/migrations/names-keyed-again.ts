/**
 * @module
 * The name keys written again for the rows whose texts a change of the name folding touches (`keyNamesAgain`), as
 * migrations 0084 and 0088 do.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { textSortKey } from "../../repositories/text-sort-key.js";
import { companyNameKey } from "../../repositories/company-name-key.js";
import { companyDuplicateNameKey } from "../../repositories/company-duplicate-name-key.js";
import { writeKeysAside, type KeyColumn } from "./keys-written-aside.js";

const NAMED_TABLES = [
  { table: "persons", name: "name", entityType: "PERSON" },
  { table: "companies", name: "company_name", entityType: "COMPANY" },
  { table: "opportunities", name: "name", entityType: "OPPORTUNITY" },
] as const;

/**
 * Companies' name keys: the order and match keys, and the duplicates list's (`name_duplicate_key`) once migration 0096
 * has added it. A migration before it (0084, 0088) runs on a table without it, and 0096 then keys every name anew.
 */
async function companyNameKeys(db: Kysely<unknown>): Promise<KeyColumn[]> {
  const keys: KeyColumn[] = [
    { source: "company_name", key: "company_name_sort_key", keyOf: nameSortKey },
    { source: "company_name", key: "name_match_key", keyOf: companyNameKey },
  ];
  const { rows } = await sql<{ found: number }>`select count(*) as found from pragma_table_info('companies') where name = 'name_duplicate_key'`.execute(db);
  if (rows[0]!.found > 0) keys.push({ source: "company_name", key: "name_duplicate_key", keyOf: companyDuplicateNameKey });
  return keys;
}

/**
 * Writes again, for the rows `holds` names (a condition on the row `r`, given its text columns: a `glob` of the
 * characters whose folding changed), persons' and companies' name order keys, companies' `name_match_key` and
 * `name_duplicate_key` (`companyNameKeys`), entity
 * lists' and users' name order keys and opportunities' text sort keys (a deleted tenant's rows are left,
 * `writeKeysAside`: nothing a client reads changes, so no change time or generation moves); and notes those persons,
 * companies and opportunities for the name indexes again (`name_search_pending`), so that the next searches of each
 * tenant, or `store.nameSearch.catchUp` at start-up, index their names so folded.
 */
export async function keyNamesAgain(db: Kysely<unknown>, holds: (...columns: string[]) => RawBuilder<unknown>): Promise<void> {
  await writeKeysAside(db, "persons", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }], holds("name"));
  await writeKeysAside(db, "companies", await companyNameKeys(db), holds("company_name"));
  await writeKeysAside(db, "entity_lists", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }], holds("name"));
  await writeKeysAside(db, "users", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }], holds("name"));
  await writeKeysAside(
    db,
    "opportunities",
    [
      { source: "name", key: "name_sort_key", keyOf: textSortKey },
      { source: "details", key: "details_sort_key", keyOf: textSortKey },
      { source: "next_step", key: "next_step_sort_key", keyOf: textSortKey },
    ],
    holds("name", "details", "next_step"),
  );
  for (const { table, name, entityType } of NAMED_TABLES) {
    await sql`insert into name_search_pending (tenant_uuid, entity_type, uuid)
      select r.tenant_uuid, ${entityType}, r.uuid from ${sql.table(table)} r where ${holds(name)} order by r.rowid`.execute(db);
  }
}

/** A condition on the row `r`: one of `columns` holds a character of the `glob` set `characters` (e.g. "[،؛]"). */
export const holdingAnyOf =
  (characters: string) =>
  (...columns: string[]): RawBuilder<unknown> =>
    sql.join(
      columns.map((column) => sql`r.${sql.ref(column)} glob ${`*${characters}*`}`),
      sql` or `,
    );
