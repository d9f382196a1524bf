/**
 * @module
 * Country and state (ISO 3166-1 / 3166-2) resolution for the location filters, from maintained
 * datasets: i18n-iso-countries for country names and codes, country-region-data for subdivisions, with
 * Unicode CLDR's names for them (English, where the dataset has a local name: "Bavaria" for Bayern).
 * The results list every spelling a stored record may use, so filters match "CA" and "California".
 */
import { allCountries } from "country-region-data";
import countries from "i18n-iso-countries";
import { sqliteLower, type StateCodeInCountry } from "@rapport/store";
import { badRequest } from "../errors/api-error.js";
import { countryCodeByName, countryNamesIn } from "./country-names.js";
import { subdivisionNamesByCountry } from "./subdivision-names.js";

export interface ResolvedCountry {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  alpha3: string;
  name: string;
}

export interface ResolvedState {
  countryCode: string;
  /** Subdivision code without the country prefix ("CA"). */
  code: string;
  name: string;
}

const fold = (text: string) => text.trim().toLowerCase();
/** `text` without its accents ("Québec" as "Quebec"): the dataset spells some names without theirs, some with others' ("Andalucìa"). */
const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
const sqliteFold = (text: string) => sqliteLower(text.trim());

/**
 * A country from its name (English, common aliases; else a name in another of i18n-iso-countries' languages:
 * "Deutschland", "Россия", "日本") or its alpha-2 / alpha-3 code; null if none.
 */
export function resolveCountry(text: string): ResolvedCountry | null {
  const value = text.trim();
  if (!value) return null;
  let code: string | undefined;
  if (/^[a-z]{2}$/i.test(value) && countries.isValid(value.toUpperCase())) code = value.toUpperCase();
  else if (/^[a-z]{3}$/i.test(value)) code = countries.alpha3ToAlpha2(value.toUpperCase());
  code ??= countries.getSimpleAlpha2Code(value, "en") ?? countries.getAlpha2Code(value, "en") ?? countryCodeByName(value);
  if (!code) return null;
  const name = countries.getName(code, "en");
  const alpha3 = countries.alpha2ToAlpha3(code);
  return name && alpha3 ? { code, alpha3, name } : null;
}

type RegionRow = readonly [string, string];
type CountryRow = readonly [string, string, readonly RegionRow[]];
const regionsByCountry = new Map<string, readonly RegionRow[]>(
  (allCountries as unknown as CountryRow[]).map(([, code, regions]) => [code.toUpperCase(), regions]),
);

/** How a subdivision's name compares: case, accents and the dash's kind aside (CLDR's "Friuli–Venezia Giulia"). */
const nameKey = (text: string) => withoutAccents(fold(text)).replace(/[\u2010-\u2015]/gu, "-");

interface Subdivision {
  code: string;
  /** The dataset's name, or CLDR's English one for a subdivision the dataset does not hold (England). */
  name: string;
  /** Every name it resolves by: the dataset's, then CLDR's. */
  names: string[];
  keys: Set<string>;
}

let subdivisions: ReadonlyMap<string, readonly Subdivision[]> | null = null;

/**
 * The dataset's subdivisions with CLDR's names added, and CLDR's subdivisions the dataset lacks (the countries of the
 * United Kingdom, Catalonia), built on the first state filter. A CLDR code the dataset lacks under a name the dataset
 * gives another code (CLDR's former FR-20R "Corse") adds nothing: the name already resolves.
 */
function subdivisionsByCountry(): ReadonlyMap<string, readonly Subdivision[]> {
  if (subdivisions) return subdivisions;
  const built = new Map<string, Subdivision[]>();
  const cldr = subdivisionNamesByCountry();
  for (const country of new Set([...regionsByCountry.keys(), ...[...cldr.keys()].filter((code) => countries.isValid(code))])) {
    const entries: Subdivision[] = (regionsByCountry.get(country) ?? []).map(([name, code]) => ({ code, name, names: [name], keys: new Set([nameKey(name)]) }));
    const byCode = new Map(entries.map((entry) => [entry.code.toUpperCase(), entry]));
    const added: Subdivision[] = [];
    for (const { code, name } of cldr.get(country) ?? []) {
      const known = byCode.get(code);
      if (known && !known.names.includes(name)) {
        known.names.push(name);
        known.keys.add(nameKey(name));
      } else if (!known && !entries.some((entry) => entry.keys.has(nameKey(name)))) {
        added.push({ code, name, names: [name], keys: new Set([nameKey(name)]) });
      }
    }
    built.set(country, [...entries, ...added]);
  }
  subdivisions = built;
  return built;
}

/**
 * Subdivisions named `text`: within `countryCode` when given (by name or code; "US-CA" also
 * works), otherwise by full name across all countries (a name may exist in several). Names compare
 * without their accents, so "Québec" and "Sao Paulo" name Quebec and São Paulo, and a name may be the
 * dataset's or CLDR's ("Bavaria" and "Bayern" both name DE-BY; "England" GB-ENG).
 */
export function resolveStates(text: string, countryCode: string | null): ResolvedState[] {
  const value = fold(text);
  if (!value) return [];
  const key = nameKey(value);
  const prefixed = /^([a-z]{2})-([a-z0-9]{1,3})$/i.exec(text.trim());
  if (prefixed) {
    const [, country, code] = prefixed;
    if (countryCode && country!.toUpperCase() !== countryCode) return [];
    return resolveStates(code!, country!.toUpperCase());
  }
  const matches: ResolvedState[] = [];
  const all = subdivisionsByCountry();
  const search = countryCode ? [[countryCode, all.get(countryCode) ?? []] as const] : [...all];
  for (const [country, entries] of search) {
    for (const { name, code, keys } of entries) {
      const byCode = countryCode !== null && fold(code) === value;
      if (keys.has(key) || byCode) matches.push({ countryCode: country, code, name });
    }
  }
  return matches;
}

/** Every name of a resolved subdivision: its own, then CLDR's others. */
const namesOf = (state: ResolvedState): string[] =>
  subdivisionsByCountry().get(state.countryCode)?.find((entry) => entry.code === state.code)?.names ?? [state.name];

export interface LocationFilter {
  country: ResolvedCountry | null;
  states: ResolvedState[] | null;
}

/**
 * Resolves the `country` and `state` filter values, or throws the spec's 400s: an unrecognized
 * country; a state code without a country; a state that does not resolve.
 */
export function resolveLocationFilter(input: { country?: string | undefined; state?: string | undefined }): LocationFilter {
  let country: ResolvedCountry | null = null;
  if (input.country !== undefined) {
    country = resolveCountry(input.country);
    if (!country) throw badRequest(`country '${input.country}' is not a recognized country name or ISO 3166-1 code`);
  }
  let states: ResolvedState[] | null = null;
  if (input.state !== undefined) {
    const isBareCode = /^[a-z0-9]{2,3}$/i.test(input.state.trim()) && !/^[a-z]{2}-/i.test(input.state.trim());
    if (isBareCode && !country) {
      throw badRequest(`state '${input.state}' looks like an ISO 3166-2 code: send country too, or the state's full name`);
    }
    states = resolveStates(input.state, country?.code ?? null);
    if (states.length === 0) {
      throw badRequest(
        `state '${input.state}' does not resolve${country ? ` in ${country.name}` : ""}: use a subdivision's full name or, with country, its ISO 3166-2 code`,
      );
    }
  }
  return { country, states };
}

/**
 * The spellings a stored `country` value may have for this country, with their capitals: the store folds
 * the case of A–Z as SQLite's `lower()` does ("Åland Islands" must stay "Åland islands", not "åland islands").
 * Its names in other languages too ("Deutschland", "Россия"), as the dataset writes them.
 */
export const countrySpellings = (country: ResolvedCountry): string[] => {
  const english = countries.getNames("en", { select: "all" })[country.code] ?? [];
  return [...new Set([country.code, country.alpha3, country.name, ...english, ...countryNamesIn(country.code)].map(sqliteFold))];
};

/**
 * The state filter for these subdivisions, as a stored value may spell them: `states` name a subdivision in any
 * country (its names, the dataset's and CLDR's, with and without accents; `US-WA`), and `state_codes` hold its bare code, which names it only in its own country
 * ("WA" is Washington in the United States and Western Australia in Australia). Folded as `countrySpellings`.
 */
export function stateFilterSpellings(states: readonly ResolvedState[]): { states: string[]; state_codes: StateCodeInCountry[] } {
  const countryOf = (code: string) => {
    const country = resolveCountry(code);
    return country ? countrySpellings(country) : [sqliteFold(code)];
  };
  return {
    states: [
      ...new Set(
        states.flatMap((state) => [...namesOf(state).flatMap((name) => [name, withoutAccents(name)]), `${state.countryCode}-${state.code}`].map(sqliteFold)),
      ),
    ],
    state_codes: states.map((state) => ({ code: sqliteFold(state.code), countries: countryOf(state.countryCode) })),
  };
}
