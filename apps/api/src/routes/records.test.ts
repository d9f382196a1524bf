/** Happy, error and isolation paths of the person, company and user reads. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../testing/test-harness.js";

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
});
afterAll(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;

describe("GET /v1/persons/{person_uuid}", () => {
  it("returns the person with its primary company, emails and the derived fields", async () => {
    const { store } = context.services;
    const company = await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Globex", logo_url: "https://globex.example/logo.png" });
    const person = await store.persons.create({
      tenant_uuid: acme.tenant.uuid,
      first_name: "Grace",
      last_name: "Hopper",
      emails: ["Grace@Globex.example", "grace@home.example"],
      job_title: "CTO",
      primary_company_uuid: company.uuid,
      tags: ["investor"],
    });
    const response = await context.request(`/v1/persons/${person.uuid.toUpperCase()}`, { key: acme.key });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      uuid: person.uuid,
      name: "Grace Hopper",
      email: "grace@globex.example",
      emails: [
        { address: "grace@globex.example", is_primary: true },
        { address: "grace@home.example", is_primary: false },
      ],
      primary_company: { uuid: company.uuid, name: "Globex", logo_url: "https://globex.example/logo.png" },
      tags: ["investor"],
      is_internal: false,
      strongest_relationships: null,
      my_next_meeting_at: null,
    });
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    const malformed = await context.request("/v1/persons/not-a-uuid", { key: acme.key });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error).toMatch(/path parameter 'person_uuid': must be a UUID/);
    const unknown = await context.request("/v1/persons/00000000-0000-4000-8000-000000000000", { key: acme.key });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toMatch(/person 00000000-0000-4000-8000-000000000000 not found/);
  });
});

describe("companies", () => {
  it("reads one company and filters the list by name, case-insensitively and literally", async () => {
    const { store } = context.services;
    const globex = await store.companies.create({
      tenant_uuid: acme.tenant.uuid,
      company_name: "Globex Corporation",
      domain: "globex.example",
      employee_count: "11-50",
      company_custom_fields: { "7d1c2a34-0000-4000-8000-000000000001": "tier-1" },
    });
    await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Initech" });
    await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "100% Juice" });
    const one = await context.request(`/v1/companies/${globex.uuid}`, { key: acme.key });
    expect(await json(one)).toMatchObject({
      uuid: globex.uuid,
      company_name: "Globex Corporation",
      domain: "globex.example",
      employee_count: "11-50",
      company_custom_fields: { "7d1c2a34-0000-4000-8000-000000000001": "tier-1" },
      strongest_relationships: null,
    });
    const names = async (query: string) =>
      ((await json(await context.request(`/v1/companies${query}`, { key: acme.key }))).items as Array<{ company_name: string }>).map(
        (item) => item.company_name,
      );
    expect(await names("?name=GLOBEX")).toEqual(["Globex Corporation"]);
    expect(await names("?name=%25")).toEqual(["100% Juice"]);
    expect(await names("?sort_by=company_name&order=desc")).toEqual(["Initech", "Globex Corporation", "100% Juice"]);
    expect((await context.request("/v1/companies/00000000-0000-4000-8000-000000000000", { key: acme.key })).status).toBe(404);
  });
});

describe("GET /v1/users", () => {
  it("lists users by name with their roles; a damaged cursor is a 400", async () => {
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid);
    const response = await context.request("/v1/users", { key: acme.key });
    const body = await json(response);
    expect(body).toMatchObject({ page: 1, per_page: 10, total: 2, has_more: false, next_cursor: null });
    expect(body.items).toEqual([
      expect.objectContaining({ uuid: acme.admin.uuid, name: "Alice", role: "administrator", is_active: true }),
      expect.objectContaining({ uuid: acme.member.uuid, name: "Mike", role: "member", is_active: false }),
    ]);
    const withCursor = await context.request("/v1/users?cursor=abc", { key: acme.key });
    expect(withCursor.status).toBe(400);
    expect((await json(withCursor)).error).toMatch(/cursor/);
  });
});
