import { describe, expect, it } from "vitest";
import { countrySpellings, resolveCountry, resolveLocationFilter, resolveStates, stateFilterSpellings } from "./resolve-location.js";

describe("resolveCountry", () => {
  it("reads names, aliases and both code forms, case-insensitively", () => {
    for (const text of ["United States", "united states of america", "USA", "us", "US"]) {
      expect(resolveCountry(text)?.code, text).toBe("US");
    }
    expect(resolveCountry("deu")).toMatchObject({ code: "DE", alpha3: "DEU", name: "Germany" });
    expect(resolveCountry("United Kingdom")?.code).toBe("GB");
  });

  it("reads a country's name in other languages, in any case, and not a name that is two countries", () => {
    const named: Array<[string, string]> = [["Deutschland", "DE"], ["Россия", "RU"], ["РОССИЯ", "RU"], ["日本", "JP"], ["Ελλάδα", "GR"], ["대한민국", "KR"], ["ישראל", "IL"], ["भारत", "IN"], ["Brasil", "BR"], ["Türkiye", "TR"], ["TÜRKİYE", "TR"]];
    for (const [text, code] of named) expect(resolveCountry(text)?.code, text).toBe(code);
    expect(resolveCountry("Deutschland")?.name).toBe("Germany");
    expect(resolveCountry("Конго")).toBeNull();
    expect(resolveCountry("Congo")?.code).toBe("CG");
  });

  it("returns null for what is not a country", () => {
    for (const text of ["Atlantis", "XX", "", "ZZZ"]) expect(resolveCountry(text), text).toBeNull();
  });
});

describe("resolveStates", () => {
  it("finds a subdivision by name anywhere, by code only within a country, and by US-CA", () => {
    expect(resolveStates("California", null)).toEqual([{ countryCode: "US", code: "CA", name: "California" }]);
    expect(resolveStates("ca", "US")).toEqual([{ countryCode: "US", code: "CA", name: "California" }]);
    expect(resolveStates("US-CA", null)).toEqual([{ countryCode: "US", code: "CA", name: "California" }]);
    expect(resolveStates("Bavaria", "US")).toEqual([]);
  });

  it("finds a subdivision by its full name written with or without accents", () => {
    expect(resolveStates("Québec", null)).toEqual([{ countryCode: "CA", code: "QC", name: "Quebec" }]);
    expect(resolveStates("sao paulo", "BR")).toEqual([{ countryCode: "BR", code: "SP", name: "São Paulo" }]);
    expect(resolveStates("Baden-Wurttemberg", null)).toEqual([{ countryCode: "DE", code: "BW", name: "Baden-Württemberg" }]);
    // The dataset's "Andalucìa" is found by the official "Andalucía".
    expect(resolveStates("Andalucía", "ES")).toMatchObject([{ countryCode: "ES", code: "AN" }]);
    expect(resolveStates("Sao Paolo", "BR")).toEqual([]);
  });
});

describe("resolveStates by CLDR's English names", () => {
  it("resolves an English name the dataset lacks to the dataset's subdivision", () => {
    expect(resolveStates("Bavaria", null)).toEqual([{ countryCode: "DE", code: "BY", name: "Bayern" }]);
    expect(resolveStates("north rhine-westphalia", "DE")).toEqual([{ countryCode: "DE", code: "NW", name: "Nordrhein-Westfalen" }]);
    expect(resolveStates("Lombardy", null)).toEqual([{ countryCode: "IT", code: "25", name: "Lombardia" }]);
    expect(resolveStates("Tuscany", "IT")).toEqual([{ countryCode: "IT", code: "52", name: "Toscana" }]);
    expect(resolveStates("Brittany", null)).toEqual([{ countryCode: "FR", code: "BRE", name: "Bretagne" }]);
    expect(resolveStates("Vienna", null)).toEqual([{ countryCode: "AT", code: "9", name: "Wien" }]);
  });

  it("resolves subdivisions the dataset lacks by name, code and prefixed code", () => {
    for (const [name, code] of [["England", "ENG"], ["Scotland", "SCT"], ["Wales", "WLS"], ["Northern Ireland", "NIR"]] as const) {
      expect(resolveStates(name, null)).toEqual([{ countryCode: "GB", code, name }]);
      expect(resolveStates(code, "GB")).toEqual([{ countryCode: "GB", code, name }]);
      expect(resolveStates(`GB-${code}`, null)).toEqual([{ countryCode: "GB", code, name }]);
    }
    expect(resolveStates("Catalonia", null)).toEqual([{ countryCode: "ES", code: "CT", name: "Catalonia" }]);
  });

  it("reads a name without CLDR's footnote signs and with either dash, and adds no second code for a name the dataset holds", () => {
    expect(resolveStates("Île-de-France", "FR")).toEqual([{ countryCode: "FR", code: "IDF", name: "Île-de-France" }]);
    expect(resolveStates("Friuli–Venezia Giulia", null)).toEqual([{ countryCode: "IT", code: "36", name: "Friuli-Venezia Giulia" }]);
    // CLDR also names its former FR-20R "Corse"; the dataset's FR-COR is the one.
    expect(resolveStates("Corse", null)).toEqual([{ countryCode: "FR", code: "COR", name: "Corse" }]);
    expect(resolveStates("Corsica", null)).toEqual([{ countryCode: "FR", code: "COR", name: "Corse" }]);
  });

  it("matches a stored value spelt with either name", () => {
    expect(stateFilterSpellings(resolveStates("Bavaria", null)).states).toEqual(["bayern", "bavaria", "de-by"]);
    expect(stateFilterSpellings(resolveStates("England", null)).states).toEqual(["england", "gb-eng"]);
  });
});

describe("resolveLocationFilter", () => {
  it("resolves a full name sent with accents the dataset leaves out, and matches the name spelt either way", () => {
    const { states } = resolveLocationFilter({ state: "Québec" });
    expect(stateFilterSpellings(states!).states).toEqual(["quebec", "ca-qc"]);
    const saoPaulo = resolveLocationFilter({ state: "Sao Paulo" });
    expect(stateFilterSpellings(saoPaulo.states!).states).toEqual(["são paulo", "sao paulo", "br-sp"]);
  });

  it("answers the spec's 400s", () => {
    expect(() => resolveLocationFilter({ country: "Atlantis" })).toThrow(/not a recognized country/);
    expect(() => resolveLocationFilter({ state: "CA" })).toThrow(/send country too/);
    expect(() => resolveLocationFilter({ state: "Nowhereland" })).toThrow(/does not resolve/);
    expect(() => resolveLocationFilter({ state: "Texas", country: "Germany" })).toThrow(/does not resolve in Germany/);
  });

  it("gives every spelling a stored value may use", () => {
    const { country, states } = resolveLocationFilter({ country: "usa", state: "ca" });
    expect(countrySpellings(country!)).toEqual(expect.arrayContaining(["us", "usa", "united states of america"]));
    expect(stateFilterSpellings(states!)).toEqual({ states: ["california", "us-ca"], state_codes: [{ code: "ca", countries: expect.arrayContaining(["us"]) }] });
  });

  it("keeps a bare state code to its own country, since the same letters name other subdivisions elsewhere", () => {
    const { states } = resolveLocationFilter({ state: "Washington" });
    const filter = stateFilterSpellings(states!);
    expect(filter.states).toEqual(["washington", "us-wa"]);
    expect(filter.state_codes).toEqual([{ code: "wa", countries: expect.arrayContaining(["us", "usa", "united states of america"]) }]);
    expect(filter.state_codes[0]!.countries).not.toContain("au");
  });

  it("gives a country's names in other languages, as the dataset writes them, but none naming another country", () => {
    expect(countrySpellings(resolveCountry("DE")!)).toEqual(expect.arrayContaining(["deutschland", "allemagne", "Германия", "ドイツ"]));
    expect(countrySpellings(resolveCountry("Россия")!)).toEqual(expect.arrayContaining(["ru", "russia", "Россия"]));
    expect(countrySpellings(resolveCountry("CD")!)).not.toContain("Конго");
  });

  it("keeps capitals other than A–Z, which SQLite's lower() keeps in the stored value", () => {
    expect(countrySpellings(resolveCountry("AX")!)).toEqual(expect.arrayContaining(["ax", "ala", "Åland islands"]));
    expect(countrySpellings(resolveCountry("AX")!)).not.toContain("åland islands");
  });
});
