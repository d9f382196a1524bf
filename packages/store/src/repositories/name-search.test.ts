/**
 * The name indexes of migrations 0016 and 0017 against reading every name: the same records for any name
 * and word, once the writes the triggers noted are applied, through inserts, renames, deletes and a VACUUM;
 * and the choice of the word that drives a search.
 */
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { inCodeMigrationProvider } from "../sqlite/migrations/index.js";
import { registerFoldName } from "./fold-name.js";
import { applyPendingNameSearch, createNameSearchIndex } from "./name-search-notes.js";
import { canUseNameIndex, countIndexedNameMatches, liveRecordsNamed, nameContains, nameContainsFolded, rarestIndexedWord, type NamedEntityType, type NameTest } from "./name-search.js";

const sqlite = new SqliteDatabase(":memory:");
registerFoldName(sqlite);
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
let tenants = 0;

beforeAll(async () => {
  expect((await new Migrator({ db, provider: inCodeMigrationProvider }).migrateToLatest()).error).toBeUndefined();
});
afterAll(() => db.destroy());

function newTenant(): string {
  const uuid = `tenant-${++tenants}`;
  sqlite.prepare("insert into tenants (uuid, name, tier, created_at) values (?, ?, 'standard', 1)").run(uuid, uuid);
  return uuid;
}

const insertPerson = (tenantUuid: string, uuid: string, name: string) =>
  sqlite.prepare("insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values (?, ?, ?, 1, 1)").run(uuid, tenantUuid, name);

async function named(tenantUuid: string, entityType: NamedEntityType, word: string, useIndex: boolean, contains: NameTest = nameContains): Promise<string[]> {
  if (useIndex) await applyPendingNameSearch(db, tenantUuid);
  const { rows } = await sql<{ uuid: string }>`${liveRecordsNamed(tenantUuid, entityType, word, useIndex, contains)}`.execute(db);
  return rows.map((row) => row.uuid).sort();
}

// Letters whose case `like` folds (ASCII) and does not (accented, Greek with its final sigma, sharp s),
// `like`'s wildcards and escape, and the index's quote.
// Letters folded by `foldName` (accents, "ł", "ß", a combining accent) and the punctuation it leaves out.
const letter = fc.constantFrom("a", "B", "b", "é", "É", "ß", "Σ", "σ", "ς", "%", "_", "\\", '"', " ", "x", "e", "\u0301", "Ł", "l", "'", "-", "s");
const nameArbitrary = fc.string({ unit: letter, maxLength: 9 });

describe("the name indexes", () => {
  it("find the same live records of the tenant as reading every name, for any names and words", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(nameArbitrary, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 4 })), { minLength: 1, maxLength: 6 }),
        fc.array(fc.string({ unit: letter, minLength: 3, maxLength: 5 }), { maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom("rename", "delete", "soft-delete"), nameArbitrary), { maxLength: 4 }),
        async (names, cuts, freeWords, changes) => {
          const tenantUuid = newTenant();
          const other = newTenant();
          names.forEach((name, index) => {
            insertPerson(tenantUuid, `${tenantUuid}-p${index}`, name);
            insertPerson(other, `${other}-p${index}`, name);
          });
          // Indexed before the changes, so that the changes' own notes must bring the indexes along.
          await applyPendingNameSearch(db, tenantUuid);
          const current = [...names];
          for (const [which, kind, name] of changes) {
            const uuid = `${tenantUuid}-p${which % names.length}`;
            if (kind === "rename") {
              sqlite.prepare("update persons set name = ? where uuid = ?").run(name, uuid);
              current.push(name);
            }
            else if (kind === "delete") sqlite.prepare("delete from persons where uuid = ?").run(uuid);
            else sqlite.prepare("update persons set deleted_at = 2 where uuid = ?").run(uuid);
          }
          // Words cut from the names (first and new), so that most of them are found, and words drawn freely.
          const cutWords = cuts.map(([which, start, extra]) => {
            const characters = [...current[which % current.length]!];
            const from = characters.length === 0 ? 0 : start % characters.length;
            return characters.slice(from, from + 3 + extra).join("");
          });
          for (const word of [...cutWords, ...freeWords].filter((word) => !/\s/.test(word) && canUseNameIndex(word))) {
            expect(await named(tenantUuid, "PERSON", word, true), word).toEqual(await named(tenantUuid, "PERSON", word, false));
            const folded = await named(tenantUuid, "PERSON", word, false, nameContainsFolded);
            expect(await named(tenantUuid, "PERSON", word, true, nameContainsFolded), word).toEqual(folded);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("hold companies' and opportunities' names too", async () => {
    const tenantUuid = newTenant();
    sqlite.prepare("insert into companies (uuid, tenant_uuid, company_name, created_at, service_updated_at) values ('c-1', ?, 'Globex Holdings', 1, 1)").run(tenantUuid);
    sqlite.prepare("insert into opportunity_types (uuid, tenant_uuid, label, label_plural, sub_label, sub_label_plural, created_at, updated_at) values ('type-1', ?, 'Deal', 'Deals', 'Deal', 'Deals', 1, 1)").run(tenantUuid);
    sqlite
      .prepare("insert into opportunity_stages (uuid, tenant_uuid, type_uuid, stage_type, name, percentage, position, created_at, updated_at) values ('stage-1', ?, 'type-1', 'PARENT', 'Lead', 10, 0, 1, 1)")
      .run(tenantUuid);
    sqlite
      .prepare("insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, stage_entered_at, created_at, updated_at) values ('o-1', ?, 'type-1', 'stage-1', 'Series A', 1, 1, 1)")
      .run(tenantUuid);
    expect(await named(tenantUuid, "COMPANY", "holding", true)).toEqual(["c-1"]);
    expect(await named(tenantUuid, "OPPORTUNITY", "ries", true)).toEqual(["o-1"]);
    sqlite.prepare("update opportunities set name = 'Bridge round' where uuid = 'o-1'").run();
    expect(await named(tenantUuid, "OPPORTUNITY", "ries", true)).toEqual([]);
    expect(await named(tenantUuid, "OPPORTUNITY", "bridge", true)).toEqual(["o-1"]);
  });

  it("stay in step after a VACUUM, which may renumber the records' rowids", async () => {
    const tenantUuid = newTenant();
    for (let index = 0; index < 30; index++) insertPerson(tenantUuid, `${tenantUuid}-p${index}`, `Person ${index}`);
    await applyPendingNameSearch(db, tenantUuid);
    sqlite.prepare("delete from persons where tenant_uuid = ? and uuid like '%p1_'").run(tenantUuid);
    sqlite.exec("vacuum");
    sqlite.prepare("update persons set name = 'Renamed' where uuid = ?").run(`${tenantUuid}-p25`);
    sqlite.prepare("delete from persons where uuid = ?").run(`${tenantUuid}-p26`);
    insertPerson(tenantUuid, `${tenantUuid}-new`, "Person 99");
    for (const word of ["person 2", "renamed", "person 9", "son"]) {
      expect(await named(tenantUuid, "PERSON", word, true), word).toEqual(await named(tenantUuid, "PERSON", word, false));
    }
    expect(await named(tenantUuid, "PERSON", "renamed", true)).toEqual([`${tenantUuid}-p25`]);
    // One indexed name for each person once every tenant's notes are applied: a deleted person's name left no entry behind.
    const count = (table: string) => (sqlite.prepare(`select count(*) as rows from ${table}`).get() as { rows: number }).rows;
    for (const { tenant } of sqlite.prepare("select distinct tenant_uuid as tenant from name_search_pending").all() as Array<{ tenant: string }>) {
      await applyPendingNameSearch(db, tenant);
    }
    expect(count("name_search_pending")).toBe(0);
    expect(count("person_name_search")).toBe(count("persons"));
    expect(count("name_search_keys where entity_type = 'PERSON'")).toBe(count("persons"));
  });
});

describe("applyPendingNameSearch", () => {
  it("indexes a tenant's noted writes once, under keys never used before, and leaves other tenants' notes", async () => {
    const tenantUuid = newTenant();
    const other = newTenant();
    insertPerson(tenantUuid, `${tenantUuid}-a`, "Quill Anders");
    insertPerson(other, `${other}-a`, "Quill Other");
    const pending = (tenant: string) => (sqlite.prepare("select count(*) as rows from name_search_pending where tenant_uuid = ?").get(tenant) as { rows: number }).rows;
    expect(pending(tenantUuid)).toBe(1);
    await applyPendingNameSearch(db, tenantUuid);
    expect(pending(tenantUuid)).toBe(0);
    expect(pending(other)).toBe(1);
    const keyOf = (uuid: string) => (sqlite.prepare("select key from name_search_keys where uuid = ?").get(uuid) as { key: number } | undefined)?.key;
    const first = keyOf(`${tenantUuid}-a`)!;
    // Deleted, then a record created: the new one gets a key of its own, never the freed one.
    sqlite.prepare("delete from persons where uuid = ?").run(`${tenantUuid}-a`);
    insertPerson(tenantUuid, `${tenantUuid}-b`, "Quill Brandt");
    await applyPendingNameSearch(db, tenantUuid);
    expect(keyOf(`${tenantUuid}-a`)).toBeUndefined();
    expect(keyOf(`${tenantUuid}-b`)).toBeGreaterThan(first);
    expect(await named(tenantUuid, "PERSON", "quill", true)).toEqual([`${tenantUuid}-b`]);
    // Applying again with nothing noted changes nothing.
    await applyPendingNameSearch(db, tenantUuid);
    expect(await named(tenantUuid, "PERSON", "quill", true)).toEqual([`${tenantUuid}-b`]);
  });
});

describe("applyPendingNameSearch, a few notes at a time", () => {
  it("applies the oldest notes up to the limit and says whether any are left", async () => {
    const tenantUuid = newTenant();
    for (let index = 0; index < 5; index++) insertPerson(tenantUuid, `${tenantUuid}-n${index}`, `Nimbus ${index}`);
    const pending = () => (sqlite.prepare("select count(*) as rows from name_search_pending where tenant_uuid = ?").get(tenantUuid) as { rows: number }).rows;
    expect(await applyPendingNameSearch(db, tenantUuid, 2)).toBe(false);
    expect(pending()).toBe(3);
    expect(await applyPendingNameSearch(db, tenantUuid, 2)).toBe(false);
    expect(await applyPendingNameSearch(db, tenantUuid, 2)).toBe(true);
    expect(pending()).toBe(0);
    const { rows } = await sql<{ uuid: string }>`${liveRecordsNamed(tenantUuid, "PERSON", "nimbus", true)}`.execute(db);
    expect(rows).toHaveLength(5);
  });
});

describe("nameSearch.catchUp", () => {
  it("applies every note of the tenant in steps, yielding between them, and says how many there were", async () => {
    const tenantUuid = newTenant();
    for (let index = 0; index < 7; index++) insertPerson(tenantUuid, `${tenantUuid}-c${index}`, `Cirrus ${index}`);
    let yields = 0;
    const index = createNameSearchIndex(db);
    expect(await index.catchUp(tenantUuid, { notesPerStep: 3, yieldControl: async () => void yields++ })).toBe(7);
    // Steps of 3, 3 and 1: a yield after each step that left notes.
    expect(yields).toBe(2);
    expect(await index.catchUp(tenantUuid)).toBe(0);
    const { rows } = await sql<{ uuid: string }>`${liveRecordsNamed(tenantUuid, "PERSON", "cirrus", true)}`.execute(db);
    expect(rows).toHaveLength(7);
  });
});

describe("rarestIndexedWord", () => {
  it("picks the word in the fewest names, passing over short words and words in as many names as the cap", async () => {
    const tenantUuid = newTenant();
    ["Quorra One", "Quorra Two", "Quorra Three", "Zebulon One"].forEach((name, index) => insertPerson(tenantUuid, `${tenantUuid}-q${index}`, name));
    await applyPendingNameSearch(db, tenantUuid);
    expect(await countIndexedNameMatches(db, "PERSON", "QUORRA", 100)).toBe(3);
    expect(await countIndexedNameMatches(db, "PERSON", "quorra", 2)).toBe(2);
    expect(await rarestIndexedWord(db, ["quorra", "zebulon"])).toEqual({ word: "zebulon", matches: 1 });
    expect((await rarestIndexedWord(db, ["zebulon", "quorra"]))?.word).toBe("zebulon");
    // "on" is in every name but too short to look up.
    expect(await rarestIndexedWord(db, ["on", "quorra"])).toEqual({ word: "quorra", matches: 3 });
    expect(await rarestIndexedWord(db, ["on", "q"])).toBeUndefined();
    // At the cap, a word does not drive: reading every name costs less than the index's many matches.
    expect(await rarestIndexedWord(db, ["quorra"], 3)).toBeUndefined();
    expect((await rarestIndexedWord(db, ["quorra", "zebulon"], 3))?.word).toBe("zebulon");
  });
});
