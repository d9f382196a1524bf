/** Lists longer than SQLite binds in one statement (32,766 parameters), handed to the store's filters and lookups. */
import SqliteDatabase from "better-sqlite3";
import { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createLinkedDealsTenant, createLinkedOpportunities } from "../testing/linked-deals.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { ImmediateTransactionsSqliteDialect } from "./immediate-transactions.js";
import { LONG_IN_LIST } from "./long-in-lists.js";

const MANY = 40_000;
/** `MANY` values that name nothing, with `known` among them at the end. */
const manyWith = (known: readonly string[], prefix = "unknown-") => [...Array.from({ length: MANY }, (_, index) => `${prefix}${index}`), ...known];
const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 10 };

describe("long in lists", () => {
  it("filter persons and companies lists by 40,000 uuids and values, and find persons by 40,000 addresses", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const deals = await createLinkedDealsTenant(store, 3, [0, 1, null]);
    const { tenantUuid } = deals;
    await store.companies.update(tenantUuid, deals.companies[1]!, { operating_status: "Active" });

    const persons = await store.persons.list(tenantUuid, { ...firstPage, filters: { uuids: manyWith(deals.persons.slice(0, 2)) }, sort_by: "name", order: "asc" });
    expect(persons.rows.map((person) => person.uuid)).toEqual(deals.persons.slice(0, 2));
    expect(persons.total).toBe(2);

    const companies = await store.companies.list(tenantUuid, {
      ...firstPage,
      filters: { uuids: manyWith(deals.companies), operating_status: manyWith(["active"], "status ") },
      sort_by: "company_name",
      order: "asc",
    });
    expect(companies.rows.map((company) => company.uuid)).toEqual([deals.companies[1]]);

    const found = await store.persons.findByEmails(tenantUuid, manyWith(["p2@example.com"], "nobody-"));
    expect([...found]).toEqual([["p2@example.com", deals.persons[2]]]);

    const affiliations = await store.affiliations.listForPersons(tenantUuid, manyWith([deals.persons[0]!]));
    expect(affiliations.get(deals.persons[0]!)?.map((affiliation) => affiliation.company_uuid)).toEqual([deals.companies[0]]);
    await store.close();
  });

  it("filter the opportunity list by 40,000 persons, companies, stages and owners", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const deals = await createLinkedDealsTenant(store, 2, [0, 1]);
    const [first, second] = await createLinkedOpportunities(store, deals, [
      { persons: [0], companies: [] },
      { persons: [], companies: [1] },
    ]);
    const list = (filters: object) =>
      store.opportunities.list(deals.tenantUuid, { ...firstPage, filters, order: "asc", viewer: { user_uuid: null } });
    expect((await list({ person_uuids: manyWith([deals.persons[0]!]) })).rows.map((row) => row.uuid)).toEqual([first]);
    expect((await list({ company_uuids: manyWith([deals.companies[1]!]) })).rows.map((row) => row.uuid)).toEqual([second]);
    expect((await list({ stage_uuids: manyWith([deals.stageUuid]) })).total).toBe(2);
    expect((await list({ owner_user_uuids: manyWith([]), include_no_owner: true })).total).toBe(2);
    await store.close();
  });

  it("bound an industry_tags filter with operator AND, one condition per tag, at 100 tags", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const list = (values: string[]) =>
      store.companies.list(tenantUuid, { ...firstPage, filters: { industry_tags: { values, operator: "AND" } }, sort_by: "company_name", order: "asc" });
    await expect(list(Array.from({ length: 101 }, (_, index) => `tag ${index}`))).rejects.toThrow(
      new InvalidInputError('companies.list: "industry_tags" with operator AND takes at most 100 values; got 101'),
    );
    expect((await list(Array.from({ length: 100 }, (_, index) => `tag ${index}`))).total).toBe(0);
    await store.close();
  });

  it("bind a list of more than LONG_IN_LIST values as one parameter, in and not in alike, and a shorter one value by value", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<{ letters: { letter: string } }>({ dialect: new ImmediateTransactionsSqliteDialect({ database: sqlite }) });
    await db.schema.createTable("letters").addColumn("letter", "text").execute();
    await db.insertInto("letters").values([{ letter: "a" }, { letter: "b" }, { letter: "c" }]).execute();
    const long = manyWith(["a", "b"]);
    const short = ["a", "b"];
    expect(LONG_IN_LIST).toBeLessThan(long.length);

    const shortQuery = db.selectFrom("letters").select("letter").where("letter", "in", short).compile();
    expect(shortQuery.sql).toBe('select "letter" from "letters" where "letter" in (?, ?)');
    const longQuery = db.selectFrom("letters").select("letter").where("letter", "in", long).orderBy("letter");
    expect(longQuery.compile().parameters).toHaveLength(1);
    expect((await longQuery.execute()).map((row) => row.letter)).toEqual(["a", "b"]);
    const excluded = await db.selectFrom("letters").select("letter").where("letter", "not in", long).execute();
    expect(excluded.map((row) => row.letter)).toEqual(["c"]);
    await db.destroy();
  });
});
