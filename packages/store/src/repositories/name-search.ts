/**
 * @module
 * Finding the records whose name contains a word: through the trigram indexes of migrations 0016 and 0017
 * (brought up to date by `applyPendingNameSearch` before they are read), or by reading every name of the
 * tenant. Both give the same records: the index only narrows the candidates,
 * and each candidate is tested with the same `like` as the reading of every name.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../database-schema.js";
import { sqliteLower } from "../normalize.js";
import { withTransaction } from "./repository-context.js";

/** The kinds of record whose names are indexed. */
export type NamedEntityType = "PERSON" | "COMPANY" | "OPPORTUNITY";

const NAMED = {
  PERSON: { table: sql.raw("persons"), name: sql.raw("r.name"), index: "person_name_search" },
  COMPANY: { table: sql.raw("companies"), name: sql.raw("r.company_name"), index: "company_name_search" },
  OPPORTUNITY: { table: sql.raw("opportunities"), name: sql.raw("r.name"), index: "opportunity_name_search" },
} as const;

const NAMED_TYPES = Object.keys(NAMED) as NamedEntityType[];

/**
 * Most notes one search applies (20,000 took 276 ms at benchmark scale L). With more waiting, after a
 * large import say, the search reads every name instead and the next ones apply the rest in turn: no
 * search waits for all of an import's names at once.
 */
export const NAME_NOTES_PER_SEARCH = 20_000;

/**
 * Brings the name indexes up to date with the tenant's writes noted since (migration 0017), the oldest
 * `limit` notes at most: each noted record's entry is dropped, and its current name indexed under a new
 * key if it still exists. One write transaction. True when no note of the tenant is left, that is when the
 * indexes may be read for it.
 */
export async function applyPendingNameSearch(db: Kysely<Database>, tenantUuid: string, limit = NAME_NOTES_PER_SEARCH): Promise<boolean> {
  const probe = await sql<{ id: number }>`select id from name_search_pending where tenant_uuid = ${tenantUuid} limit 1`.execute(db);
  if (probe.rows.length === 0) return true;
  return withTransaction(db, async (transaction) => {
    const nth = await sql<{ id: number }>`select id from name_search_pending where tenant_uuid = ${tenantUuid}
      order by id limit 1 offset ${Math.max(0, limit - 1)}`.execute(transaction);
    const newest = await sql<{ id: number | null }>`select max(id) as id from name_search_pending where tenant_uuid = ${tenantUuid}`.execute(transaction);
    const last = nth.rows[0]?.id ?? newest.rows[0]?.id;
    if (last === undefined || last === null) return true;
    for (const entityType of NAMED_TYPES) {
      const { table, name, index } = NAMED[entityType];
      const indexName = sql.raw(index);
      const noted = sql`select uuid from name_search_pending where tenant_uuid = ${tenantUuid} and entity_type = ${entityType} and id <= ${last}`;
      await sql`delete from ${indexName} where rowid in (select key from name_search_keys where entity_type = ${entityType} and uuid in (${noted}))`.execute(transaction);
      await sql`delete from name_search_keys where entity_type = ${entityType} and uuid in (${noted})`.execute(transaction);
      await sql`insert into name_search_keys (entity_type, uuid) select ${entityType}, r.uuid from ${table} r where r.uuid in (${noted})`.execute(transaction);
      await sql`insert into ${indexName} (rowid, name) select k.key, ${name} from name_search_keys k join ${table} r on r.uuid = k.uuid
        where k.entity_type = ${entityType} and k.uuid in (${noted})`.execute(transaction);
    }
    await sql`delete from name_search_pending where tenant_uuid = ${tenantUuid} and id <= ${last}`.execute(transaction);
    const left = await sql<{ id: number }>`select id from name_search_pending where tenant_uuid = ${tenantUuid} limit 1`.execute(transaction);
    return left.rows.length === 0;
  });
}

/**
 * Most names of one kind (all tenants, live or deleted) a word may be found in for the index to drive a
 * search. At benchmark scale L a word found in over 10,000 names ("contact", in every person's) read its
 * matches through the index more slowly than the names themselves (opportunities of "company": 246–335
 * ms against 295–401 ms); counting up to the cap takes under 5 ms.
 */
export const INDEXED_WORD_MATCH_CAP = 10_000;

/** A `like` pattern for `lower(column)` containing `text`: its case folded as `lower()` folds, a user's `%` or `_` taken literally. */
function likeContains(text: string): string {
  return `%${sqliteLower(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A `like` test of `column` containing `text`, ignoring the case of A–Z, wildcards taken literally. */
export const nameContains = (column: RawBuilder<unknown>, text: string) =>
  sql<SqlBool>`lower(${column}) like ${likeContains(text)} escape '\\'`;

/** The word as the index is asked for it: the text the `like` pattern holds. */
const indexedText = (word: string) => sqliteLower(word);

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
 * The word of `words` in the fewest names of all kinds, when the index can look it up and it is in fewer
 * than `cap` names of each kind; else undefined (every word is common or too short). The first such word
 * wins a tie.
 */
export async function rarestIndexedWord(db: Kysely<Database>, words: readonly string[], cap = INDEXED_WORD_MATCH_CAP): Promise<string | undefined> {
  let rarest: { word: string; matches: number } | undefined;
  for (const word of new Set(words.filter(canUseNameIndex))) {
    const counts = await Promise.all((Object.keys(NAMED) as NamedEntityType[]).map((entityType) => countIndexedNameMatches(db, entityType, word, cap)));
    if (counts.some((count) => count >= cap)) continue;
    const matches = counts.reduce((sum, count) => sum + count, 0);
    if (!rarest || matches < rarest.matches) rarest = { word, matches };
  }
  return rarest?.word;
}

/**
 * The UUIDs of the tenant's live records of `entityType` whose name contains `word`: candidates from the
 * index when `useIndex` (a word `canUseNameIndex` accepts), else every live record's name is read.
 */
export function liveRecordsNamed(tenantUuid: string, entityType: NamedEntityType, word: string, useIndex: boolean): RawBuilder<unknown> {
  const { table, name, index } = NAMED[entityType];
  const live = sql`r.tenant_uuid = ${tenantUuid} and r.deleted_at is null and ${nameContains(name, word)}`;
  if (!useIndex) return sql`select r.uuid from ${table} r where ${live}`;
  // Cross joins keep the index's matches in the outer loop: without statistics for name_search_keys, the
  // planner would rather read every key of the kind and test each against the matches.
  const indexName = sql.raw(index);
  return sql`select r.uuid from ${indexName}
    cross join name_search_keys k on k.key = ${indexName}.rowid
    cross join ${table} r on r.uuid = k.uuid
    where ${indexName} match ${phraseOf(word)} and k.entity_type = ${entityType} and ${live}`;
}
