/**
 * GET /v1/companies?name=: the substring first (name_match exact), and when it finds nothing the fuzzy retry
 * (misspellings, a legal form one side lacks; name_match fuzzy), with the other filters, cursors and totals, never
 * another tenant's companies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;

interface CompanyList {
  items: Array<{ company_name: string }>;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
  name_match?: string;
  error?: string;
}

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  other = await buildTenant(context.services, { name: "Other" });
  for (const [company_name, city] of [
    ["Northwind Robotics", "Boston"],
    ["Northwind Traders", "Seattle"],
    ["Globex Health", "London"],
  ]) await context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: company_name!, city });
  await context.services.store.companies.create({ tenant_uuid: other.tenant.uuid, company_name: "Initech Payments GmbH" });
});
afterAll(() => context.close());

async function list(query: string, key = acme.key): Promise<{ status: number; body: CompanyList }> {
  const response = await context.request(`/v1/companies?${query}`, { key });
  return { status: response.status, body: (await response.json()) as CompanyList };
}
const names = (body: CompanyList) => body.items.map((item) => item.company_name);

describe("GET /v1/companies?name=", () => {
  it("keeps a substring's matches exact, and retries a misspelt name or a legal form fuzzily", async () => {
    const exact = await list("name=northwind&sort_by=company_name");
    expect(exact.body).toMatchObject({ name_match: "exact", total: 2 });
    expect(names(exact.body)).toEqual(["Northwind Robotics", "Northwind Traders"]);
    for (const name of ["Northwnd%20Robotics", "Northwind%20Robotics%20Inc", "northwind%20robotics%2C%20inc."]) {
      const { status, body } = await list(`name=${name}`);
      expect(status, name).toBe(200);
      expect(body, name).toMatchObject({ name_match: "fuzzy", total: 1 });
      expect(names(body), name).toEqual(["Northwind Robotics"]);
    }
    expect((await list("name=zzzz%20qqqq")).body).toMatchObject({ items: [], total: 0, name_match: "fuzzy" });
    expect((await list("")).body.name_match).toBeUndefined();
  });

  it("combines the retry with the other filters and never shows another tenant's companies", async () => {
    expect(names((await list("name=Northwnd&city=seattle")).body)).toEqual(["Northwind Traders"]);
    expect((await list("name=Initech%20Payments")).body).toMatchObject({ items: [], total: 0, name_match: "fuzzy" });
    expect(names((await list("name=Initech%20Payments%20AG", other.key)).body)).toEqual(["Initech Payments GmbH"]);
    expect((await list("name=Northwnd", other.key)).body).toMatchObject({ items: [], total: 0 });
  });

  it("walks a fuzzy page by cursor, each page marked, bound to the name and sort", async () => {
    const first = await list("name=Northwnd&per_page=1");
    expect(first.body).toMatchObject({ total: 2, has_more: true, name_match: "fuzzy" });
    const cursor = encodeURIComponent(first.body.next_cursor!);
    const next = await list(`name=Northwnd&per_page=1&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ total: null, has_more: false, next_cursor: null, name_match: "fuzzy" });
    expect([...names(first.body), ...names(next.body)].sort()).toEqual(["Northwind Robotics", "Northwind Traders"]);
    // Closest first has no sort_by: an explicit one is another scan.
    expect((await list(`name=Northwnd&per_page=1&sort_by=service_updated_at&cursor=${cursor}`)).status).toBe(400);
  });
});
