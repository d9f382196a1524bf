/**
 * The opportunity list's `search`: every word in the name or in an associated live person's or company's
 * name, the same for the page, its totals and the fuzzy fallback. And the plan of its statements under
 * statistics like benchmark scale L's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import type { OpportunityListRequest, OpportunitySortField } from "../deal-store.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { markPersonsDeleted } from "../testing/deleted-persons.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { opportunitiesMatching } from "../testing/search-matches.js";
import { planOf, preparedDuring, readDuring } from "../testing/sqlite-plans.js";
import { applyPendingNameSearch, NAME_NOTES_PER_SEARCH } from "./name-search-notes.js";
import { canUseNameIndex } from "./name-search.js";
import { searchCondition, searchWords, type SearchPlan } from "./opportunity-list-query.js";
import { countLiveOpportunities, DOCUMENTS_PER_INDEX_MATCH, LIVE_OPPORTUNITIES_PER_DENSE_MATCH, matchesAreDense, planSearch } from "./opportunity-search-plan.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-opportunity-search-"));
const path = join(folder, "search.db");
const viewer = { user_uuid: null };

let store: Store;
let tenantUuid: string;

async function search(text: string, limit = 50) {
  const page = await store.opportunities.list(tenantUuid, {
    position: { kind: "offset", offset: 0 },
    limit,
    filters: { search: text },
    order: "asc",
    viewer,
  });
  return { names: page.rows.map((row) => row.name).sort(), total: page.total, value: page.total_value };
}

/** The plans, under benchmark scale L's statistics, of the searching statements a fresh store prepares for `text`. */
async function searchPlans(text: string, sortBy?: OpportunitySortField): Promise<string[]> {
  // A store of its own: statements the shared one prepared earlier would not show.
  const fresh = await createSqliteStore({ path });
  let statements: string[];
  try {
    statements = await preparedDuring(() =>
      fresh.opportunities.list(tenantUuid, {
        position: { kind: "offset", offset: 0 },
        limit: 10,
        filters: { search: text },
        order: "desc",
        viewer,
        ...(sortBy ? { sort_by: sortBy } : {}),
      }),
    );
  } finally {
    await fresh.close();
  }
  // The totals and the page: the statements over the opportunities that hold the search.
  const searching = statements.filter((source) => source.includes('from "opportunities" as "o"') && /opportunity_search_documents|_name_search/.test(source));
  expect(searching.length).toBeGreaterThanOrEqual(2);
  const sqlite = new SqliteDatabase(path);
  try {
    useScaleLStatistics(sqlite, ["associations", "persons", "companies", "opportunities", "opportunity_search_documents"]);
    return searching.map((source) => planOf(sqlite, source));
  } finally {
    sqlite.close();
  }
}

beforeAll(async () => {
  let time = Date.UTC(2026, 0, 1);
  store = await createSqliteStore({ path, now: () => (time += 1_000) });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;

  const person = async (tenant: string, name: string) => (await store.persons.create({ tenant_uuid: tenant, name })).uuid;
  const company = async (tenant: string, name: string) => (await store.companies.create({ tenant_uuid: tenant, company_name: name })).uuid;
  const ada = await person(tenantUuid, "Ada Lovelace");
  const ghost = await person(tenantUuid, "Gus Ghost");
  const emile = await person(tenantUuid, "Émile Ørsted");
  const globex = await company(tenantUuid, "Globex 100% Holdings");
  const elsewhere = await company(other, "Initech");
  const umbrella = await company(tenantUuid, "Umbrella 1000 Labs");
  const underscored = await company(tenantUuid, "Umbrella_Labs");
  const spaced = await company(tenantUuid, "Umbrella Labs");

  const deal = async (tenant: string, name: string, value: number, links: Array<{ entity_type: "PERSON" | "COMPANY"; entity_uuid: string }>) => {
    const type = await store.opportunityTypes.create({ tenant_uuid: tenant, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenant, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    return store.opportunities.create({ tenant_uuid: tenant, name, type_uuid: type.uuid, stage_uuid: stage.uuid, value, associations: links }, viewer);
  };
  await deal(tenantUuid, "Series A", 100, [{ entity_type: "PERSON", entity_uuid: ada }]);
  await deal(tenantUuid, "Series B", 200, [
    { entity_type: "PERSON", entity_uuid: ada },
    { entity_type: "COMPANY", entity_uuid: globex },
  ]);
  await deal(tenantUuid, "Bridge round", 400, [{ entity_type: "COMPANY", entity_uuid: globex }]);
  await deal(tenantUuid, "Umbrella deal", 0, [
    { entity_type: "COMPANY", entity_uuid: umbrella },
    { entity_type: "COMPANY", entity_uuid: spaced },
  ]);
  await deal(tenantUuid, "Spinout", 0, [{ entity_type: "COMPANY", entity_uuid: underscored }]);
  await deal(tenantUuid, "Haunted", 800, [{ entity_type: "PERSON", entity_uuid: ghost }]);
  await deal(tenantUuid, "Øresund bridge", 50, [{ entity_type: "PERSON", entity_uuid: emile }]);
  const dropped = await deal(tenantUuid, "Series C", 1_600, [{ entity_type: "PERSON", entity_uuid: ada }]);
  await store.opportunities.delete(tenantUuid, dropped.uuid);
  await deal(other, "Initech buyout", 3_200, [{ entity_type: "COMPANY", entity_uuid: elsewhere }]);
  // Enough opportunities that a word in one name is worth looking up rather than reading every document.
  for (let quarter = 1; quarter <= 2 * DOCUMENTS_PER_INDEX_MATCH; quarter++) await deal(tenantUuid, `Quarter ${quarter}`, 0, []);
  await markPersonsDeleted(path, [ghost], time);
}, 60_000);
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("opportunity search", () => {
  it("needs every word, each in the name or in an associated person's or company's name, in any case", async () => {
    expect(await search("lovelace")).toEqual({ names: ["Series A", "Series B"], total: 2, value: 300 });
    expect(await search("GLOBEX series")).toEqual({ names: ["Series B"], total: 1, value: 200 });
    expect(await search("ada globex")).toEqual({ names: ["Series B"], total: 1, value: 200 });
    expect(await search("  bridge   holdings ")).toEqual({ names: ["Bridge round"], total: 1, value: 400 });
  });

  it("counts and sums every match, not only the page", async () => {
    // Created first, Series B leads the page of one (created_at order).
    expect(await search("globex", 1)).toEqual({ names: ["Series B"], total: 2, value: 600 });
  });

  it("finds a name with a capital other than A–Z as written, ignoring the case of A–Z only", async () => {
    expect(await search("Émile")).toEqual({ names: ["Øresund bridge"], total: 1, value: 50 });
    expect(await search("ÉMILE øRSTED")).toEqual({ names: ["Øresund bridge"], total: 1, value: 50 });
    expect((await search("ØRESUND")).names).toEqual(["Øresund bridge"]);
    // "émile" matches no name exactly (letters other than A–Z keep their case, as in SQLite's lower());
    // the fuzzy retry, which ignores every case, finds the deal.
    expect(await search("émile")).toEqual({ names: ["Øresund bridge"], total: 1, value: 50 });
  });

  it("says whether the matches held every word or the fuzzy retry found them, and nothing without a search", async () => {
    const match = async (search: string | undefined) =>
      (await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters: search === undefined ? {} : { search }, order: "asc", viewer })).searchMatch;
    expect(await match("ÉMILE")).toBe("exact");
    expect(await match("émile")).toBe("fuzzy");
    expect(await match("ghost")).toBe("fuzzy");
    expect(await match(undefined)).toBeUndefined();
  });

  it("takes LIKE's wildcards literally", async () => {
    // Unescaped, "%" would also match Umbrella 1000 Labs, and "_" Umbrella Labs.
    expect((await search("100%")).names).toEqual(["Bridge round", "Series B"]);
    expect((await search("a_l")).names).toEqual(["Spinout"]);
  });

  it("leaves out deleted opportunities, deleted persons' names and other tenants' records", async () => {
    // Series C matches by its name and its person but is deleted.
    expect((await search("series")).names).toEqual(["Series A", "Series B"]);
    // Haunted's only link is to a deleted person; the fuzzy fallback finds nothing close either.
    expect((await search("ghost")).total).toBe(0);
    // Another tenant's company and deal.
    expect((await search("initech")).total).toBe(0);
  });

  it("reads every name while a tenant has more unindexed names than a search applies, and indexes them in turns", async () => {
    const bulk = (await store.tenants.create({ name: "Bulk", tier: "standard" })).uuid;
    const sqlite = new SqliteDatabase(path);
    const pending = () => (sqlite.prepare("select count(*) as notes from name_search_pending where tenant_uuid = ?").get(bulk) as { notes: number }).notes;
    try {
      // A search's worth of notes written straight into the file (a person renamed that many times: as many notes
      // as an import's persons, at a fraction of their writing and reading), then the deal's person: its name's note
      // is among those a first search leaves for later.
      sqlite.prepare("insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values (?, ?, 'Filler', 1, 1)").run(`${bulk}-filler`, bulk);
      sqlite
        .prepare(
          `with recursive note(n) as (select 1 union all select n + 1 from note where n < ?)
          insert into name_search_pending (tenant_uuid, entity_type, uuid) select ?, 'PERSON', ? from note`,
        )
        .run(NAME_NOTES_PER_SEARCH, bulk, `${bulk}-filler`);
      const quokka = (await store.persons.create({ tenant_uuid: bulk, name: "Zanzibar Quokka" })).uuid;
      const type = await store.opportunityTypes.create({ tenant_uuid: bulk, label: "Deal" });
      const stage = await store.opportunityStages.create({ tenant_uuid: bulk, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      await store.opportunities.create(
        { tenant_uuid: bulk, name: "Island deal", type_uuid: type.uuid, stage_uuid: stage.uuid, value: 7, associations: [{ entity_type: "PERSON", entity_uuid: quokka }] },
        viewer,
      );
      const before = pending();
      expect(before).toBeGreaterThan(NAME_NOTES_PER_SEARCH);
      // Each search on a store of its own, so that every statement it runs is prepared, and seen.
      const search = async (text: string) => {
        const fresh = await createSqliteStore({ path });
        try {
          let names: string[] = [];
          const statements = await preparedDuring(async () => {
            const page = await fresh.opportunities.list(bulk, { position: { kind: "offset", offset: 0 }, limit: 10, filters: { search: text }, order: "asc", viewer });
            names = page.rows.map((row) => row.name);
          });
          // The list's own statements (applying the notes reads the documents too).
          const searching = statements.filter((source) => source.includes('from "opportunities" as "o"'));
          return { names, current: searching.some((source) => /opportunity_search_documents|_name_search/.test(source)) };
        } finally {
          await fresh.close();
        }
      };
      // The first search applies as many notes as it may, then reads every name, and, misspelled, finds the
      // deal through the fuzzy retry (its linked names read from the links, the documents not being up to
      // date); the next applies the rest and reads the indexes and documents.
      expect(await search("zanzibra")).toEqual({ names: ["Island deal"], current: false });
      expect(pending()).toBe(before - NAME_NOTES_PER_SEARCH);
      expect(await search("quokka")).toEqual({ names: ["Island deal"], current: true });
      expect(pending()).toBe(0);
    } finally {
      sqlite.close();
    }
  }, 60_000);

  it("finds the same opportunities reading every name, the search documents, or the documents after any driving word", async () => {
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      expect(await applyPendingNameSearch(db, tenantUuid)).toBe(true);
      const matching = (text: string, plan: SearchPlan) => opportunitiesMatching(db, tenantUuid, text, plan, "name");
      for (const text of ["lovelace", "GLOBEX series", "ada globex", "bridge holdings", "series ser", "umbrella lab", "100% globex", "a_l labs", "ghost", "initech", "ÉMILE bridge", "øresund", "ex"]) {
        const everyName = await matching(text, { reads: "names" });
        expect(await matching(text, { reads: "documents" }), `${text} over the documents`).toEqual(everyName);
        expect(await matching(text, { reads: "documents", walksSortIndex: true }), `${text} walking`).toEqual(everyName);
        for (const word of searchWords(text).filter(canUseNameIndex)) {
          expect(await matching(text, { reads: "documents", drivingWord: word }), `${text} driven by ${word}`).toEqual(everyName);
        }
      }
      expect(await matching("GLOBEX series", { reads: "documents" })).toEqual(["Series B"]);
      expect(await matching("Émile ØRSTED", { reads: "documents" })).toEqual(["Øresund bridge"]);
      expect(await matching("émile", { reads: "documents" })).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("drives a search by its rarest word when its matches cost less than reading every document", async () => {
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      // "globex" is in one name, worth 20 documents; the tenant has 47.
      expect(await planSearch(db, tenantUuid, "series globex")).toEqual({ reads: "documents", drivingWord: "globex" });
      // "series" is in three names (60 documents' worth), "quarter" in forty.
      expect(await planSearch(db, tenantUuid, "series")).toEqual({ reads: "documents" });
      expect(await planSearch(db, tenantUuid, "quarter")).toEqual({ reads: "documents" });
      // Too short for the indexes.
      expect(await planSearch(db, tenantUuid, "ex")).toEqual({ reads: "documents" });
    } finally {
      await db.destroy();
    }
  });

  it("looks a rare word up in the name indexes and tests the others on each match's document, under statistics like benchmark scale L's", async () => {
    const plans = await searchPlans("globex series");
    for (const plan of plans) {
      // The driving word: each kind's names from its index, each match's record by key then by UUID (the
      // planner may read each kind's matches twice, once to find opportunities and once to test them).
      for (const kind of ["opportunity", "person", "company"]) expect(plan).toContain(`SCAN ${kind}_name_search VIRTUAL TABLE`);
      expect(plan).toContain("SEARCH k USING INTEGER PRIMARY KEY");
      expect(plan).toContain("SEARCH a USING COVERING INDEX associations_opportunity_links (entity_uuid=?");
      // The other word: the document of each opportunity found, by its key.
      expect(plan).toContain("SEARCH d EXISTS USING PRIMARY KEY (tenant_uuid=? AND opportunity_uuid=?)");
      expect(plan).not.toMatch(/SCAN (o|a|r|d)\b|persons_live_updated|companies_tenant_domain|associations_owner/);
    }
  });

  it("without a word to look up, reads the tenant's search documents once for every word, under statistics like benchmark scale L's", async () => {
    // Two words of two letters, too short for a trigram index: one pass over the documents for both.
    const plans = await searchPlans("ex se");
    for (const plan of plans) {
      expect(plan.match(/SEARCH d USING PRIMARY KEY \(tenant_uuid=\?\)/g)).toHaveLength(1);
      expect(plan).not.toMatch(/SCAN (o|a|r|d)\b|_name_search|associations|persons|companies/);
    }
  });

  it("calls matches dense from one in LIVE_OPPORTUNITIES_PER_DENSE_MATCH live opportunities", async () => {
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      // Series C is deleted: 47 live.
      expect(await countLiveOpportunities(db, tenantUuid)).toBe(47);
    } finally {
      await db.destroy();
    }
    expect(LIVE_OPPORTUNITIES_PER_DENSE_MATCH).toBe(20);
    // 3 matches are one in 15.7, 2 one in 23.5.
    expect(matchesAreDense(3, 47)).toBe(true);
    expect(matchesAreDense(2, 47)).toBe(false);
    expect(matchesAreDense(1, 20)).toBe(true);
    expect(matchesAreDense(0, 0)).toBe(false);
  });

  it("counts the live opportunities for a dense search once, until an opportunity is created or deleted", async () => {
    const counts = async (run: () => Promise<unknown>) =>
      (await readDuring(run)).filter((source) => source.includes("count(*) as live from opportunities")).length;
    const dense = () => store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 5, filters: { search: "quarter" }, order: "desc", viewer });
    await dense();
    expect(await counts(dense)).toBe(0);
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Extra" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const extra = await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Quarter extra", type_uuid: type.uuid, stage_uuid: stage.uuid }, viewer);
    try {
      expect(await counts(dense)).toBe(1);
      expect(await counts(dense)).toBe(0);
    } finally {
      await store.opportunities.delete(tenantUuid, extra.uuid);
    }
    expect(await counts(dense)).toBe(1);
  });

  it("finds a page of dense matches by walking the sort's index, under statistics like benchmark scale L's", async () => {
    // "quarter" is in 40 of the tenant's 47 opportunities' names.
    for (const sortBy of ["created_at", "updated_at"] as const) {
      const [totals, page] = await searchPlans("quarter", sortBy);
      // The totals read every match, each sought by its uuid (through either index led by it: which one turns on the
      // planner's guess of the row's width, which migration 0080's keys widened); the page walks the index newest
      // first and stops at the limit: no sort.
      expect(totals).toMatch(/SEARCH o USING INDEX (opportunities_live_updated|sqlite_autoindex_opportunities_1) \(uuid=\?\)/);
      expect(page).toMatch(new RegExp(`^SEARCH o USING INDEX opportunities_tenant_${sortBy} \\(tenant_uuid=\\?\\); LIST SUBQUERY`));
      expect(page).not.toContain("TEMP B-TREE");
    }
    // Sparse matches ("ex se": 2 of 47) or an order with no index of its own: each match sought by UUID, then sorted.
    for (const [text, sortBy] of [["ex se", "created_at"], ["quarter", "name"]] as const) {
      const [, page] = await searchPlans(text, sortBy);
      expect(page, `${text} by ${sortBy}`).toMatch(/^SEARCH o USING INDEX \S+ \(uuid=\?\).*USE TEMP B-TREE FOR ORDER BY$/);
    }
  });

  it("pages through dense matches in order, by offset and by cursor, in both directions", async () => {
    const quarters = Array.from({ length: 2 * DOCUMENTS_PER_INDEX_MATCH }, (_, index) => `Quarter ${index + 1}`);
    for (const order of ["asc", "desc"] as const) {
      const expected = order === "asc" ? quarters : [...quarters].reverse();
      const names: string[] = [];
      let position: OpportunityListRequest["position"] = { kind: "offset", offset: 0 };
      for (let guard = 0; guard < 20; guard++) {
        const page = await store.opportunities.list(tenantUuid, { position, limit: 7, filters: { search: "quarter" }, order, viewer });
        names.push(...page.rows.map((row) => row.name));
        if (!page.hasMore) break;
        position = { kind: "after", key: page.lastKey! };
      }
      expect(names).toEqual(expected);
      const third = await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 14 }, limit: 7, filters: { search: "quarter" }, order, viewer });
      expect(third.rows.map((row) => row.name)).toEqual(expected.slice(14, 21));
      expect(third.total).toBe(quarters.length);
    }
  });

  it("reads the fuzzy retry's candidates newest first from an index alone, and each document by key, under statistics like benchmark scale L's", async () => {
    const fresh = await createSqliteStore({ path });
    let statements: string[];
    try {
      statements = await preparedDuring(() =>
        fresh.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10, filters: { search: "zzqx" }, order: "asc", viewer }),
      );
    } finally {
      await fresh.close();
    }
    const candidates = statements.filter((source) => /^select "o"\."uuid" from "opportunities" as "o" .* order by "o"\."updated_at" desc/.test(source));
    const documents = statements.filter((source) => /^select "opportunity_uuid", "document" from "opportunity_search_documents"/.test(source));
    expect(candidates).toHaveLength(1);
    expect(documents).toHaveLength(1);
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities", "opportunity_search_documents"]);
      // Stopped at the limit: no sort of every opportunity, no row read for its deleted_at, no pass over every document.
      expect(planOf(sqlite, candidates[0]!)).toBe("SEARCH o USING INDEX opportunities_live_by_update (tenant_uuid=?)");
      expect(planOf(sqlite, documents[0]!)).toBe("SEARCH opportunity_search_documents USING PRIMARY KEY (tenant_uuid=? AND opportunity_uuid=?)");
    } finally {
      sqlite.close();
    }
  });

  it("while notes wait, matches the tenant's records by name, then seeks their links, under statistics like benchmark scale L's", async () => {
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const { sql: source } = db
        .selectFrom("opportunities as o")
        .select("o.uuid")
        .where("o.tenant_uuid", "=", tenantUuid)
        .where("o.deleted_at", "is", null)
        .where(searchCondition(tenantUuid, "ex", { reads: "names" }))
        .compile();
      useScaleLStatistics(sqlite, ["associations", "persons", "companies", "opportunities"]);
      const plan = planOf(sqlite, source);
      // Each link found from its record: two searches, one for persons and one for companies.
      expect(plan.match(/SEARCH a USING COVERING INDEX associations_opportunity_links \(entity_uuid=\?/g)).toHaveLength(2);
      expect(plan).not.toContain("SCAN a");
      expect(plan).not.toMatch(/_name_search|opportunity_search_documents/);
    } finally {
      await db.destroy();
    }
  });
});
