/** GET /v1/duplicates: likely duplicate persons and companies through the app, their pages, and the merge each names. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  other = await buildTenant(context.services, { name: "Other" });
});
afterEach(() => context.close());

const read = async (path: string, key = acme.key) => {
  const response = await context.request(path, { key });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

/** A contact imported twice (a new address, a new company, the old one as past) and a company made twice. */
async function twice(tenant = acme) {
  const { store } = context.services;
  const tenantUuid = tenant.tenant.uuid;
  const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech", domain: "initech.example" });
  // Later: the record to merge away.
  context.clock.advance(1_000);
  const initechLlc = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "INITECH, LLC" });
  const hooli = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Hooli" });
  const first = await store.persons.create({ tenant_uuid: tenantUuid, name: "Renée Dubois", emails: ["renee@initech.example"], primary_company_uuid: initech.uuid });
  context.clock.advance(1_000);
  const second = await store.persons.create({
    tenant_uuid: tenantUuid,
    name: "renee dubois",
    emails: ["rd@hooli.example"],
    primary_company_uuid: hooli.uuid,
    affiliations: [{ company_uuid: initech.uuid, is_current: false }],
  });
  return { initech, initechLlc, first, second };
}

describe("GET /v1/duplicates", () => {
  it("names both records of each pair, why, and the merge that makes them one; the merge done, the pair is gone", async () => {
    const { initech, initechLlc, first, second } = await twice();
    const { status, body } = await read("/v1/duplicates");
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, total: 2, has_more: false, next_cursor: null });
    expect(body.items).toEqual([
      {
        entity_type: "PERSON",
        canonical: { uuid: first.uuid, name: "Renée Dubois", created_at: first.created_at },
        duplicate: { uuid: second.uuid, name: "renee dubois", created_at: second.created_at },
        confidence: "likely",
        reasons: [{ reason: "SAME_NAME_SHARED_COMPANY", shared: initech.uuid }],
        merge: { operation_id: "mergePerson", method: "POST", path: `/v1/persons/${first.uuid}/merge`, body: { superseded_person_uuid: second.uuid, preview: false } },
      },
      {
        entity_type: "COMPANY",
        canonical: { uuid: initech.uuid, name: "Initech", created_at: initech.created_at },
        duplicate: { uuid: initechLlc.uuid, name: "INITECH, LLC", created_at: initechLlc.created_at },
        confidence: "likely",
        reasons: [{ reason: "SAME_NAME", shared: "initech" }],
        merge: { operation_id: "mergeCompany", method: "POST", path: `/v1/companies/${initech.uuid}/merge`, body: { superseded_company_uuid: initechLlc.uuid, preview: false } },
      },
    ]);
    for (const pair of body.items) {
      const merged = await context.request(pair.merge.path, { key: acme.key, method: "POST", body: pair.merge.body });
      expect(merged.status).toBe(200);
    }
    expect((await read("/v1/duplicates")).body).toMatchObject({ items: [], total: 0 });
  });

  it("pages with page or cursor, filters by entity_type, and refuses a bad filter or page with cursor", async () => {
    await twice();
    const first = await read("/v1/duplicates?per_page=1");
    expect(first.body).toMatchObject({ total: 2, has_more: true, items: [{ entity_type: "PERSON" }] });
    const next = await read(`/v1/duplicates?per_page=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(next.body).toMatchObject({ total: null, has_more: false, next_cursor: null, items: [{ entity_type: "COMPANY" }] });
    expect((await read("/v1/duplicates?entity_type=COMPANY")).body).toMatchObject({ total: 1, items: [{ entity_type: "COMPANY" }] });
    const changed = await read(`/v1/duplicates?entity_type=PERSON&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatch(/cursor is for another scan/);
    const bad = await read("/v1/duplicates?entity_type=OPPORTUNITY");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/entity_type/);
    expect((await read(`/v1/duplicates?page=2&cursor=${encodeURIComponent(first.body.next_cursor)}`)).status).toBe(400);
  });

  it("shows a tenant only its own records' pairs", async () => {
    await twice(other);
    expect((await read("/v1/duplicates")).body).toMatchObject({ items: [], total: 0 });
    expect((await read("/v1/duplicates", other.key)).body).toMatchObject({ total: 2 });
  });
});
