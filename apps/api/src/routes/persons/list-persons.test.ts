import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { queryFingerprint } from "../../platform/listing/cursor-codec.js";
import { checkWalkWithWrites, walkActions } from "../../testing/fuzzy-walk.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

interface PersonList {
  items: Array<{ uuid: string; name: string; service_updated_at: number }>;
  page: number;
  per_page: number;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
}

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

async function list(query: string, key = acme.key): Promise<{ status: number; body: PersonList & { error?: string } }> {
  const response = await context.request(`/v1/persons${query}`, { key });
  return { status: response.status, body: (await response.json()) as PersonList & { error?: string } };
}

/** 23 persons: the clock stands still, so 20 share one service_updated_at; 3 come a minute later. */
async function seedPersons() {
  for (let index = 0; index < 20; index++) {
    await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: `Person ${index % 4}` });
  }
  context.clock.advance(60_000);
  for (let index = 0; index < 3; index++) {
    await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: `Later ${index}` });
  }
}

describe("GET /v1/persons paging", () => {
  it("clamps per_page and page instead of rejecting out-of-range values", async () => {
    await seedPersons();
    // 25 persons in all: the 23 seeded and the two users' own records.
    const cases: Array<[string, number, number]> = [
      ["", 1, 10],
      ["?per_page=0", 1, 1],
      ["?per_page=-5", 1, 1],
      ["?per_page=51", 1, 50],
      ["?per_page=999999999999999999999", 1, 50],
      ["?page=0&per_page=5", 1, 5],
      ["?page=-3&per_page=5", 1, 5],
    ];
    for (const [query, page, perPage] of cases) {
      const { status, body } = await list(query);
      expect(status, query).toBe(200);
      expect({ page: body.page, per_page: body.per_page, total: body.total }, query).toEqual({ page, per_page: perPage, total: 25 });
      expect(body.items.length, query).toBe(Math.min(perPage, 25));
    }
    const beyond = await list("?page=9&per_page=5");
    expect(beyond.body).toMatchObject({ items: [], page: 9, has_more: false, next_cursor: null, total: 25 });
  });

  it("rejects page and per_page values that are not integers", async () => {
    for (const query of ["?per_page=ten", "?page=abc", "?per_page=2.5", "?page="]) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toMatch(/must be an integer/);
    }
  });

  it("scans every record exactly once with cursors over more than 3 pages despite tied sort values", async () => {
    await seedPersons();
    const seen: string[] = [];
    let { body } = await list("?per_page=4");
    expect(body.total).toBe(25);
    seen.push(...body.items.map((item) => item.uuid));
    let pages = 1;
    while (body.next_cursor) {
      // per_page may change during a scan.
      const perPage = pages % 2 === 0 ? 4 : 6;
      ({ body } = await list(`?per_page=${perPage}&cursor=${encodeURIComponent(body.next_cursor)}`));
      expect(body.total).toBeNull();
      expect(body.page).toBe(pages + 1);
      seen.push(...body.items.map((item) => item.uuid));
      pages += 1;
    }
    expect(pages).toBeGreaterThan(3);
    expect(body.has_more).toBe(false);
    expect(new Set(seen).size).toBe(25);
    expect(seen.length).toBe(25);

    // Page-numbered scans serve the same order.
    const numbered: string[] = [];
    for (let page = 1; page <= 5; page++) numbered.push(...(await list(`?per_page=5&page=${page}`)).body.items.map((item) => item.uuid));
    expect(numbered).toEqual(seen);
  });

  it("scans by name in descending order with ties broken by uuid", async () => {
    await seedPersons();
    const seen: PersonList["items"] = [];
    let { body } = await list("?sort_by=name&order=desc&per_page=7");
    seen.push(...body.items);
    while (body.next_cursor) {
      ({ body } = await list(`?sort_by=name&order=desc&per_page=7&cursor=${body.next_cursor}`));
      seen.push(...body.items);
    }
    expect(seen).toHaveLength(25);
    const expected = [...seen].sort((left, right) =>
      left.name === right.name ? right.uuid.localeCompare(left.uuid) : right.name.localeCompare(left.name),
    );
    expect(seen.map((item) => item.uuid)).toEqual(expected.map((item) => item.uuid));
  });

  it("answers 400 for page with cursor, a changed filter or sort, and a forged cursor", async () => {
    await seedPersons();
    const { body } = await list("?per_page=5&sort_by=created_at");
    const cursor = encodeURIComponent(body.next_cursor!);
    const together = await list(`?per_page=5&sort_by=created_at&page=2&cursor=${cursor}`);
    expect(together.status).toBe(400);
    expect(together.body.error).toMatch(/either page or cursor/);
    const changedSort = await list(`?per_page=5&sort_by=name&cursor=${cursor}`);
    expect(changedSort.status).toBe(400);
    expect(changedSort.body.error).toMatch(/filters or sort changed/);
    const changedOrder = await list(`?per_page=5&sort_by=created_at&order=desc&cursor=${cursor}`);
    expect(changedOrder.status).toBe(400);
    const changedFilter = await list(`?per_page=5&sort_by=created_at&modified_since=2020-01-01&cursor=${cursor}`);
    expect(changedFilter.status).toBe(400);
    expect(changedFilter.body.error).toMatch(/filters or sort changed/);

    const [payload, signature] = body.next_cursor!.split(".");
    const forgedPayload = Buffer.from(JSON.stringify(["x", 2, [0, "0"]])).toString("base64url");
    for (const forged of [`${forgedPayload}.${signature}`, `${payload}.AAAA`, "garbage", `${payload}`]) {
      const response = await list(`?per_page=5&sort_by=created_at&cursor=${encodeURIComponent(forged)}`);
      expect(response.status, forged).toBe(400);
      expect(response.body.error).toMatch(/cursor is not valid/);
    }
  });

  it("does not accept another endpoint's or another tenant's cursor", async () => {
    await seedPersons();
    const other = await buildTenant(context.services, { name: "Other" });
    for (let index = 0; index < 12; index++) {
      await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: `Theirs ${index}` });
    }
    const theirs = await list("?per_page=5", other.key);
    const replayed = await list(`?per_page=5&cursor=${encodeURIComponent(theirs.body.next_cursor!)}`);
    expect(replayed.status).toBe(400);
    await context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "A" });
    await context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "B" });
    const companies = (await (await context.request("/v1/companies?per_page=1", { key: acme.key })).json()) as PersonList;
    const crossed = await list(`?per_page=1&cursor=${encodeURIComponent(companies.next_cursor!)}`);
    expect(crossed.status).toBe(400);
  });
});

describe("GET /v1/persons filters", () => {
  it("filters by uuids and by modified_since (inclusive)", async () => {
    await seedPersons();
    const all = (await list("?per_page=50")).body.items;
    const picked = [all[0]!.uuid, all[5]!.uuid];
    const byUuid = await list(`?uuids=${picked.join(",")}`);
    expect(byUuid.body.items.map((item) => item.uuid).sort()).toEqual([...picked].sort());

    const latest = Math.max(...all.map((item) => item.service_updated_at));
    const since = await list(`?modified_since=${new Date(latest).toISOString()}`);
    expect(since.body.items.map((item) => item.name).sort()).toEqual(["Later 0", "Later 1", "Later 2"]);
    const bad = await list("?modified_since=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/modified_since.*ISO 8601/);
    // An offset's + sent unencoded in the URL arrives as a space: the 400 says so.
    const plus = await list("?modified_since=2026-11-01T10:00:00+01:00");
    expect(plus.status).toBe(400);
    expect(plus.body.error).toBe(
      "query parameter 'modified_since': '2026-11-01T10:00:00 01:00' is not an ISO 8601 date or date-time: its '+' arrived as a space, as an unencoded '+' in a URL query does; send it as %2B, or use Z",
    );
    expect((await list("?modified_since=2026-11-01T10:00:00%2B01:00")).status).toBe(200);
    // Over MCP the space is what the agent wrote in a JSON argument: the advice is the '+', not %2B.
    const tool = async (modified_since: string) => callMcpTool(context, { name: "listPersons", args: { modified_since }, headers: { "x-api-key": acme.key } });
    expect((await tool("2026-11-01T10:00:00 01:00")).content[0]?.text).toBe(
      "HTTP 400: argument 'modified_since': '2026-11-01T10:00:00 01:00' is not an ISO 8601 date or date-time: its offset has a space where its '+' goes: write the '+' itself (a tool argument is JSON, sent as it is), or use Z",
    );
    expect((await tool("2026-11-01T10:00:00+01:00")).isError).toBeUndefined();
  });

  it("rejects unknown and repeated query parameters", async () => {
    const unknown = await list("?pagesize=5");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/unknown query parameter 'pagesize'/);
    const misspelt = await list("?modifiedSince=2026-11-01");
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.error).toMatch(/^unknown query parameter 'modifiedSince' \(did you mean 'modified_since'\?\); this operation accepts: page, per_page,/);
    const repeated = await list("?page=1&page=2");
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toMatch(/given 2 times/);
  });

  it("answers 400 for a NUL character, which SQLite's text functions take for the end of the text", async () => {
    await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Jordan Blake" });
    for (const query of ["?name=%00%00%00", "?name=%00", "?name=jor%00dan"]) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe("query parameter 'name': text must not contain the NUL character (U+0000)");
    }
  });

  it("answers 400 for a query value percent-encoded from bytes that are not UTF-8, rather than finding nothing", async () => {
    await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "José Ortega" });
    // "José" percent-encoded from ISO-8859-1: %E9 decodes to no character, and the search for its raw text found nobody.
    const latin1 = await list("?name=Jos%E9");
    expect(latin1.status).toBe(400);
    expect(latin1.body.error).toBe("query parameter 'name': '%E9' is not percent-encoded UTF-8 (é is %C3%A9)");
    const utf8 = await list("?name=Jos%C3%A9");
    expect(utf8.status).toBe(200);
    expect(utf8.body.items.map((person: { name: string }) => person.name)).toEqual(["José Ortega"]);
    // A percent sign that starts no escape is text, as it always was; %25 is one sent encoded.
    expect((await list("?name=100%")).status).toBe(200);
    expect((await list("?name=%25E9")).status).toBe(200);
  });

  it("never shows another tenant's persons", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const secret = await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Secret Person" });
    const mine = await list("?per_page=50");
    expect(mine.body.items.map((item) => item.name)).not.toContain("Secret Person");
    expect((await list(`?uuids=${secret.uuid}`)).body.items).toEqual([]);
    const direct = await context.request(`/v1/persons/${secret.uuid}`, { key: acme.key });
    expect(direct.status).toBe(404);
    expect((await context.request(`/v1/persons/${secret.uuid}`, { key: other.key })).status).toBe(200);
  });
});

describe("GET /v1/persons?name=", () => {
  const names = (body: PersonList) => body.items.map((item) => item.name);
  const create = (name: string, tenant = acme.tenant.uuid) => context.services.store.persons.create({ tenant_uuid: tenant, name });

  it("finds persons whose name holds every word, in any order and any case of A–Z, combined with the other filters", async () => {
    for (const name of ["Jordan Blake", "Blake, Jordan M.", "Jordan Smith", "Casey Blake"]) await create(name);
    context.clock.advance(60_000);
    const later = await create("Jordana Blakely");
    const found = await list("?name=jordan%20BLAKE&sort_by=name");
    expect(found.status).toBe(200);
    expect(names(found.body)).toEqual(["Blake, Jordan M.", "Jordan Blake", "Jordana Blakely"]);
    expect(found.body.total).toBe(3);
    expect(names((await list("?name=blake&sort_by=name&order=desc")).body)).toEqual(["Jordana Blakely", "Jordan Blake", "Casey Blake", "Blake, Jordan M."]);
    expect(names((await list(`?name=jordan&modified_since=${new Date(later.service_updated_at).toISOString()}`)).body)).toEqual(["Jordana Blakely"]);
    expect(names((await list(`?name=blake&uuids=${later.uuid}`)).body)).toEqual(["Jordana Blakely"]);
    expect((await list("?name=nobody")).body).toMatchObject({ items: [], total: 0, has_more: false, next_cursor: null });
  });

  it("retries a misspelt name fuzzily: closest first unless sort_by is given, paged by cursor, within the tenant", async () => {
    for (const name of ["Joan Smithers", "John Smith", "Jon Smythe", "Priya Narayanan", "Dana Moss"]) await create(name);
    const other = await buildTenant(context.services);
    await create("John Smyth", other.tenant.uuid);
    const closest = await list("?name=jonh%20smith&order=desc");
    expect(closest.status).toBe(200);
    expect(names(closest.body)[0]).toBe("John Smith");
    expect(names(closest.body)).not.toContain("John Smyth");
    expect(names(closest.body)).not.toContain("Dana Moss");
    expect(names((await list("?name=priya%20naraynan")).body)).toEqual(["Priya Narayanan"]);
    const byName = names((await list("?name=jonh%20smith&sort_by=name")).body);
    expect(byName).toEqual([...names(closest.body)].sort());

    let page = await list("?name=jonh%20smith&per_page=1");
    const walked = names(page.body);
    while (page.body.next_cursor) {
      page = await list(`?name=jonh%20smith&per_page=1&cursor=${encodeURIComponent(page.body.next_cursor)}`);
      walked.push(...names(page.body));
    }
    expect(walked).toEqual(names(closest.body));
    const first = await list("?name=jonh%20smith&per_page=1");
    const resorted = await list(`?name=jonh%20smith&per_page=1&sort_by=service_updated_at&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
    expect(resorted.status).toBe(400);
    expect(resorted.body.error).toMatch(/filters or sort changed/);
    expect(names((await list("?name=jonh%20smith", other.key)).body)).toEqual(["John Smyth"]);
  });

  it("walks a fuzzy retry by cursor listing every unchanged match once, whatever is created or renamed between pages", async () => {
    // Close to `jonh smith` (none holds `jonh`, so the retry answers), bar the last two: no first letters J and S.
    const pool = ["John Smith", "Jon Smith", "Joan Smith", "John Smyth", "Johan Smith", "Jonas Smith", "John Smithers", "Jo Smith", "Ann Smith", "Zed Quux"];
    await fc.assert(
      fc.asyncProperty(walkActions(pool), async (actions) => {
        const tenant = await buildTenant(context.services);
        const uuids: string[] = [];
        for (const name of pool.slice(0, 7)) uuids.push((await create(name, tenant.tenant.uuid)).uuid);
        await checkWalkWithWrites({
          actions,
          uuids,
          read: async (query) => (await list(`?name=jonh%20smith&${query}`, tenant.key)).body,
          create: async (name) => (await create(name, tenant.tenant.uuid)).uuid,
          rename: (uuid, name) => context.services.store.persons.update(tenant.tenant.uuid, uuid, { name }),
        });
      }),
      { seed: 20261207, numRuns: 8 },
    );
  });

  it("refuses a fuzzy retry's cursor of the rank form before, saying to start again", async () => {
    for (const name of ["John Smith", "Jon Smith", "Joan Smith"]) await create(name);
    const first = await list("?name=jonh%20smith&per_page=1");
    const codec = await cursorCodecFor(context.services.store);
    // What such a cursor was: the last row's rank and uuid, bound to the query without the walk's mark.
    const query = queryFingerprint({ operation: "listPersons", tenant: acme.tenant.uuid, filters: { name: "jonh smith" }, order: "asc" });
    const older = codec.encode({ query, key: [0, first.body.items[0]!.uuid], page: 2 });
    const refused = await list(`?name=jonh%20smith&per_page=1&cursor=${encodeURIComponent(older)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^cursor no longer valid: .*start the scan again without cursor$/);
  });

  it("says whether the names matched exactly or through the fuzzy retry (name_match), on every page of a walk", async () => {
    for (const name of ["Jordan Blake", "Jordana Blakely", "Dana Moss"]) await create(name);
    const matchOf = async (query: string) => ((await list(query)).body as PersonList & { name_match?: string }).name_match;
    expect(await matchOf("?name=jordan%20blake")).toBe("exact");
    expect(await matchOf("?name=jordon%20blak")).toBe("fuzzy");
    expect(await matchOf("?name=nobody")).toBe("fuzzy");
    expect(await matchOf("")).toBeUndefined();
    expect(await matchOf("?sort_by=name")).toBeUndefined();
    const first = await list("?name=jordon%20blak&per_page=1");
    expect(first.body.next_cursor).not.toBeNull();
    const next = await list(`?name=jordon%20blak&per_page=1&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
    expect(next.status).toBe(200);
    expect(next.body.items).toHaveLength(1);
    expect((next.body as PersonList & { name_match?: string }).name_match).toBe("fuzzy");
  });

  it("finds an email address sent as the name among the persons' addresses (name_match email), within the tenant", async () => {
    await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Jordan Blake", emails: ["jordan@acme.example"] });
    await create("Jordan Acme");
    const other = await buildTenant(context.services);
    await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Casey Other", emails: ["casey@other.example"] });
    const found = await list("?name=Jordan%40ACME.example");
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ total: 1, name_match: "email" });
    expect(names(found.body)).toEqual(["Jordan Blake"]);
    expect((await list("?name=jordn%40acme.example")).body).toMatchObject({ items: [], total: 0, name_match: "email" });
    expect((await list("?name=casey%40other.example")).body).toMatchObject({ items: [], total: 0, name_match: "email" });
    expect(names((await list("?name=casey%40other.example", other.key)).body)).toEqual(["Casey Other"]);
  });

  it("finds letters other than A-Z whether the name holds them lower case, upper case or capitalised", async () => {
    for (const name of ["Émile Zola", "ZOË KRAVITZ", "Иван Петров"]) await create(name);
    expect(names((await list("?name=%C3%A9mile")).body)).toEqual(["Émile Zola"]);
    expect(names((await list("?name=zo%C3%AB")).body)).toEqual(["ZOË KRAVITZ"]);
    expect(names((await list("?name=%D0%B8%D0%B2%D0%B0%D0%BD")).body)).toEqual(["Иван Петров"]);
  });

  it("ignores accents and the punctuation inside names, in the text and in the name", async () => {
    for (const name of ["José Müller", "Łukasz O'Brien", "Zoë Saldana", "Jordan Blake"]) await create(name);
    expect(names((await list("?name=jose%20muller")).body)).toEqual(["José Müller"]);
    expect(names((await list("?name=lukasz")).body)).toEqual(["Łukasz O'Brien"]);
    expect(names((await list("?name=obrien")).body)).toEqual(["Łukasz O'Brien"]);
    expect(names((await list("?name=ZOE")).body)).toEqual(["Zoë Saldana"]);
  });

  it("answers 400 naming the parameter for a filter holding a control character; white space around one is trimmed", async () => {
    for (const [query, error] of [
      ["?name=ada%1B%5B2J", "query parameter 'name': must not contain control characters (U+001B)"],
      ["?name=ada%09lovelace", "query parameter 'name': must not contain control characters (U+0009)"],
      ["?name=ada%C2%85", "query parameter 'name': must not contain control characters (U+0085)"],
      ["?name=ada%E2%80%A8lovelace", "query parameter 'name': must be one line: no line separator (U+2028)"],
    ]) {
      expect(await list(query!), query).toEqual({ status: 400, body: { error } });
    }
    expect((await list("?name=%0Ablake%0D%0A")).status).toBe(200);
  });

  it("answers 400 for blank, empty, over-long or repeated text", async () => {
    for (const query of ["?name=", "?name=%20%20", "?name=%09"]) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe("query parameter 'name': must not be empty: leave it out for no filter");
    }
    // Over MCP the same words fit the tool's argument (they said "leave the parameter out").
    const overMcp = await callMcpTool(context, { name: "listPersons", args: { name: "  " }, headers: { "x-api-key": acme.key } });
    expect(overMcp.content[0]?.text).toBe("HTTP 400: argument 'name': must not be empty: leave it out for no filter");
    const long = await list(`?name=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/name.*200 characters/);
    expect((await list(`?name=${"a".repeat(200)}`)).status).toBe(200);
    const repeated = await list("?name=ada&name=bob");
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toMatch(/given 2 times/);
  });

  it("pages its matches by cursor, the cursor bound to the name", async () => {
    for (let index = 0; index < 7; index++) await create(`Morgan ${index}`);
    await create("Riley Stone");
    const seen: string[] = [];
    let { body } = await list("?name=morgan&per_page=3&sort_by=name");
    seen.push(...names(body));
    while (body.next_cursor) {
      const cursor = encodeURIComponent(body.next_cursor);
      const changed = await list(`?name=morga&per_page=3&sort_by=name&cursor=${cursor}`);
      expect(changed.status).toBe(400);
      expect(changed.body.error).toMatch(/filters or sort changed/);
      const dropped = await list(`?per_page=3&sort_by=name&cursor=${cursor}`);
      expect(dropped.status).toBe(400);
      ({ body } = await list(`?name=morgan&per_page=3&sort_by=name&cursor=${cursor}`));
      seen.push(...names(body));
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, index) => `Morgan ${index}`));
    // A scan without a name does not continue as one with it.
    const plain = await list("?per_page=3");
    expect((await list(`?name=morgan&per_page=3&cursor=${encodeURIComponent(plain.body.next_cursor!)}`)).status).toBe(400);
  });

  it("reads full-width letters, ligatures and circled digits as their plain letters (NFKC), in the text and in the name", async () => {
    // Each form beside a plain one, so the exact filter finds something and no fuzzy retry answers instead.
    const written = ["ＴＡＮＡＫＡ Hanako", "Tanaka Ichiro", "ﬁona Flynn", "Fiona Apple", "Desk ① Reception", "Desk 1 Lobby", "Jordan Blake", "ＪＯＲＤＡＮ Lee", "ｶﾞｸ Mori", "ガク Ito"];
    for (const name of written) await create(name);
    const query = (text: string) => `?name=${encodeURIComponent(text)}&sort_by=name`;
    // Words of three letters or more are looked up in the name index; "1" reads every name.
    expect(names((await list(query("tanaka"))).body)).toEqual(["ＴＡＮＡＫＡ Hanako", "Tanaka Ichiro"]);
    expect(names((await list(query("fiona"))).body)).toEqual(["Fiona Apple", "ﬁona Flynn"]);
    expect(names((await list(query("ﬁona"))).body)).toEqual(["Fiona Apple", "ﬁona Flynn"]);
    expect(names((await list(query("desk 1"))).body)).toEqual(["Desk 1 Lobby", "Desk ① Reception"]);
    expect(names((await list(query("ＪＯＲＤＡＮ"))).body)).toEqual(["Jordan Blake", "ＪＯＲＤＡＮ Lee"]);
    expect(names((await list(query("ガク"))).body)).toEqual(["ガク Ito", "ｶﾞｸ Mori"]);
  });

  it("splits the text at full-width punctuation as at its plain form", async () => {
    for (const name of ["Sato Hanako", "Tanaka-Hanako Mori", "ＴＡＮＡＫＡ Hanako"]) await create(name);
    // "tanaka" and "hanako", not one word "tanakahanako" (which only "Tanaka-Hanako" holds, its hyphen ignored).
    expect(names((await list(`?name=${encodeURIComponent("ＴＡＮＡＫＡ，Ｈａｎａｋｏ")}&sort_by=name`)).body)).toEqual(["ＴＡＮＡＫＡ Hanako", "Tanaka-Hanako Mori"]);
    // The katakana middle dot between a foreign given and family name is left out as a hyphen is (half-width too):
    // found exactly, not by the fuzzy retry.
    for (const name of ["ジョン・スミス", "John-Smith"]) await create(name);
    for (const [text, found] of [["ジョンスミス", "ジョン・スミス"], ["ｼﾞｮﾝ･ｽﾐｽ", "ジョン・スミス"], ["JohnSmith", "John-Smith"]]) {
      const { body } = await list(`?name=${encodeURIComponent(text!)}`);
      expect([names(body), (body as PersonList & { name_match?: string }).name_match]).toEqual([[found], "exact"]);
    }
  });

  it("never finds another tenant's persons", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    await create("Secret Quokka", other.tenant.uuid);
    expect((await list("?name=quokka")).body).toMatchObject({ items: [], total: 0 });
    expect(names((await list("?name=quokka", other.key)).body)).toEqual(["Secret Quokka"]);
  });
});

describe("GET /v1/persons?company_uuid= (ours)", () => {
  const names = (body: PersonList) => body.items.map((item) => item.name);
  const company = async (name: string, key = acme.key) =>
    (await context.json("/v1/companies", { key, method: "POST", body: { company_name: name } })).body!.uuid as string;
  const person = async (body: Record<string, unknown>, key = acme.key) => {
    const created = await context.json("/v1/persons", { key, method: "POST", body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { uuid: string; name: string; service_updated_at: number };
  };

  it("lists the company's current members, primary or not, with the other filters, and no former member", async () => {
    const acmeCo = await company("Acme Corp");
    const globex = await company("Globex");
    await person({ name: "Ada Primary", primary_company_uuid: acmeCo });
    await person({ name: "Bo Advisor", primary_company_uuid: globex, affiliations: [{ company_uuid: globex }, { company_uuid: acmeCo, title: "Advisor" }] });
    await person({ name: "Cy Former", affiliations: [{ company_uuid: acmeCo, is_current: false, ended_on: "2024-01-31" }] });
    await person({ name: "Di Globex", primary_company_uuid: globex });
    context.clock.advance(60_000);
    const later = await person({ name: "Ed Later", primary_company_uuid: acmeCo });

    const found = await list(`?company_uuid=${acmeCo}&sort_by=name`);
    expect(found.status).toBe(200);
    expect(names(found.body)).toEqual(["Ada Primary", "Bo Advisor", "Ed Later"]);
    expect(found.body.total).toBe(3);
    // The same records as the unfiltered list: derived fields and affiliations included.
    const unfiltered = (await list("?per_page=50&sort_by=name")).body.items.filter((item) => names(found.body).includes(item.name));
    expect(found.body.items).toEqual(unfiltered);
    // Upper-case hex is the same company.
    expect(names((await list(`?company_uuid=${acmeCo.toUpperCase()}&sort_by=name`)).body)).toEqual(["Ada Primary", "Bo Advisor", "Ed Later"]);
    // Default order, as without the filter: service_updated_at ascending.
    expect(names((await list(`?company_uuid=${acmeCo}`)).body).at(-1)).toBe("Ed Later");
    expect(names((await list(`?company_uuid=${acmeCo}&name=bo`)).body)).toEqual(["Bo Advisor"]);
    expect(names((await list(`?company_uuid=${acmeCo}&modified_since=${new Date(later.service_updated_at).toISOString()}`)).body)).toEqual(["Ed Later"]);
    expect(names((await list(`?company_uuid=${globex}&uuids=${later.uuid}`)).body)).toEqual([]);
    expect(names((await list(`?company_uuid=${globex}&sort_by=name&order=desc`)).body)).toEqual(["Di Globex", "Bo Advisor"]);
  });

  it("follows a job change: the person leaves the previous company's list and joins the new one's", async () => {
    const acmeCo = await company("Acme Corp");
    const globex = await company("Globex");
    const ada = await person({ name: "Ada", primary_company_uuid: acmeCo });
    expect(names((await list(`?company_uuid=${acmeCo}`)).body)).toEqual(["Ada"]);
    const moved = await context.json(`/v1/persons/${ada.uuid}`, { key: acme.key, method: "PUT", body: { primary_company_uuid: globex } });
    expect(moved.status).toBe(200);
    expect((await list(`?company_uuid=${acmeCo}`)).body).toMatchObject({ items: [], total: 0 });
    expect(names((await list(`?company_uuid=${globex}`)).body)).toEqual(["Ada"]);
  });

  it("pages by number and by cursor, the cursor bound to the company", async () => {
    const acmeCo = await company("Acme Corp");
    const globex = await company("Globex");
    for (let index = 0; index < 7; index++) await person({ name: `Member ${index}`, primary_company_uuid: acmeCo });
    await person({ name: "Outsider", primary_company_uuid: globex });
    const second = await list(`?company_uuid=${acmeCo}&sort_by=name&per_page=3&page=2`);
    expect(second.body).toMatchObject({ page: 2, total: 7, has_more: true });
    expect(names(second.body)).toEqual(["Member 3", "Member 4", "Member 5"]);
    const seen: string[] = [];
    let { body } = await list(`?company_uuid=${acmeCo}&per_page=3&sort_by=name`);
    seen.push(...names(body));
    while (body.next_cursor) {
      const cursor = encodeURIComponent(body.next_cursor);
      const changed = await list(`?company_uuid=${globex}&per_page=3&sort_by=name&cursor=${cursor}`);
      expect(changed.status).toBe(400);
      expect(changed.body.error).toMatch(/filters or sort changed/);
      expect((await list(`?per_page=3&sort_by=name&cursor=${cursor}`)).status).toBe(400);
      ({ body } = await list(`?company_uuid=${acmeCo}&per_page=3&sort_by=name&cursor=${cursor}`));
      expect(body.total).toBeNull();
      seen.push(...names(body));
    }
    expect(seen).toEqual(Array.from({ length: 7 }, (_, index) => `Member ${index}`));
    // A scan without the filter does not continue as one with it.
    const plain = await list("?per_page=3");
    expect((await list(`?company_uuid=${acmeCo}&per_page=3&cursor=${encodeURIComponent(plain.body.next_cursor!)}`)).status).toBe(400);
  });

  it("answers another tenant's company as an unknown one, with no persons, and 400 for a uuid that is not one", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await company("Their Co", other.key);
    await person({ name: "Their Member", primary_company_uuid: theirs }, other.key);
    const ours = await company("Our Co");
    await person({ name: "Our Member", primary_company_uuid: ours });
    const unknown = await list("?company_uuid=00000000-0000-4000-8000-000000000000");
    const foreign = await list(`?company_uuid=${theirs}`);
    expect(unknown).toEqual({ status: 200, body: { items: [], page: 1, per_page: 10, total: 0, has_more: false, next_cursor: null } });
    expect(foreign).toEqual(unknown);
    expect(names((await list(`?company_uuid=${theirs}`, other.key)).body)).toEqual(["Their Member"]);
    expect((await list(`?company_uuid=${ours}`, other.key)).body).toMatchObject({ items: [], total: 0 });
    for (const query of ["?company_uuid=acme", "?company_uuid=", `?company_uuid=${ours},${theirs}`]) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toMatch(/company_uuid.*must be a UUID/);
    }
  });

  it("is in the OpenAPI document", async () => {
    const document = await context.json("/v1/openapi.json");
    const parameters = document.body!.paths["/v1/persons"].get.parameters as Array<{ name: string; in: string; schema: { type: string } }>;
    expect(parameters.find((parameter) => parameter.name === "company_uuid")).toMatchObject({ in: "query", schema: { type: "string" } });
  });
});
