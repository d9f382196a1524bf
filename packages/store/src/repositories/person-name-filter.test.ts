/**
 * The person list's `name` filter: every word in the person's name, A–Z case folded as `lower()` folds it,
 * combined with the other filters, sorts and pages; through the name index for a word of three characters or
 * more (a just-created person's pending note applied first), and the same persons as a plain substring match.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { sqliteLower } from "../normalize.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Person } from "../records.js";
import type { PersonListFilters, PersonListRequest, Store } from "../store.js";
import { readDuring } from "../testing/sqlite-plans.js";
import { foldName } from "./fold-name.js";
import { NAME_NOTES_PER_SEARCH } from "./name-search-notes.js";
import { nameWords } from "./name-words.js";
import { fuzzyNameRanking } from "./person-fuzzy-names.js";

let store: Store;
let tenantUuid: string;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 21, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 50 };

function list(filters: PersonListFilters, options: Partial<PersonListRequest> = {}, tenant = tenantUuid) {
  return store.persons.list(tenant, { ...firstPage, filters, sort_by: "name", order: "asc", ...options });
}

async function names(filters: PersonListFilters, options: Partial<PersonListRequest> = {}, tenant = tenantUuid): Promise<string[]> {
  return (await list(filters, options, tenant)).rows.map((person) => person.name);
}

const create = async (name: string, tenant = tenantUuid) => store.persons.create({ tenant_uuid: tenant, name });

/** Whether `run` read the persons' name index. */
async function readsNameIndex(run: () => Promise<unknown>): Promise<boolean> {
  return (await readDuring(run)).some((source) => source.includes("person_name_search"));
}

describe("the person list's name filter", () => {
  it("needs every word somewhere in the name, in any order and any case of A–Z", async () => {
    for (const name of ["Jordan Blake", "Blake Jordan", "Jordan M. Blake", "Jordana Blakely", "Jordan Smith", "Casey Blake"]) await create(name);
    expect(await names({ name: "jordan blake" })).toEqual(["Blake Jordan", "Jordan Blake", "Jordan M. Blake", "Jordana Blakely"]);
    expect(await names({ name: "  BLAKE  " })).toEqual(["Blake Jordan", "Casey Blake", "Jordan Blake", "Jordan M. Blake", "Jordana Blakely"]);
    expect(await names({ name: "jordana" })).toEqual(["Jordana Blakely"]);
    expect(await names({ name: "an sm" })).toEqual(["Jordan Smith"]);
    expect(await names({ name: "Jordan Quincy" })).toEqual([]);
  });

  it("finds letters other than A–Z in lower case, upper case or capitalised, and takes LIKE's wildcards literally", async () => {
    for (const name of ["Émile Ørsted", "émile Zola", "ZOË KRAVITZ", "Zoë Saldana", "Иван Петров", "Łukasz Kowalski", "Ann_Lee", "Ann Lee", "100% Ada"]) await create(name);
    for (const text of ["Émile", "ÉMILE", "émile", "éMILE"]) expect(await names({ name: text }), text).toEqual(["Émile Ørsted", "émile Zola"]);
    for (const text of ["zoë", "ZOË", "Zoë"]) expect(await names({ name: text }), text).toEqual(["Zoë Saldana", "ZOË KRAVITZ"].sort());
    expect(await names({ name: "иван" })).toEqual(["Иван Петров"]);
    expect(await names({ name: "ИВАН ПЕТРОВ" })).toEqual(["Иван Петров"]);
    expect(await names({ name: "łukasz" })).toEqual(["Łukasz Kowalski"]);
    expect(await names({ name: "ørsted" })).toEqual(["Émile Ørsted"]);
    expect(await names({ name: "orsted" })).toEqual(["Émile Ørsted"]);
    // A word in none of those forms is found as written.
    await create("ŁóDŹ Works");
    expect(await names({ name: "ŁóDŹ" })).toEqual(["ŁóDŹ Works"]);
    // Under three characters no index is read: every name is, with the same test.
    expect(await names({ name: "zo ë" })).toEqual(["émile Zola", "ZOË KRAVITZ", "Zoë Saldana"]);
    expect(await names({ name: "n_l" })).toEqual(["Ann_Lee"]);
    expect(await names({ name: "0% ada" })).toEqual(["100% Ada"]);
  });

  it("ignores accents and the punctuation inside names, in the text and in the name, with the index and without", async () => {
    const people = ["José Müller", "Jose Muller", "Łukasz Kowalski", "Zoë Saldana", "Conan O'Brien", "Anne-Marie Straße", "Søren Æbelø", "Иван Йорк", "Zeta Bravo"];
    for (const name of people) await create(name);
    const finds = async (text: string, expected: string[]) => {
      const read = async () => expect(await names({ name: text }), text).toEqual([...expected].sort());
      return readsNameIndex(read);
    };
    expect(await finds("jose", ["José Müller", "Jose Muller"])).toBe(true);
    expect(await finds("JOSÉ müller", ["José Müller", "Jose Muller"])).toBe(true);
    expect(await finds("lukasz", ["Łukasz Kowalski"])).toBe(true);
    expect(await finds("zoe", ["Zoë Saldana"])).toBe(true);
    expect(await finds("obrien", ["Conan O'Brien"])).toBe(true);
    expect(await finds("annemarie strasse", ["Anne-Marie Straße"])).toBe(true);
    expect(await finds("soren aebelo", ["Søren Æbelø"])).toBe(true);
    // Other scripts keep their letters, their accents dropped as in Latin ("й" is "и").
    expect(await finds("иорк", ["Иван Йорк"])).toBe(true);
    // Words under three characters read every name, folded alike.
    expect(await finds("zo e", ["Zoë Saldana"])).toBe(false);
    expect(await finds("ob", ["Conan O'Brien"])).toBe(false);
    expect(await finds("łu", ["Łukasz Kowalski"])).toBe(false);
  });

  it("drops Arabic and Hebrew vowel points, not the vowel signs of Indic scripts, Thai's marks or kana's voicing, with the index and without", async () => {
    const people = ["प्रिया शर्मा", "राम वर्मा", "रमा देवी", "محمد العلي", "דוד כהן", "สมชาย ใจดี", "สมชิต ใจดี", "ガク カトウ", "カク サトウ"];
    for (const name of people) await create(name);
    const finds = async (text: string, expected: string[]) => {
      const read = async () => expect(await names({ name: text }), text).toEqual([...expected].sort());
      return readsNameIndex(read);
    };
    // "Ram" is not "Rama" nor in "Sharma": a vowel sign writes another syllable.
    expect(await finds("राम", ["राम वर्मा"])).toBe(false);
    expect(await finds("रमा", ["रमा देवी"])).toBe(false);
    expect(await finds("वर्मा", ["राम वर्मा"])).toBe(true);
    expect(await finds("शर्मा प्रिया", ["प्रिया शर्मा"])).toBe(true);
    expect(await finds("مُحَمَّد", ["محمد العلي"])).toBe(true);
    expect(await finds("דָּוִד", ["דוד כהן"])).toBe(true);
    expect(await finds("สมชาย", ["สมชาย ใจดี"])).toBe(true);
    expect(await finds("ガク", ["ガク カトウ"])).toBe(false);
    expect(await finds("カトウ", ["ガク カトウ"])).toBe(true);
  });

  it("splits the text at punctuation as at white space: hyphens, apostrophes, initials and commas", async () => {
    for (const name of ["Anna Smith-Jones", "Anna Smith Jones", "Conan O'Brien", "Pat O Brien", "John Smith", "Smith, John", "Jane Doe"]) await create(name);
    expect(await names({ name: "smith-jones" })).toEqual(["Anna Smith Jones", "Anna Smith-Jones"]);
    expect(await names({ name: "O'Brien" })).toEqual(["Conan O'Brien", "Pat O Brien"]);
    // An initial is a word as any other: anywhere in the name, "Jones" holds it too.
    expect(await names({ name: "J. Smith" })).toEqual(["Anna Smith Jones", "Anna Smith-Jones", "John Smith", "Smith, John"]);
    expect(await names({ name: "Smith, John" })).toEqual(["John Smith", "Smith, John"]);
    expect(await names({ name: "..." })).toEqual([]);
  });

  it("says whether the names held every word or the fuzzy retry found them, in its order and in a sort, and nothing without a name", async () => {
    for (const name of ["Jordan Blake", "Dana Moss"]) await store.persons.create({ tenant_uuid: tenantUuid, name });
    expect((await list({ name: "jordan blake" })).nameMatch).toBe("exact");
    expect((await list({ name: "jordon blak" })).nameMatch).toBe("fuzzy");
    expect((await list({ name: "jordon blak" }, { sort_by: undefined })).nameMatch).toBe("fuzzy");
    expect((await list({ name: "qqqq zzzz" })).nameMatch).toBe("fuzzy");
    expect((await list({})).nameMatch).toBeUndefined();
  });

  it("finds an email address given as the name among the persons' addresses, marked email, with the other filters, never another tenant's", async () => {
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Jordan Blake", emails: ["jordan@acme.example"] });
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Dana Moss", emails: ["dana@acme.example", "jordan.b@acme.example"] });
    await store.persons.create({ tenant_uuid: tenantUuid, emails: ["nameless@acme.example"] });
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    await store.persons.create({ tenant_uuid: other, name: "Casey Other", emails: ["casey@other.example"] });
    const found = async (filters: PersonListFilters, tenant = tenantUuid) => {
      const page = await list(filters, {}, tenant);
      return { names: page.rows.map((person) => person.name), nameMatch: page.nameMatch };
    };
    expect(await found({ name: "Jordan@ACME.example" })).toEqual({ names: ["Jordan Blake"], nameMatch: "email" });
    expect(await found({ name: "mailto:jordan.b@acme.example" })).toEqual({ names: ["Dana Moss"], nameMatch: "email" });
    expect(await found({ name: "jordan@acme.example", city: "Boston" })).toEqual({ names: [], nameMatch: "email" });
    // Exact, not fuzzy: a misspelt address finds nobody.
    expect(await found({ name: "jordn@acme.example" })).toEqual({ names: [], nameMatch: "email" });
    expect(await found({ name: "casey@other.example" })).toEqual({ names: [], nameMatch: "email" });
    expect(await found({ name: "casey@other.example" }, other)).toEqual({ names: ["Casey Other"], nameMatch: "email" });
    // A person named by their address holds it in the name: found as before.
    expect(await found({ name: "nameless@acme.example" })).toEqual({ names: ["nameless@acme.example"], nameMatch: "exact" });
  });

  it("refuses text without a word", async () => {
    await expect(list({ name: " \t " })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(list({ name: "" })).rejects.toThrow(/"name" must hold at least one word/);
  });

  it("combines with uuids and modified_since, and counts only the matches", async () => {
    const jordan = await create("Jordan Blake");
    const since = clock + 1;
    const later = await create("Jordan Later");
    await create("Morgan Later");
    expect((await list({ name: "jordan" })).total).toBe(2);
    expect(await names({ name: "jordan", modified_since: since })).toEqual(["Jordan Later"]);
    expect(await names({ name: "later", uuids: [jordan.uuid, later.uuid] })).toEqual(["Jordan Later"]);
    expect(await names({ name: "jordan", uuids: [] })).toEqual([]);
  });

  it("pages matches in every sort, both ways, by offset and by cursor", async () => {
    for (const name of ["Avery Lane", "Lane Cole", "Blair Lane", "Dana Moss", "Ellis Lane", "Lanette Fox"]) await create(name);
    const lanes = ["Avery Lane", "Blair Lane", "Ellis Lane", "Lane Cole", "Lanette Fox"];
    for (const sort_by of ["name", "created_at", "service_updated_at"] as const) {
      for (const order of ["asc", "desc"] as const) {
        const all = (await list({ name: "lane" }, { sort_by, order })).rows.map((person) => person.name);
        expect([...all].sort()).toEqual(lanes);
        if (sort_by === "name") expect(all).toEqual(order === "asc" ? lanes : [...lanes].reverse());
        const byOffset: string[] = [];
        for (let offset = 0; offset < 5; offset += 2) {
          const page = await list({ name: "lane" }, { sort_by, order, position: { kind: "offset", offset }, limit: 2 });
          expect(page.total).toBe(5);
          byOffset.push(...page.rows.map((person) => person.name));
        }
        expect(byOffset).toEqual(all);
        const byCursor: string[] = [];
        let page = await list({ name: "lane" }, { sort_by, order, limit: 2 });
        byCursor.push(...page.rows.map((person) => person.name));
        while (page.hasMore) {
          page = await list({ name: "lane" }, { sort_by, order, limit: 2, position: { kind: "after", key: page.lastKey! } });
          byCursor.push(...page.rows.map((person) => person.name));
        }
        expect(byCursor).toEqual(all);
      }
    }
  });

  it("never finds another tenant's persons, nor deleted or merged ones", async () => {
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    await create("Quinn Harper", other);
    const kept = await create("Quinn Harper");
    const merged = await create("Quinn Harper Duplicate");
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: kept.uuid, superseded_uuid: merged.uuid, preview: false, merged_by_user_uuid: null });
    const erased = await create("Quinn Erased");
    await store.persons.erase(tenantUuid, erased.uuid);
    expect((await list({ name: "quinn" })).rows.map((person) => person.uuid)).toEqual([kept.uuid]);
    expect(await names({ name: "qu" })).toEqual(["Quinn Harper"]);
    expect(await names({ name: "quinn" }, {}, other)).toEqual(["Quinn Harper"]);
  });

  it("finds a just-created or renamed person at once through the name index", async () => {
    const riley = await create("Riley Stone");
    expect(await readsNameIndex(async () => expect(await names({ name: "riley" })).toEqual(["Riley Stone"]))).toBe(true);
    await create("Riley Brook");
    await store.persons.update(tenantUuid, riley.uuid, { name: "Sasha Stone" });
    expect(await readsNameIndex(async () => expect(await names({ name: "riley" })).toEqual(["Riley Brook"]))).toBe(true);
    expect(await names({ name: "sasha stone" })).toEqual(["Sasha Stone"]);
    // Words under three characters cannot be looked up: every name of the tenant is read.
    expect(await readsNameIndex(async () => expect(await names({ name: "sa st" })).toEqual(["Sasha Stone"]))).toBe(false);
  });

  it("reads every name while the tenant has more pending name notes than a search applies, and indexes them in turns", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rapport-person-name-filter-"));
    const path = join(folder, "bulk.db");
    await store.close();
    store = await createSqliteStore({ path });
    const sqlite = new SqliteDatabase(path);
    try {
      const bulk = (await store.tenants.create({ name: "Bulk", tier: "standard" })).uuid;
      // An import's worth of persons written straight into the file (one note each), then one through the store.
      const insert = sqlite.prepare("insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values (?, ?, ?, 1, 1)");
      sqlite.transaction(() => {
        for (let index = 0; index < NAME_NOTES_PER_SEARCH; index++) insert.run(`${bulk}-filler-${index}`, bulk, `Filler ${index}`);
      })();
      await create("Zanzibar Quokka", bulk);
      const pending = () => (sqlite.prepare("select count(*) as notes from name_search_pending where tenant_uuid = ?").get(bulk) as { notes: number }).notes;
      const before = pending();
      expect(await readsNameIndex(async () => expect(await names({ name: "quokka" }, {}, bulk)).toEqual(["Zanzibar Quokka"]))).toBe(false);
      expect(pending()).toBe(before - NAME_NOTES_PER_SEARCH);
      expect(await readsNameIndex(async () => expect(await names({ name: "quokka" }, {}, bulk)).toEqual(["Zanzibar Quokka"]))).toBe(true);
      expect(pending()).toBe(0);
    } finally {
      sqlite.close();
      await store.close();
      store = await createSqliteStore({ path: ":memory:" });
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the name filter's index", () => {
  // Letters A–Z fold in any case and others in their lower, upper or capitalised forms, a vowel sign the index drops
  // and a search keeps, LIKE's wildcards and escape, the index's quote, and spaces, hyphens and apostrophes between words.
  const letter = fc.constantFrom("a", "B", "b", "c", "é", "É", "ß", "Σ", "σ", "%", "_", "\\", '"', " ", "-", "'", "र", "ा", "म");
  const nameArbitrary = fc.string({ unit: letter, minLength: 1, maxLength: 10 }).filter((name) => name.trim().length > 0);
  const contains = (name: string, text: string) =>
    nameWords(text).every((word) => (foldName(word) === "" ? sqliteLower(name).includes(sqliteLower(word)) : foldName(name).includes(foldName(word))));

  it("finds exactly the persons a plain substring match of every word finds, else those the fuzzy retry finds", async () => {
    let indexedTexts = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(nameArbitrary, { minLength: 1, maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 4 }),
        fc.array(fc.string({ unit: letter, minLength: 1, maxLength: 6 }), { maxLength: 2 }),
        async (personNames, cuts, freeTexts) => {
          const tenant = (await store.tenants.create({ name: "Property", tier: "standard" })).uuid;
          const other = (await store.tenants.create({ name: "Elsewhere", tier: "standard" })).uuid;
          // As stored: a name is trimmed.
          const stored: string[] = [];
          for (const name of personNames) {
            stored.push((await create(name, tenant)).name);
            await create(name, other);
          }
          const cutTexts = cuts.map(([which, start, length]) => {
            const characters = [...stored[which % stored.length]!];
            const from = start % characters.length;
            return characters.slice(from, from + length + 2).join("");
          });
          for (const text of [...cutTexts, ...freeTexts].filter((text) => text.trim().length > 0)) {
            const exact = stored.filter((name) => contains(name, text)).sort();
            // Nobody matching, the fuzzy retry lists the names closest to the text instead: those holding a word with
            // each word's first letter, or when none of them is close, the others.
            const close = stored.filter((name) => fuzzyNameRanking([{ uuid: "x", name }], text).length > 0);
            const textWords = nameWords(text).map((word) => foldName(word)).filter(Boolean);
            const sameInitials = close.filter((name) => textWords.every((word) => nameWords(name).some((part) => foldName(part)[0] === word[0])));
            const fuzzy = sameInitials.length > 0 ? sameInitials : close;
            const expected = exact.length > 0 ? exact : fuzzy.sort();
            let found: Person[] = [];
            const read = async () => {
              found = (await store.persons.list(tenant, { ...firstPage, limit: 100, filters: { name: text }, sort_by: "created_at", order: "asc" })).rows;
            };
            if (await readsNameIndex(read)) indexedTexts++;
            expect(found.map((person) => person.name).sort(), JSON.stringify(text)).toEqual(expected);
            expect(found.every((person) => person.tenant_uuid === tenant)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
    // Most texts cut from the names hold a word of three characters or more: the index found their persons.
    expect(indexedTexts).toBeGreaterThan(20);
  }, 60_000);
});

describe("the name filter's folding of case, accents and punctuation", () => {
  // Cased letters in and out of A–Z and a caseless one, with and without accents; each word of a name written lower
  // case, upper case or capitalised, as names are, words apart by a space, a hyphen or an apostrophe.
  const letter = fc.constantFrom("a", "B", "e", "é", "É", "ø", "Ø", "o", "ж", "Ж", "й", "λ", "Λ", "ł", "Ł", "l", "ß", "s", "ü", "u", "李");
  const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  const wordForms = [(word: string) => word.toLowerCase(), (word: string) => word.toUpperCase(), capitalised];
  const nameArbitrary = fc
    .array(fc.tuple(fc.string({ unit: letter, minLength: 1, maxLength: 5 }), fc.constantFrom(...wordForms), fc.constantFrom(" ", "-", "'")), {
      minLength: 1,
      maxLength: 3,
    })
    .map((words) => words.map(([word, form, separator], index) => (index === 0 ? "" : separator) + form(word)).join(""));
  const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");
  const caseChanges = [(text: string) => text.toLowerCase(), (text: string) => text.toUpperCase(), capitalised, withoutAccents, (text: string) => withoutAccents(text).toUpperCase()];

  it("finds the same persons whatever the case and accents of the text, every person holding the text as written among them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(nameArbitrary, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 6 }),
        async (people, which, start, length) => {
          const tenant = (await store.tenants.create({ name: "Property", tier: "standard" })).uuid;
          for (const name of people) await create(name, tenant);
          const source = people[which % people.length]!;
          const characters = [...source];
          const from = start % characters.length;
          const cut = characters.slice(from, from + length).join("");
          if (nameWords(cut).length === 0) return;
          const found = async (text: string) =>
            (await store.persons.list(tenant, { ...firstPage, limit: 100, filters: { name: text }, sort_by: "created_at", order: "asc" })).rows.map(
              (person) => person.uuid,
            );
          const expected = await found(cut);
          for (const caseChange of caseChanges) expect(await found(caseChange(cut)), JSON.stringify(caseChange(cut))).toEqual(expected);
          // Folding never loses an exact match: every person whose name holds the text as written is found.
          const exact = (await store.persons.list(tenant, { ...firstPage, limit: 100, filters: {}, sort_by: "created_at", order: "asc" })).rows
            .filter((person) => person.name.includes(cut.trim()))
            .map((person) => person.uuid);
          expect(exact.length, JSON.stringify({ cut, source })).toBeGreaterThan(0);
          expect(expected, JSON.stringify(cut)).toEqual(expect.arrayContaining(exact));
          // Punctuation left out of the text, or put inside its words, loses no person either.
          const joined = cut.replace(/['-]/g, "");
          if (nameWords(joined).length > 0) expect(expected).toEqual(expect.arrayContaining(await found(joined)));
          const split = [...cut].join("'");
          expect(await found(split), JSON.stringify(split)).toEqual(expect.arrayContaining(expected));
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
