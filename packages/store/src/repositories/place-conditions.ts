/**
 * @module
 * The place filters a list shares (companies, persons): its record's own `city` as a substring in any letter's case,
 * its stored `country` in any spelling of the resolved country, and its `state` as `stateMatches` reads it.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import type { StateCodeInCountry } from "../deal-store.js";
import { textContainsInAnyCase } from "./name-search.js";
import { stateMatches, storedIn } from "./state-match.js";

/** A list's place filters, resolved by the caller (spellings of a country, a state's names and codes). */
export interface PlaceFilters {
  city?: string | undefined;
  country_spellings?: readonly string[] | undefined;
  state_spellings?: readonly string[] | undefined;
  state_codes?: readonly StateCodeInCountry[] | undefined;
}

/**
 * The conditions, to AND, that the rows of `table` (its `city`, `state` and `country` columns) meet `filters`; none
 * for filters not given. Needs `registerFoldName` on the connection (the city's case folding).
 *
 * @example query.where(and(placeConditions("persons", { city: "munich", country_spellings: ["de", "germany"] })))
 */
export function placeConditions(table: "companies" | "persons", filters: PlaceFilters): Expression<SqlBool>[] {
  const column = (name: "city" | "state" | "country") => sql.ref(`${table}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (filters.city) conditions.push(textContainsInAnyCase(column("city"), filters.city));
  if (filters.country_spellings) conditions.push(storedIn(column("country"), filters.country_spellings));
  if (filters.state_spellings || filters.state_codes) {
    conditions.push(stateMatches({ state: column("state"), country: column("country") }, filters.state_spellings ?? [], filters.state_codes ?? []));
  }
  return conditions;
}
