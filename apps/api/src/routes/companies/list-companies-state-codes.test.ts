/**
 * GET /v1/companies?state=: a subdivision's bare code names it only in its own country, as in the opportunity
 * list. "WA" stored for a company in Australia is Western Australia, not Washington.
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
  await companyIn("Seattle Labs", "WA", "US");
  await companyIn("Perth Mining", "WA", "Australia");
  await companyIn("Olympia Works", "Washington", "United States");
  // No country stored: the code cannot be placed, so it counts for every subdivision with that code.
  await companyIn("Unplaced", "WA", null);
  await companyIn("Joao Pessoa Foods", "PB", "BR");
});
afterAll(() => context.close());

async function names(query: string): Promise<string[]> {
  const response = await context.request(`/v1/companies?${query}&per_page=50`, { key: acme.key });
  const body = (await response.json()) as { items?: Array<{ company_name: string }>; error?: string };
  expect(response.status, body.error).toBe(200);
  return body.items!.map((item) => item.company_name).sort();
}

describe("GET /v1/companies state filter and subdivision codes", () => {
  it("matches a stored code by full name or prefixed code only in that subdivision's country (or with none stored)", async () => {
    expect(await names("state=Washington")).toEqual(["Olympia Works", "Seattle Labs", "Unplaced"]);
    expect(await names("state=US-WA")).toEqual(["Olympia Works", "Seattle Labs", "Unplaced"]);
    expect(await names("state=Western%20Australia")).toEqual(["Perth Mining", "Unplaced"]);
    expect(await names("state=Punjab")).toEqual([]);
  });

  it("keeps a bare code with country to that country", async () => {
    expect(await names("state=WA&country=US")).toEqual(["Olympia Works", "Seattle Labs"]);
    expect(await names("state=WA&country=AU")).toEqual(["Perth Mining"]);
  });
});
