/**
 * @module
 * English names of ISO 3166-2 subdivisions, from Unicode CLDR (cldr-subdivisions-full): "Bavaria" for DE-BY,
 * "England" for GB-ENG. Read from the package's file on first use, not at start-up, since only the state filters
 * need them.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** One subdivision's English name, as CLDR has it. */
export interface SubdivisionName {
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** Subdivision code without the country prefix, upper case ("BY"). */
  code: string;
  name: string;
}

interface CldrSubdivisionFile {
  subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
}

/**
 * CLDR marks some names with a footnote sign telling two alike apart ("Île-de-France²", "Aerodrom †"): the
 * name a user types has none.
 */
const withoutFootnoteSigns = (name: string) => name.replace(/[\u00b9\u00b2\u00b3\u2070-\u209f†‡*]+/gu, "").trim();

let loaded: ReadonlyMap<string, readonly SubdivisionName[]> | null = null;

/**
 * CLDR's English subdivision names by country code, read the first time they are asked for.
 * @example subdivisionNamesByCountry().get("DE")?.find((entry) => entry.code === "BY")?.name // "Bavaria"
 */
export function subdivisionNamesByCountry(): ReadonlyMap<string, readonly SubdivisionName[]> {
  loaded ??= readSubdivisionNames();
  return loaded;
}

function readSubdivisionNames(): Map<string, SubdivisionName[]> {
  // The other languages' files name only the countries of the United Kingdom, and hardly any other subdivision.
  const path = createRequire(import.meta.url).resolve("cldr-subdivisions-full/subdivisions/en/en.json");
  const content = JSON.parse(readFileSync(path, "utf8")) as CldrSubdivisionFile;
  const byCountry = new Map<string, SubdivisionName[]>();
  for (const [key, rawName] of Object.entries(content.subdivisions.localeDisplayNames.subdivisions)) {
    const name = withoutFootnoteSigns(rawName);
    if (key.length < 3 || !name) continue;
    const countryCode = key.slice(0, 2).toUpperCase();
    const entries = byCountry.get(countryCode) ?? [];
    entries.push({ countryCode, code: key.slice(2).toUpperCase(), name });
    byCountry.set(countryCode, entries);
  }
  return byCountry;
}
