/**
 * Migration 0084: names in Arabic script keyed whichever Arabic or Persian keyboard typed them. The name keys now read
 * Arabic's letter forms as their letters (`foldArabicLetterForms`: Persian "ی" and alef maksura "ى" as "ي", "ک" as "ك",
 * "ة" and "ۀ" as "ه", alef with hamza or madda and alef wasla as "ا", Arabic-Indic and Persian digits as ASCII ones),
 * the harakat and the tatweel dropped. Until now "علی" (Persian yeh) and "علي" (Arabic yeh) were two names: neither
 * found the other, they sorted apart and an import made a second company. The keys of the rows whose texts hold an
 * Arabic character (the only ones whose keys change) are written again: persons' and companies' name order keys,
 * companies' `name_match_key`, entity lists' and users' name order keys, opportunities' text sort keys (a deleted
 * tenant's rows are left, `writeKeysAside`: nothing a client reads changes, so no change time or generation moves).
 * And those persons, companies and opportunities are noted for the name indexes again (`name_search_pending`, as
 * migration 0065 did), so that the next searches of each tenant, or `store.nameSearch.catchUp` at start-up, index
 * their names so folded.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { companyNameKey } from "../../repositories/company-name-key.js";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { textSortKey } from "../../repositories/text-sort-key.js";
import { writeKeysAside } from "./keys-written-aside.js";

/** Text holding a character of the Arabic block or of Arabic's presentation forms (read as its letters, NFKC). */
const ARABIC_TEXT = "*[\u0600-\u06ff\ufb50-\ufdff\ufe70-\ufeff]*";
const holdsArabic = (...columns: string[]) => sql.join(columns.map((column) => sql`r.${sql.ref(column)} glob ${ARABIC_TEXT}`), sql` or `);

const NAMED_TABLES = [
  { table: "persons", name: "name", entityType: "PERSON" },
  { table: "companies", name: "company_name", entityType: "COMPANY" },
  { table: "opportunities", name: "name", entityType: "OPPORTUNITY" },
] as const;

export const arabicLetterFormsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await writeKeysAside(db, "persons", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }], holdsArabic("name"));
    await writeKeysAside(
      db,
      "companies",
      [
        { source: "company_name", key: "company_name_sort_key", keyOf: nameSortKey },
        { source: "company_name", key: "name_match_key", keyOf: companyNameKey },
      ],
      holdsArabic("company_name"),
    );
    await writeKeysAside(db, "entity_lists", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }], holdsArabic("name"));
    await writeKeysAside(db, "users", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }], holdsArabic("name"));
    await writeKeysAside(
      db,
      "opportunities",
      [
        { source: "name", key: "name_sort_key", keyOf: textSortKey },
        { source: "details", key: "details_sort_key", keyOf: textSortKey },
        { source: "next_step", key: "next_step_sort_key", keyOf: textSortKey },
      ],
      holdsArabic("name", "details", "next_step"),
    );
    for (const { table, name, entityType } of NAMED_TABLES) {
      await sql`insert into name_search_pending (tenant_uuid, entity_type, uuid)
        select r.tenant_uuid, ${entityType}, r.uuid from ${sql.table(table)} r where ${holdsArabic(name)} order by r.rowid`.execute(db);
    }
  },
};
