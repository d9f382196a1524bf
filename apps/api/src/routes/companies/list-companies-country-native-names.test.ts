/**
 * GET /v1/companies?country=: a country named in its own language or another ("Deutschland", "Россия", "日本") resolves
 * as its English name does, and a company stored with such a name is found by the country's English name or code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  other = await buildTenant(context.services);
  const companyIn = (tenant: TestTenant, company_name: string, country: string) =>
    context.services.store.companies.create({ tenant_uuid: tenant.tenant.uuid, company_name, country });
  await companyIn(acme, "Berliner Bank", "Deutschland");
  await companyIn(acme, "Munich Motors", "Germany");
  await companyIn(acme, "Газпромбанк", "Россия");
  await companyIn(acme, "VTB", "RU");
  await companyIn(acme, "三菱UFJ銀行", "日本");
  await companyIn(acme, "İş Bankası", "Türkiye");
  await companyIn(other, "Deutsche Firma", "Deutschland");
});
afterAll(() => context.close());

async function list(query: string): Promise<{ status: number; names: string[]; error?: string }> {
  const response = await context.request(`/v1/companies?${query}&per_page=50`, { key: acme.key });
  const body = (await response.json()) as { items?: Array<{ company_name: string }>; error?: string };
  return { status: response.status, names: (body.items ?? []).map((item) => item.company_name).sort(), ...(body.error ? { error: body.error } : {}) };
}

describe("GET /v1/companies country filter by a name in another language", () => {
  it("resolves the country's name in its own language, and finds the companies stored with either name or its code", async () => {
    expect(await list(`country=${encodeURIComponent("Deutschland")}`)).toEqual({ status: 200, names: ["Berliner Bank", "Munich Motors"] });
    expect(await list("country=Germany")).toEqual({ status: 200, names: ["Berliner Bank", "Munich Motors"] });
    expect(await list(`country=${encodeURIComponent("Россия")}`)).toEqual({ status: 200, names: ["VTB", "Газпромбанк"] });
    expect(await list("country=RU")).toEqual({ status: 200, names: ["VTB", "Газпромбанк"] });
    expect(await list(`country=${encodeURIComponent("日本")}`)).toEqual({ status: 200, names: ["三菱UFJ銀行"] });
    expect(await list(`country=${encodeURIComponent("TÜRKİYE")}`)).toEqual({ status: 200, names: ["İş Bankası"] });
  });

  it("keeps a name of nowhere, or of two countries, a 400 naming it", async () => {
    expect(await list(`country=${encodeURIComponent("Конго")}`)).toEqual({ status: 400, names: [], error: expect.stringMatching(/^country 'Конго' is not a recognized country/) });
    expect(await list("country=Ruritania")).toEqual({ status: 400, names: [], error: expect.stringMatching(/^country 'Ruritania' is not a recognized country/) });
  });
});
