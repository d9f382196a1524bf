/**
 * GET /v1/companies?name=: the specification's substring, and only it, in the items; when it matches nothing the
 * empty page carries name_suggestions (misspellings, a legal form one side lacks), with the other filters, never
 * another tenant's companies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;
let robotics: string;

interface CompanyList {
  items: Array<{ company_name: string }>;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
  name_suggestions?: Array<{ uuid: string; name: string; domain: string | null }>;
}

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  other = await buildTenant(context.services, { name: "Other" });
  const create = (tenant_uuid: string, company_name: string, city: string | null, domain: string | null) => context.services.store.companies.create({ tenant_uuid, company_name, city, domain });
  robotics = (await create(acme.tenant.uuid, "Northwind Robotics", "Boston", "northwind.example")).uuid;
  await create(acme.tenant.uuid, "Northwind Traders", "Seattle", null);
  await create(acme.tenant.uuid, "Globex Health", "London", null);
  await create(other.tenant.uuid, "Initech Payments GmbH", null, null);
});
afterAll(() => context.close());

async function list(query: string, key = acme.key): Promise<{ status: number; body: CompanyList }> {
  const response = await context.request(`/v1/companies?${query}`, { key });
  return { status: response.status, body: (await response.json()) as CompanyList };
}
const names = (body: CompanyList) => body.items.map((item) => item.company_name);
const suggested = (body: CompanyList) => body.name_suggestions?.map((suggestion) => suggestion.name);
const emptyPage = { items: [], page: 1, total: 0, has_more: false, next_cursor: null };

describe("GET /v1/companies?name=", () => {
  it("answers a substring's matches as the specification says, with no suggestions", async () => {
    const { body } = await list("name=northwind&sort_by=company_name");
    expect(names(body)).toEqual(["Northwind Robotics", "Northwind Traders"]);
    expect(body).not.toHaveProperty("name_suggestions");
    expect(await list("name=northwind&page=9")).toMatchObject({ status: 200, body: { items: [], total: 2 } });
    expect((await list("name=northwind&page=9")).body).not.toHaveProperty("name_suggestions");
    expect((await list("")).body).not.toHaveProperty("name_suggestions");
  });

  it("answers a misspelt name or a legal form with the empty page and the closest companies as name_suggestions", async () => {
    for (const name of ["Northwnd%20Robotics", "Northwind%20Robotics%20Inc", "northwind%20robotics%2C%20inc."]) {
      const { status, body } = await list(`name=${name}`);
      expect(status, name).toBe(200);
      expect(body, name).toMatchObject(emptyPage);
      expect(body.name_suggestions, name).toEqual([{ uuid: robotics, name: "Northwind Robotics", domain: "northwind.example" }]);
    }
    const both = (await list("name=Nortwind")).body;
    expect(both).toMatchObject(emptyPage);
    expect(suggested(both)?.sort()).toEqual(["Northwind Robotics", "Northwind Traders"]);
    expect((await list("name=zzzz%20qqqq")).body).toEqual({ ...emptyPage, per_page: 10, name_suggestions: [] });
    // A name of punctuation alone has no words to compare: an empty page, not a 500.
    expect(await list("name=%5B%5D")).toMatchObject({ status: 200, body: { ...emptyPage, name_suggestions: [] } });
  });

  it("ANDs the other filters into the suggestions and never suggests another tenant's companies", async () => {
    expect(suggested((await list("name=Northwnd&city=seattle")).body)).toEqual(["Northwind Traders"]);
    expect(suggested((await list("name=Northwnd%20Robotics&city=seattle")).body)).toEqual([]);
    expect(suggested((await list("name=Initech%20Payments%20AG")).body)).toEqual([]);
    expect(suggested((await list("name=Initech%20Payments%20AG", other.key)).body)).toEqual(["Initech Payments GmbH"]);
    expect(suggested((await list("name=Northwnd", other.key)).body)).toEqual([]);
  });

  it("binds a cursor to the default sort as to service_updated_at given, with a name too", async () => {
    const first = await list("name=northwind&per_page=1");
    expect(first.body).toMatchObject({ total: 2, has_more: true });
    const cursor = encodeURIComponent(first.body.next_cursor!);
    const next = await list(`name=northwind&per_page=1&sort_by=service_updated_at&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ total: null, has_more: false, next_cursor: null });
    expect(next.body).not.toHaveProperty("name_suggestions");
    expect([...names(first.body), ...names(next.body)].sort()).toEqual(["Northwind Robotics", "Northwind Traders"]);
  });
});
