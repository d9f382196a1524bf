/**
 * @module
 * Finding the records whose name contains a word: through the trigram indexes of migrations 0016 and 0017
 * (brought up to date by `applyPendingNameSearch`, in name-search-notes.ts, before they are read), or by
 * reading every name of the tenant. Both give the same records: the index (of the names folded by `foldNameForIndex`) only narrows the candidates,
 * and each candidate is tested with the same `like` as the reading of every name.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../database-schema.js";
import { sqliteLower } from "../normalize.js";
import { foldCase } from "./fold-case.js";
import { CASE_FOLD_FUNCTION, FOLD_NAME_FUNCTION, foldName, foldNameForIndex } from "./fold-name.js";

/** The kinds of record whose names are indexed. */
export type NamedEntityType = "PERSON" | "COMPANY" | "OPPORTUNITY";

/** Each kind's table, name column (on `r`) and index. */
export const NAMED = {
  PERSON: { table: sql.raw("persons"), name: sql.raw("r.name"), index: "person_name_search" },
  COMPANY: { table: sql.raw("companies"), name: sql.raw("r.company_name"), index: "company_name_search" },
  OPPORTUNITY: { table: sql.raw("opportunities"), name: sql.raw("r.name"), index: "opportunity_name_search" },
} as const;

/** The kinds of record whose names are indexed, in a fixed order. */
export const NAMED_TYPES = Object.keys(NAMED) as NamedEntityType[];

/**
 * Most names of one kind (all tenants, live or deleted) a word may be found in for the index to drive a
 * search. At benchmark scale L a word found in over 10,000 names ("contact", in every person's) read its
 * matches through the index more slowly than the names themselves (opportunities of "company": 246–335
 * ms against 295–401 ms); counting up to the cap takes under 5 ms.
 */
export const INDEXED_WORD_MATCH_CAP = 10_000;

/** A `like` pattern for `lower(column)` containing `text`: its case folded as `lower()` folds, a user's `%` or `_` taken literally. */
export function likeContains(text: string): string {
  return `%${sqliteLower(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A `like` test of `column` containing `text`, ignoring the case of A–Z, wildcards taken literally. */
export const nameContains = (column: RawBuilder<unknown>, text: string) =>
  sql<SqlBool>`lower(${column}) like ${likeContains(text)} escape '\\'`;

/**
 * A test of `column` containing `text` with both folded by `foldName` (case, accents and the punctuation inside
 * names ignored: "jose" finds "José", "obrien" "O'Brien"), wildcards taken literally. Text that folds to nothing
 * (punctuation only) is tested as `nameContains` tests it. Needs `registerFoldName` on the connection.
 */
export const nameContainsFolded = (column: RawBuilder<unknown>, text: string) => {
  const folded = foldName(text);
  if (folded.length === 0) return nameContains(column, text);
  const pattern = likeContains(folded);
  // A name of A–Z, digits and spaces folds as `like` folds it: the function (JavaScript, a call per row) is only
  // called for the other names. A `like` match is a match of the folded name too, the pattern being folded.
  return sql<SqlBool>`(${column} like ${pattern} escape '\\' or (${column} glob '*[^ 0-9A-Za-z]*'
    and ${sql.raw(FOLD_NAME_FUNCTION)}(${column}) like ${pattern} escape '\\'))`;
};

/**
 * A `like` test of `column` containing `text` as a substring, ignoring the case of every letter (not A–Z alone, as
 * SQLite's `like` does; `foldCase`: "ΟΔΥΣ" finds "Οδυσσέας", "istanbul" "İstanbul", "strasse" "Straße") and how Unicode
 * composes them (NFC and NFD are one text), nothing else: accents and punctuation count ("zürich" finds "ZÜRICH",
 * not "Zurich"). The company list's text filters, a case-insensitive substring by the specification. Wildcards taken
 * literally. Needs `registerFoldName` on the connection.
 */
export const textContainsInAnyCase = (column: RawBuilder<unknown>, text: string) => {
  const pattern = likeContains(foldCase(text));
  // A value of printable ASCII alone is `like`'s to fold; the function (a call per row) is only called for the others,
  // and only it for them: `like` would find "e" in a decomposed "é".
  return sql<SqlBool>`(case when ${column} glob '*[^ -~]*' then ${sql.raw(CASE_FOLD_FUNCTION)}(${column}) like ${pattern} escape '\\'
    else ${column} like ${pattern} escape '\\' end)`;
};

/** A test of a name column containing a word (`nameContains` or `nameContainsFolded`). */
export type NameTest = (column: RawBuilder<unknown>, text: string) => RawBuilder<SqlBool>;

/** The words of a search text, split at whitespace. */
export const searchWords = (search: string) => search.trim().split(/\s+/).filter(Boolean);

/**
 * The word as the index is asked for it: folded as the indexed names are (`foldNameForIndex`, name-search-notes.ts),
 * so the index finds a superset of the names either test (`nameContains`, `nameContainsFolded`) accepts.
 */
const indexedText = (word: string) => foldNameForIndex(word);

/** Whether the index can look `word` up: a trigram index finds words of at least three characters. */
export const canUseNameIndex = (word: string) => [...indexedText(word)].length >= 3;

/** The index's query for names containing `word` as written: one quoted phrase, a quote doubled. */
const phraseOf = (word: string) => `"${indexedText(word).replaceAll('"', '""')}"`;

/**
 * How many names of `entityType` (every tenant's, live or deleted) contain `word` by the index, counted
 * up to `cap`. Only for a word `canUseNameIndex` accepts.
 */
export async function countIndexedNameMatches(db: Kysely<Database>, entityType: NamedEntityType, word: string, cap: number): Promise<number> {
  const index = sql.raw(NAMED[entityType].index);
  const { rows } = await sql<{ matches: number }>`select count(*) as matches from
    (select 1 from ${index} where ${index} match ${phraseOf(word)} limit ${cap})`.execute(db);
  return Number(rows[0]?.matches ?? 0);
}

/**
 * The word of `words` in the fewest names of the `entityTypes` (all kinds unless told), with that number of
 * names, when the index can look it up and it is in fewer than `cap` names of each kind; else undefined
 * (every word is common or too short). The first such word wins a tie. Names are counted over every tenant.
 */
export async function rarestIndexedWord(
  db: Kysely<Database>,
  words: readonly string[],
  cap = INDEXED_WORD_MATCH_CAP,
  entityTypes: readonly NamedEntityType[] = NAMED_TYPES,
): Promise<{ word: string; matches: number } | undefined> {
  let rarest: { word: string; matches: number } | undefined;
  for (const word of new Set(words.filter(canUseNameIndex))) {
    const counts = await Promise.all(entityTypes.map((entityType) => countIndexedNameMatches(db, entityType, word, cap)));
    if (counts.some((count) => count >= cap)) continue;
    const matches = counts.reduce((sum, count) => sum + count, 0);
    if (!rarest || matches < rarest.matches) rarest = { word, matches };
  }
  return rarest;
}

/**
 * The UUIDs of the tenant's live records of `entityType` whose name contains `word`: candidates from the
 * index when `useIndex` (a word `canUseNameIndex` accepts), else every live record's name is read. The index
 * holds the names folded (`foldNameForIndex`, looser than `foldName`), so `contains` may fold them too (`nameContainsFolded`).
 */
export function liveRecordsNamed(
  tenantUuid: string,
  entityType: NamedEntityType,
  word: string,
  useIndex: boolean,
  contains: NameTest = nameContains,
): RawBuilder<unknown> {
  const { table, name, index } = NAMED[entityType];
  const live = sql`r.tenant_uuid = ${tenantUuid} and r.deleted_at is null and ${contains(name, word)}`;
  if (!useIndex) return sql`select r.uuid from ${table} r where ${live}`;
  // Cross joins keep the index's matches in the outer loop: without statistics for name_search_keys, the
  // planner would rather read every key of the kind and test each against the matches.
  const indexName = sql.raw(index);
  return sql`select r.uuid from ${indexName}
    cross join name_search_keys k on k.key = ${indexName}.rowid
    cross join ${table} r on r.uuid = k.uuid
    where ${indexName} match ${phraseOf(word)} and k.entity_type = ${entityType} and ${live}`;
}
