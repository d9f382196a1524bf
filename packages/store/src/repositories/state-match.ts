/**
 * @module
 * The state filter of the company and opportunity lists: a subdivision's full name or `US-WA` code names it in any
 * country; its bare code names it only in its own country ("WA" is Washington in the United States and Western
 * Australia in Australia).
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { StateCodeInCountry } from "../deal-store.js";
import { sqliteLower } from "../normalize.js";
import { rawInList } from "../sqlite/long-in-lists.js";
import { and, or } from "./sql-logic.js";

/** The stored value of `column`, trimmed, is one of `spellings`, ignoring the case of A–Z. */
export const storedIn = (column: RawBuilder<unknown>, spellings: readonly string[]): RawBuilder<SqlBool> =>
  rawInList(sql`lower(trim(${column}))`, spellings.map((spelling) => sqliteLower(spelling.trim())));

/**
 * The record's `state` is one of `spellings`, or one of the bare `codes`, each only where the record's `country` is
 * that code's country (one of its spellings) or is not stored.
 */
export function stateMatches(
  columns: { state: RawBuilder<unknown>; country: RawBuilder<unknown> },
  spellings: readonly string[],
  codes: readonly StateCodeInCountry[],
): Expression<SqlBool> {
  const countryUnknown = sql<SqlBool>`(${columns.country} is null or trim(${columns.country}) = '')`;
  return or([
    ...(spellings.length > 0 ? [storedIn(columns.state, spellings)] : []),
    ...codes.map(({ code, countries }) => and([storedIn(columns.state, [code]), or([countryUnknown, storedIn(columns.country, countries)])])),
  ]);
}
