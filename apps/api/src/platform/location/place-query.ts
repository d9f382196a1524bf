/**
 * @module
 * The `city`, `country` and `state` query parameters of a list filtered by its records' own place (companies,
 * persons), and their resolution into the store's filters (the spec's 400s for what does not resolve).
 */
import type { StateCodeInCountry } from "@rapport/store";
import { filterText } from "../request/field-schemas.js";
import { MAX_FILTER_TEXT_LENGTH, MAX_PLACE_FILTER_LENGTH } from "../request/field-limits.js";
import { countrySpellings, resolveLocationFilter, stateFilterSpellings } from "./resolve-location.js";

const placeText = (maximum: number, description: string) => filterText(maximum).optional().describe(description);

/** The three parameters, described for `records` ("companies", "persons"). */
export function placeQueryParameters(records: string) {
  return {
    city: placeText(MAX_FILTER_TEXT_LENGTH, "City: Case-insensitive substring (any letter's case; accents count)."),
    country: placeText(
      MAX_PLACE_FILTER_LENGTH,
      `Country by name or ISO 3166-1 code (alpha-2 or alpha-3); matches ${records} whose country is stored in any spelling of it. 400 when unrecognized.`,
    ),
    state: placeText(MAX_PLACE_FILTER_LENGTH, "State by name, or by ISO 3166-2 code together with country (a two-letter code alone is a 400). Matches any stored spelling."),
  };
}

/** The store's place filters for the parsed parameters; throws the 400s of `resolveLocationFilter`. */
export function placeFilters(query: { city?: string | undefined; country?: string | undefined; state?: string | undefined }): {
  city: string | undefined;
  country_spellings: string[] | undefined;
  state_spellings: string[] | undefined;
  state_codes: StateCodeInCountry[] | undefined;
} {
  const location = resolveLocationFilter({ country: query.country, state: query.state });
  const state = location.states ? stateFilterSpellings(location.states) : undefined;
  return {
    city: query.city,
    country_spellings: location.country ? countrySpellings(location.country) : undefined,
    state_spellings: state?.states,
    state_codes: state?.state_codes,
  };
}
