/**
 * @module
 * The person list's `name` filter: every word of the text (`nameWords`: split at white space and punctuation) in the person's `name`,
 * both folded (`foldName`: case, accents and punctuation inside names ignored), as the company list's `name`
 * does (`nameContainsFolded`). Its rarest word of three
 * characters or more is looked up in the persons' trigram name index (decision 0011), so a page and its total
 * read the persons that word finds, not every person of the tenant.
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import { applyPendingNameSearch } from "./name-search-notes.js";
import { liveRecordsNamed, nameContainsFolded, rarestIndexedWord, INDEXED_WORD_MATCH_CAP } from "./name-search.js";
import { nameWords } from "./name-words.js";

/** A `name` filter's condition on `persons`, and whether it starts from the persons the name index found. */
export interface PersonNameFilter {
  condition: Expression<SqlBool>;
  indexed: boolean;
}

/**
 * The `name` filter of `text`. Applies the tenant's pending name notes first (a write, at most
 * `NAME_NOTES_PER_SEARCH` of them); while notes are left, or when no word can be looked up (all under three
 * characters, or each in `INDEXED_WORD_MATCH_CAP` person names or more), every name of the tenant is read.
 * Either way each word is tested with the same `like`, so both find the same persons.
 * Throws InvalidInputError for text without a word.
 */
export async function personNameFilter(db: Kysely<Database>, tenantUuid: string, text: string): Promise<PersonNameFilter> {
  const words = nameWords(text);
  if (words.length === 0) throw new InvalidInputError('persons.list: "name" must hold at least one word');
  const conditions = words.map((word) => nameContainsFolded(sql.ref("persons.name"), word));
  const rarest = (await applyPendingNameSearch(db, tenantUuid)) ? await rarestIndexedWord(db, words, INDEXED_WORD_MATCH_CAP, ["PERSON"]) : undefined;
  if (rarest) conditions.unshift(sql<SqlBool>`persons.uuid in (${liveRecordsNamed(tenantUuid, "PERSON", rarest.word, true, nameContainsFolded)})`);
  return { condition: sql<SqlBool>`(${sql.join(conditions, sql` and `)})`, indexed: rarest !== undefined };
}
