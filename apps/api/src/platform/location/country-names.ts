/**
 * @module
 * Countries' names in the languages i18n-iso-countries ships (78, from Afrikaans to Chinese): "Deutschland", "Россия",
 * "日本", "Ελλάδα" name Germany, Russia, Japan and Greece, for a filter typed, or a value stored, in the country's own
 * language or another. Read on first use.
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import countries from "i18n-iso-countries";

/** How a name compares: composed (NFC) and in lower case, every letter's (Turkish "İ" as "i", not "i" and a dot). */
const nameKey = (name: string) => name.trim().normalize("NFC").replaceAll("İ", "I").toLowerCase();

interface CountryNames {
  /** The alpha-2 code a name (`nameKey`) gives, for the names that give one country alone. */
  codeByName: ReadonlyMap<string, string>;
  /** Every language's names of each alpha-2 code, those naming another country in some language left out. */
  namesByCode: ReadonlyMap<string, readonly string[]>;
}

let built: CountryNames | null = null;

function countryNames(): CountryNames {
  if (built) return built;
  const require = createRequire(import.meta.url);
  const folder = dirname(require.resolve("i18n-iso-countries/langs/en.json"));
  const codesByName = new Map<string, Set<string>>();
  const names = new Map<string, Set<string>>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".json"))) {
    const locale = require(join(folder, file)) as countries.LocaleData;
    countries.registerLocale(locale);
    for (const [code, spellings] of Object.entries(countries.getNames(locale.locale, { select: "all" }))) {
      for (const spelling of spellings) {
        const key = nameKey(spelling);
        codesByName.set(key, (codesByName.get(key) ?? new Set()).add(code));
        names.set(code, (names.get(code) ?? new Set()).add(spelling.trim().normalize("NFC")));
      }
    }
  }
  // "Конго" is both Congos, "Kongo" too: a name that is two countries names neither.
  const unique = (spelling: string) => codesByName.get(nameKey(spelling))?.size === 1;
  built = {
    codeByName: new Map([...codesByName].filter(([, codes]) => codes.size === 1).map(([key, codes]) => [key, [...codes][0]!])),
    namesByCode: new Map([...names].map(([code, spellings]) => [code, [...spellings].filter(unique)])),
  };
  return built;
}

/**
 * The alpha-2 code of the country `name` names in one of the languages, any letter's case aside, or undefined (a name
 * no language has, or one naming two countries).
 *
 * @example countryCodeByName("Deutschland") // "DE"
 */
export function countryCodeByName(name: string): string | undefined {
  return countryNames().codeByName.get(nameKey(name));
}

/**
 * Every language's names of the country `code` (alpha-2), as the dataset writes them: "Deutschland", "Allemagne",
 * "Германия" for DE.
 */
export function countryNamesIn(code: string): readonly string[] {
  return countryNames().namesByCode.get(code.toUpperCase()) ?? [];
}
