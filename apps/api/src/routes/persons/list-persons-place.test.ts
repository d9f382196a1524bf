/**
 * GET /v1/persons?city=&country=&state= (ours): the person's own place, read as the company list reads a company's
 * (city a substring, country and state resolved from ISO 3166 names and codes, the spec's 400s), never their
 * company's place; combined with the other filters, bound to a cursor scan, and blind to other tenants.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  const company = await context.json("/v1/companies", { key: acme.key, method: "POST", body: { company_name: "Isar Capital", city: "Munich", country: "Germany" } });
  const people = [
    { name: "Ada Munich", city: "München", state: "Bayern", country: "DE" },
    { name: "Bo Munich", city: "Munich", state: "Bavaria", country: "Germany" },
    { name: "Cy Perth", city: "Perth", state: "WA", country: "Australia" },
    { name: "Di Seattle", city: "Seattle", state: "WA", country: "US" },
    { name: "Fay Placeless", primary_company_uuid: company.body!.uuid },
  ];
  for (const body of people) expect((await context.json("/v1/persons", { key: acme.key, method: "POST", body })).status).toBe(201);
});
afterAll(() => context.close());

async function names(query: string, key = acme.key): Promise<string[]> {
  const { status, body } = await context.json(`/v1/persons?sort_by=name&${query}`, { key });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body!.items as Array<{ name: string }>).map((item) => item.name);
}

async function refusal(query: string): Promise<string> {
  const { status, body } = await context.json(`/v1/persons?${query}`, { key: acme.key });
  expect(status).toBe(400);
  return body!.error as string;
}

describe("GET /v1/persons by place (ours)", () => {
  it("lists persons by their own city, country and state, not by their company's", async () => {
    expect(await names("city=munich")).toEqual(["Bo Munich"]);
    expect(await names("country=Germany")).toEqual(["Ada Munich", "Bo Munich"]);
    expect(await names("country=DEU")).toEqual(["Ada Munich", "Bo Munich"]);
    // English and native names of one state, whichever was stored.
    expect(await names("state=Bavaria")).toEqual(["Ada Munich", "Bo Munich"]);
    expect(await names("state=WA&country=AU")).toEqual(["Cy Perth"]);
    expect(await names("state=Washington")).toEqual(["Di Seattle"]);
  });

  it("combines with the other filters", async () => {
    expect(await names("country=DE&name=ada")).toEqual(["Ada Munich"]);
    expect(await names("country=DE&city=perth")).toEqual([]);
  });

  it("answers the spec's 400s for a place that does not resolve", async () => {
    expect(await refusal("country=Narnia")).toMatch(/country 'Narnia' is not a recognized/);
    expect(await refusal("state=WA")).toMatch(/send country too/);
    expect(await refusal("state=Atlantis")).toMatch(/state 'Atlantis' does not resolve/);
  });

  it("binds a cursor scan to its place filters", async () => {
    const first = await context.json("/v1/persons?country=DE&per_page=1", { key: acme.key });
    expect(first.body!.items).toHaveLength(1);
    const cursor = first.body!.next_cursor as string;
    const next = await context.json(`/v1/persons?country=DE&per_page=1&cursor=${encodeURIComponent(cursor)}`, { key: acme.key });
    expect(next.body!.items).toHaveLength(1);
    expect(await refusal(`country=AU&per_page=1&cursor=${encodeURIComponent(cursor)}`)).toMatch(/filters or sort changed/);
  });

  it("never lists another tenant's persons", async () => {
    const globex = await buildTenant(context.services, { name: "Globex" });
    expect((await context.json("/v1/persons", { key: globex.key, method: "POST", body: { name: "Their Munich", city: "Munich" } })).status).toBe(201);
    expect(await names("city=munich")).toEqual(["Bo Munich"]);
    expect(await names("city=munich", globex.key)).toEqual(["Their Munich"]);
  });
});
