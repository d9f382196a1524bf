/**
 * GET /v1/persons?sort_by=name and GET /v1/companies?sort_by=company_name list names as a reader looks them up: case
 * and accents do not split the alphabet, other scripts come after Latin (Greek, Cyrillic, CJK), ties by uuid; by page
 * numbers and by cursor alike, both ways. A cursor of the code-point order before (name and uuid) is a clear 400.
 * A name in Arabic script is one name whichever Arabic or Persian keyboard typed it, for `name` and for the order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { buildPipeline } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

/** The seeded names in the order a reader expects (with the users' own persons, Alice and Mike, among them). */
const PERSONS_IN_ORDER = ["abel", "Ábel", "Alice", "Éva", "Mike", "Österreich", "zara", "Zoe", "Zoe", "Ω", "Я", "山田"];
const COMPANIES_IN_ORDER = ["abel", "Ábel", "Éva", "Österreich", "zara", "Zoe", "Zoe", "Ω", "Я", "山田"];

interface Listed {
  items: Array<{ uuid: string; name?: string; company_name?: string }>;
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
  const { store } = context.services;
  // Created out of order, so no order of creation passes for the name order.
  for (const name of [...COMPANIES_IN_ORDER].reverse()) {
    await store.persons.create({ tenant_uuid: acme.tenant.uuid, name });
    await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: name });
  }
});
afterAll(() => context.close());

async function get(path: string): Promise<{ status: number; body: Listed & { error?: string } }> {
  const response = await context.request(path, { key: acme.key });
  return { status: response.status, body: (await response.json()) as Listed & { error?: string } };
}

/** Every item of a list, read `per_page` at a time by page numbers or by following next_cursor. */
async function scan(path: string, by: "page" | "cursor"): Promise<Listed["items"]> {
  const items: Listed["items"] = [];
  for (let page = 1; ; page += 1) {
    const { status, body } = await get(`${path}&per_page=3&page=${page}`);
    expect(status, body.error).toBe(200);
    items.push(...body.items);
    if (!body.has_more) return items;
    if (by === "cursor") {
      let next = body.next_cursor;
      while (next) {
        const more = await get(`${path}&per_page=3&cursor=${encodeURIComponent(next)}`);
        expect(more.status, more.body.error).toBe(200);
        items.push(...more.body.items);
        next = more.body.next_cursor;
      }
      return items;
    }
  }
}

const cases = [
  { path: "/v1/persons?sort_by=name", expected: PERSONS_IN_ORDER, nameOf: (item: Listed["items"][number]) => item.name },
  { path: "/v1/companies?sort_by=company_name", expected: COMPANIES_IN_ORDER, nameOf: (item: Listed["items"][number]) => item.company_name },
];

describe("the person and company lists in name order", () => {
  for (const { path, expected, nameOf } of cases) {
    it(`${path}: names as a reader expects, both ways, by page numbers and by cursor, ties by uuid`, async () => {
      for (const order of ["asc", "desc"] as const) {
        for (const by of ["page", "cursor"] as const) {
          const items = await scan(`${path}&order=${order}`, by);
          expect(items.map(nameOf), `${order} by ${by}`).toEqual(order === "asc" ? expected : [...expected].reverse());
          const zoes = items.filter((item) => nameOf(item) === "Zoe").map((item) => item.uuid);
          expect(zoes, `${order} by ${by}`).toEqual(order === "asc" ? [...zoes].sort() : [...zoes].sort().reverse());
        }
      }
    });

    it(`${path}: a cursor the list gives for the longest names it takes is one it takes (CJK: 3 bytes a character, twice)`, async () => {
      const [collection, field] = path.startsWith("/v1/persons") ? ["/v1/persons", "name"] : ["/v1/companies", "company_name"];
      const long = ["甲", "乙"].map((last) => "漢".repeat(299) + last);
      for (const name of long) {
        const created = await context.request(collection, { method: "POST", key: acme.key, body: { [field]: name } });
        expect(created.status).toBe(201);
      }
      // The last page of the order holds the long names (CJK after the seeded 山田): one a page, by cursor.
      const first = await get(`${path}&order=desc&per_page=1`);
      expect(nameOf(first.body.items[0]!)).toBe(long[0]);
      const next = await get(`${path}&order=desc&per_page=1&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
      expect(next.status, next.body.error).toBe(200);
      expect(nameOf(next.body.items[0]!)).toBe(long[1]);
    });

    it(`${path}: a cursor of the code-point order before is a 400 that says to start again`, async () => {
      const first = await get(`${path}&per_page=3`);
      const codec = await cursorCodecFor(context.services.store);
      const issued = codec.decode(first.body.next_cursor!);
      // What a cursor of this query carried before: the last row's name and uuid, bound to the same query.
      const older = codec.encode({ ...issued, key: issued.key.slice(1) });
      const refused = await get(`${path}&per_page=3&cursor=${encodeURIComponent(older)}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/^cursor no longer valid: .* start the scan again without cursor$/);
    });
  }
});

describe("name orders' cursors for the longest names that folding lengthens", () => {
  it("are ones the lists take, for persons, companies, users, entity lists and opportunities by owner or intro person", async () => {
    // "ﷺ" folds to 18 letters: 300 of them keyed 9,900 bytes, and the cursor after such a row passed 8,192 characters.
    const longest = (last: string, length: number) => "\ufdfa".repeat(length - 1) + last;
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const created = async (path: string, body: Record<string, string>) => {
      const answer = await context.json(path, { method: "POST", key: acme.key, body });
      expect(answer.status, path).toBe(201);
      return answer.body as { uuid: string };
    };
    const person = await created("/v1/persons", { name: longest("甲", 300) });
    await created("/v1/persons", { name: longest("乙", 300) });
    for (const last of ["甲", "乙"]) await created("/v1/companies", { company_name: longest(last, 300) });
    for (const last of ["甲", "乙"]) await created("/v1/lists", { name: longest(last, 200), kind: "persons" });
    const owner = await store.users.create({ tenant_uuid: tenantUuid, name: longest("甲", 300), email: "long@acme.example", role: "member" });
    await store.users.create({ tenant_uuid: tenantUuid, name: longest("乙", 300), email: "longer@acme.example", role: "member" });
    const pipeline = await buildPipeline(context.services, acme, { stageNames: ["Open"], subopportunities: false });
    for (const name of ["One", "Two"]) {
      const base = { tenant_uuid: tenantUuid, type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid, name };
      await store.opportunities.create({ ...base, owner_user_uuid: owner.uuid, intro_person_uuid: person.uuid }, { user_uuid: null });
    }
    const orders = ["/v1/persons?sort_by=name", "/v1/companies?sort_by=company_name", "/v1/users?sort_by=name", "/v1/lists?sort_by=name"];
    for (const path of [...orders, "/v1/opportunities?sort_by=owner", "/v1/opportunities?sort_by=intro_person"]) {
      // One row a page from the end (山田, then the long names), so a page ends on a long name and its cursor carries its key.
      let { body } = await get(`${path}&order=desc&per_page=1`);
      for (let pages = 1; pages < 4 && body.next_cursor; pages += 1) {
        const next = await get(`${path}&order=desc&per_page=1&cursor=${encodeURIComponent(body.next_cursor)}`);
        ({ body } = next);
        expect(next.status, `${path} page ${pages + 1}: ${body.error}`).toBe(200);
      }
    }
  });
});

/** One name as Arabic and Persian keyboards type it: yeh, kaf, teh marbuta, alef forms, harakat, tatweel, digits. */
const ARABIC_SPELLINGS = [
  ["علي", "علی", "على"],
  ["كمال", "کمال"],
  ["فاطمة", "فاطمه"],
  ["احمد", "أحمد"],
  ["اسلام", "إسلام"],
  ["ادم", "آدم"],
  ["امير", "ٱمير"],
  ["محمد", "مُحَمَّد"],
  ["سعيد", "سعيـــد"],
  ["1402", "۱۴۰۲", "١٤٠٢"],
];

describe("names in Arabic script", () => {
  it("are found by `name` and listed together by name whichever keyboard typed them", async () => {
    const { store } = context.services;
    const uuids = { persons: new Map<string, string>(), companies: new Map<string, string>() };
    for (const name of ARABIC_SPELLINGS.flat()) {
      uuids.persons.set(name, (await store.persons.create({ tenant_uuid: acme.tenant.uuid, name })).uuid);
      uuids.companies.set(name, (await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: name })).uuid);
    }
    for (const [collection, sort] of [["persons", "name"], ["companies", "company_name"]] as const) {
      for (const spellings of ARABIC_SPELLINGS) {
        const expected = spellings.map((name) => uuids[collection].get(name)).sort();
        for (const typed of spellings) {
          const { status, body } = await get(`/v1/${collection}?name=${encodeURIComponent(typed)}&per_page=100`);
          expect(status, body.error).toBe(200);
          expect(body.items.map((item) => item.uuid).sort(), `${collection} ${typed}`).toEqual(expected);
        }
      }
      const { body } = await get(`/v1/${collection}?sort_by=${sort}&per_page=100`);
      const listed = body.items.map((item) => item.uuid);
      for (const spellings of ARABIC_SPELLINGS) {
        const places = spellings.map((name) => listed.indexOf(uuids[collection].get(name)!)).sort((left, right) => left - right);
        expect(places.at(-1)! - places[0]!, `${collection} ${spellings.join(" ")}`).toBe(spellings.length - 1);
      }
    }
  });
});
