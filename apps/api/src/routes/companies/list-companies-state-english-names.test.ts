/**
 * GET /v1/companies?state=: a subdivision's English name (CLDR's) resolves as the dataset's own name does, "Bavaria"
 * as Bayern, and subdivisions the dataset lacks resolve by their CLDR name ("England").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const companyIn = (company_name: string, state: string, country: string | null) =>
    context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name, state, country });
  await companyIn("Munich Motors", "Bayern", "Germany");
  await companyIn("Nuremberg Toys", "Bavaria", "DE");
  await companyIn("Augsburg Looms", "BY", "DE");
  await companyIn("Cologne Media", "Nordrhein-Westfalen", "DE");
  await companyIn("London Ledgers", "England", "United Kingdom");
  await companyIn("Edinburgh Energy", "GB-SCT", null);
  await companyIn("Barcelona Bits", "Catalonia", "Spain");
});
afterAll(() => context.close());

async function list(query: string): Promise<{ status: number; names: string[]; error?: string }> {
  const response = await context.request(`/v1/companies?${query}&per_page=50`, { key: acme.key });
  const body = (await response.json()) as { items?: Array<{ company_name: string }>; error?: string };
  return { status: response.status, names: (body.items ?? []).map((item) => item.company_name).sort(), ...(body.error ? { error: body.error } : {}) };
}

describe("GET /v1/companies state filter by a subdivision's English name", () => {
  it("finds a German state by its English name and by its own, stored either way", async () => {
    const bavarian = ["Augsburg Looms", "Munich Motors", "Nuremberg Toys"];
    expect(await list("state=Bavaria")).toEqual({ status: 200, names: bavarian });
    expect(await list("state=Bayern")).toEqual({ status: 200, names: bavarian });
    expect(await list("state=North%20Rhine-Westphalia")).toEqual({ status: 200, names: ["Cologne Media"] });
    expect(await list("state=lower%20saxony&country=Germany")).toEqual({ status: 200, names: [] });
  });

  it("finds the countries of the United Kingdom and Catalonia, which the subdivision dataset lacks", async () => {
    expect(await list("state=England")).toEqual({ status: 200, names: ["London Ledgers"] });
    expect(await list("state=Scotland")).toEqual({ status: 200, names: ["Edinburgh Energy"] });
    expect(await list("state=ENG&country=GB")).toEqual({ status: 200, names: ["London Ledgers"] });
    expect(await list("state=Catalonia")).toEqual({ status: 200, names: ["Barcelona Bits"] });
  });

  it("keeps an English name to its own country, and a name of nowhere a 400 naming it", async () => {
    expect(await list("state=Bavaria&country=Austria")).toEqual({ status: 400, names: [], error: expect.stringMatching(/^state 'Bavaria' does not resolve in Austria/) });
    expect(await list("state=Ruritania")).toEqual({ status: 400, names: [], error: expect.stringMatching(/^state 'Ruritania' does not resolve/) });
  });
});
