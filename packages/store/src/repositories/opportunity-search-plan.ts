/**
 * @module
 * Choosing how an opportunity `search` reads what it matches (`SearchPlan`), after bringing the tenant's
 * name indexes and search documents up to date.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { applyPendingNameSearch } from "./name-search-notes.js";
import { rarestIndexedWord } from "./name-search.js";
import { searchWords, type SearchPlan } from "./opportunity-list-query.js";

/**
 * How many documents a search reads in the time one index match of its driving word costs. At benchmark
 * scale L a statement spent about 5.7 µs per index match of the driving word ("123": 2,039 names, 11.7
 * ms) and 0.25 µs per document of the tenant (100,000 in about 25 ms), so a word in 5,000 names costs
 * what every document does; below that, the word drives.
 */
export const DOCUMENTS_PER_INDEX_MATCH = 20;

/** The tenant's search documents, counted up to `cap`. */
async function countDocuments(db: Kysely<Database>, tenantUuid: string, cap: number): Promise<number> {
  const { rows } = await sql<{ documents: number }>`select count(*) as documents from
    (select 1 from opportunity_search_documents where tenant_uuid = ${tenantUuid} limit ${cap})`.execute(db);
  return Number(rows[0]?.documents ?? 0);
}

/**
 * Applies the tenant's notes (up to a search's share), then plans the search: every name while notes are
 * left; else the search documents, after the rarest indexed word when its matches cost less than reading
 * every document of the tenant (a small tenant reads its documents even for a word in a few hundred names).
 */
export async function planSearch(db: Kysely<Database>, tenantUuid: string, search: string): Promise<SearchPlan> {
  if (!(await applyPendingNameSearch(db, tenantUuid))) return { reads: "names" };
  const rarest = await rarestIndexedWord(db, searchWords(search));
  if (!rarest) return { reads: "documents" };
  const worthDriving = rarest.matches * DOCUMENTS_PER_INDEX_MATCH + 1;
  return (await countDocuments(db, tenantUuid, worthDriving)) >= worthDriving ? { reads: "documents", drivingWord: rarest.word } : { reads: "documents" };
}

/**
 * A search is dense when at least one live opportunity in this many matches it. At benchmark scale L a page
 * sorted after reading its matches cost about 1.5 µs a match (150–300 ms for all 100,000), and a walk of
 * the created_at index about 0.2 µs an entry (20 ms for all of them), stopping once the page is full: at one
 * match in 20, a page of 50 is found within about 1,000 entries.
 */
export const LIVE_OPPORTUNITIES_PER_DENSE_MATCH = 20;

/** Whether `matches` (counted with every filter) are at least one in `LIVE_OPPORTUNITIES_PER_DENSE_MATCH` of `liveOpportunities`. */
export function matchesAreDense(matches: number, liveOpportunities: number): boolean {
  return matches > 0 && liveOpportunities <= matches * LIVE_OPPORTUNITIES_PER_DENSE_MATCH;
}

/**
 * The tenant's live opportunities, counted (about 15 ms for 100,000 at L: the store remembers the count
 * until the tenant's opportunities or links change).
 */
export async function countLiveOpportunities(db: Kysely<Database>, tenantUuid: string): Promise<number> {
  const { rows } = await sql<{ live: number }>`select count(*) as live from opportunities
    where tenant_uuid = ${tenantUuid} and deleted_at is null`.execute(db);
  return Number(rows[0]?.live ?? 0);
}
