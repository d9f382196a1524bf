/** POST /v1/companies and PUT /v1/companies/{company_uuid}: happy, error and security paths. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_COMPANY_NAME_LENGTH, MAX_LABEL_LENGTH } from "../../platform/request/field-limits.js";
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
});
afterAll(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const FIELD_A = "7d1c2a34-0000-4000-8000-00000000000a";
const FIELD_B = "7d1c2a34-0000-4000-8000-00000000000b";

async function createCompany(body: Record<string, unknown>, key = acme.key) {
  const response = await context.request("/v1/companies", { key, method: "POST", body });
  return { status: response.status, body: await json(response) };
}

async function putCompany(uuid: string, body: unknown, key = acme.key) {
  const response = await context.request(`/v1/companies/${uuid}`, { key, method: "PUT", body });
  return { status: response.status, body: await json(response) };
}

describe("POST /v1/companies", () => {
  it("creates a company with normalized domain, tags and investor fields", async () => {
    const { status, body } = await createCompany({
      company_name: "  Globex Health ",
      domain: "https://www.Globex-Health.example/about",
      employee_count: "51-200",
      year_founded: "2015",
      service_industry_tags: ["Healthcare", "AI", "ai", " "],
      investor_types: ["Venture Capital"],
      last_investment_date: "2025-06-01",
      score: 0.7,
      company_custom_fields: { [FIELD_A]: "tier-1" },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      company_name: "Globex Health",
      domain: "globex-health.example",
      employee_count: "51-200",
      year_founded: "2015",
      service_industry_tags: ["Healthcare", "AI"],
      investor_types: ["Venture Capital"],
      last_investment_date: "2025-06-01",
      score: 0.7,
      company_custom_fields: { [FIELD_A]: "tier-1" },
      created_at: context.clock.now(),
      service_updated_at: context.clock.now(),
      strongest_relationships: null,
    });
    const read = await json(await context.request(`/v1/companies/${body.uuid}`, { key: acme.memberKey }));
    expect(read).toEqual(body);
  });

  it("derives the domain from the website when none is given", async () => {
    const { body } = await createCompany({ company_name: "Initech", website: "https://www.initech.example/" });
    expect(body.domain).toBe("initech.example");
  });

  it("keeps web addresses as written, with or without a scheme, and normalizes the contact email", async () => {
    const { status, body } = await createCompany({ company_name: "Hooli", website: " hooli.example/about ", linkedin_url: "https://www.linkedin.com/company/hooli", email: " Info@Hooli.example " });
    expect(status).toBe(201);
    expect(body).toMatchObject({ website: "hooli.example/about", linkedin_url: "https://www.linkedin.com/company/hooli", email: "info@hooli.example", domain: "hooli.example" });
  });

  it("holds the name and trimmed text fields to their limits once trimmed, as they are stored", async () => {
    const name = "N".repeat(MAX_COMPANY_NAME_LENGTH);
    const created = await createCompany({ company_name: ` ${name} `, service_industry_tags: [` ${"t".repeat(MAX_LABEL_LENGTH)} `] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ company_name: name, service_industry_tags: ["t".repeat(MAX_LABEL_LENGTH)] });
    const tooLong = await createCompany({ company_name: ` ${name}N ` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(new RegExp(`company_name.*at most ${MAX_COMPANY_NAME_LENGTH} characters`));
  });

  it("stores custom-field keys given in upper case in lower case, as every UUID is answered, and refuses a key given in both cases", async () => {
    const created = await createCompany({ company_name: "Initech", company_custom_fields: { [FIELD_A.toUpperCase()]: "tier-1" } });
    expect(created.status).toBe(201);
    expect(created.body.company_custom_fields).toEqual({ [FIELD_A]: "tier-1" });
    const read = await json(await context.request(`/v1/companies/${created.body.uuid}`, { key: acme.key }));
    expect(read.company_custom_fields).toEqual({ [FIELD_A]: "tier-1" });
    const twice = await createCompany({ company_name: "Initech", company_custom_fields: { [FIELD_A]: "a", [FIELD_A.toUpperCase()]: "b" } });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/company_custom_fields.*given twice, in upper and in lower case/);
  });

  it("answers 400 naming the field for a missing name, a bad band, a bad year, a bad domain and unknown fields", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ domain: "acme.example" }, /company_name/],
      [{ company_name: "   " }, /company_name': must not be blank/],
      [{ company_name: "A", employee_count: "12-50" }, /employee_count'.*not a band; use one of 1-10, 11-50/],
      [{ company_name: "A", year_founded: "15" }, /year_founded'.*four-digit year/],
      [{ company_name: "A", domain: "not a domain" }, /domain'.*not a domain/],
      [{ company_name: "A", company_custom_fields: { color: "red" } }, /company_custom_fields.*custom-field UUIDs/],
      [{ company_name: "A", colour: "red" }, /colour/],
      [{ company_name: "A", last_investment_date: "2025-02-30" }, /last_investment_date'.*YYYY-MM-DD/],
      [{ company_name: "A", email: "not email" }, /email'.*not an email address/],
      [{ company_name: "A", website: "javascript:alert(1)" }, /website'.*not a web address/],
      [{ company_name: "A", logo_url: "ftp://acme.example/logo.png" }, /logo_url'.*not a web address/],
    ];
    for (const [body, message] of cases) {
      const result = await createCompany(body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error, JSON.stringify(body)).toMatch(message);
    }
  });
  it("answers 400 for a control character in a custom field's text value, at any depth, and keeps tabs and line breaks", async () => {
    const refused: Array<[unknown, RegExp]> = [
      ["tier\u001b[31m", new RegExp(`company_custom_fields\\.${FIELD_A}': must not contain control characters \\(U\\+001B\\)`)],
      [["ok", { label: "bell\u0007" }], /company_custom_fields.*must not contain control characters \(U\+0007\)/],
      ["next\u0085line", /must not contain control characters \(U\+0085\)/],
    ];
    for (const [value, message] of refused) {
      const result = await createCompany({ company_name: "Initech", company_custom_fields: { [FIELD_A]: value } });
      expect(result.status, JSON.stringify(value)).toBe(400);
      expect(result.body.error, JSON.stringify(value)).toMatch(message);
    }
    const listed = await json(await context.request("/v1/companies", { key: acme.key }));
    expect(JSON.stringify(listed)).not.toContain("Initech");
    const kept = await createCompany({ company_name: "Initech", company_custom_fields: { [FIELD_A]: "line one\n\tline two", [FIELD_B]: [3, true, null] } });
    expect(kept.status).toBe(201);
    expect(kept.body.company_custom_fields).toEqual({ [FIELD_A]: "line one\n\tline two", [FIELD_B]: [3, true, null] });
  });
});

describe("PUT /v1/companies/{company_uuid}", () => {
  it("answers 400 for custom field values nested past the body limit or keyed __proto__, writing nothing", async () => {
    const created = (await createCompany({ company_name: "Globex", company_custom_fields: { [FIELD_A]: "kept" } })).body;
    const deep = `{"company_custom_fields":{"${FIELD_B}":${"[".repeat(3_000)}${"]".repeat(3_000)}}}`;
    const proto = `{"company_custom_fields":{"${FIELD_B}":"b","__proto__":{"x":1}}}`;
    for (const body of [deep, proto]) {
      const result = await putCompany(created.uuid, body);
      expect(result.status).toBe(400);
      expect(result.body.error).toMatch(/levels deep|'__proto__'/);
    }
    const read = await context.request(`/v1/companies/${created.uuid}`, { key: acme.key });
    expect(read.status).toBe(200);
    expect((await json(read)).company_custom_fields).toEqual({ [FIELD_A]: "kept" });
  });

  it("writes only the fields present, replaces company_custom_fields whole, and bumps service_updated_at", async () => {
    const created = (
      await createCompany({
        company_name: "Globex",
        city: "London",
        sector: "Healthcare",
        employee_count: "11-50",
        company_custom_fields: { [FIELD_A]: "a", [FIELD_B]: "b" },
      })
    ).body;
    context.clock.advance(5_000);
    const { status, body } = await putCompany(created.uuid, {
      description: "Clinical AI",
      employee_count: "10000+",
      sector: null,
      company_custom_fields: { [FIELD_B]: "b2" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ uuid: created.uuid, service_updated_at: created.service_updated_at + 5_000 });
    const read = await json(await context.request(`/v1/companies/${created.uuid}`, { key: acme.key }));
    expect(read).toMatchObject({
      company_name: "Globex",
      city: "London",
      description: "Clinical AI",
      employee_count: "10000+",
      sector: null,
      company_custom_fields: { [FIELD_B]: "b2" },
      service_updated_at: created.service_updated_at + 5_000,
    });
    expect(read.company_custom_fields).not.toHaveProperty(FIELD_A);
  });

  it("keeps the stored domain when only the website is written, and takes the website's when the company has none", async () => {
    const withDomain = (await createCompany({ company_name: "Globex", domain: "globex.example" })).body;
    expect((await putCompany(withDomain.uuid, { website: "https://blog.press.example/globex" })).status).toBe(200);
    const kept = await json(await context.request(`/v1/companies/${withDomain.uuid}`, { key: acme.key }));
    expect(kept).toMatchObject({ website: "https://blog.press.example/globex", domain: "globex.example" });
    const byDomain = await json(await context.request("/v1/companies?domain=globex.example", { key: acme.key }));
    expect(byDomain.items.map((item: { uuid: string }) => item.uuid)).toEqual([withDomain.uuid]);

    const withoutDomain = (await createCompany({ company_name: "Initech" })).body;
    await putCompany(withoutDomain.uuid, { website: "https://www.initech.example/about" });
    expect((await json(await context.request(`/v1/companies/${withoutDomain.uuid}`, { key: acme.key }))).domain).toBe("initech.example");
    // Both named: the body's domain is written, as it says.
    await putCompany(withDomain.uuid, { website: "https://globex.example", domain: "globex-health.example" });
    expect((await json(await context.request(`/v1/companies/${withDomain.uuid}`, { key: acme.key }))).domain).toBe("globex-health.example");
  });

  it("moves no service_updated_at for an empty body or the stored values (a sync's echo), so pollers see only changes", async () => {
    const created = (await createCompany({ company_name: "Globex", domain: "globex.example" })).body;
    context.clock.advance(1_000);
    const polled = async () =>
      (await json(await context.request(`/v1/companies?modified_since=${new Date(created.service_updated_at + 1).toISOString()}`, { key: acme.key }))).items.map(
        (item: { uuid: string }) => item.uuid,
      );
    for (const body of [{}, { company_name: "Globex", domain: "https://www.GLOBEX.example/" }]) {
      expect(await putCompany(created.uuid, body)).toMatchObject({ status: 200, body: { service_updated_at: created.service_updated_at } });
    }
    expect(await polled()).toEqual([]);
    expect((await putCompany(created.uuid, { city: "Springfield" })).body.service_updated_at).toBe(created.service_updated_at + 1_000);
    expect(await polled()).toEqual([created.uuid]);
  });

  it("validates the band against the filter bands and rejects unknown fields, writing nothing", async () => {
    const created = (await createCompany({ company_name: "Globex", employee_count: "11-50", city: "London" })).body;
    for (const body of [{ employee_count: "11 - 50", city: "Paris" }, { employee_count: "10001+" }, { company_name: null }, { city: "Paris", citty: "Rome" }]) {
      const result = await putCompany(created.uuid, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
    const read = await json(await context.request(`/v1/companies/${created.uuid}`, { key: acme.key }));
    expect(read).toMatchObject({ employee_count: "11-50", city: "London", service_updated_at: created.service_updated_at });
  });

  it("answers 404 for an unknown company and for another tenant's, which stays unchanged", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = (await createCompany({ company_name: "Their Co", city: "Oslo" }, other.key)).body;
    const unknown = await putCompany("00000000-0000-4000-8000-000000000000", { city: "X" });
    expect(unknown.status).toBe(404);
    const foreign = await putCompany(theirs.uuid, { city: "Paris" }, acme.adminKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(`company ${theirs.uuid} not found`);
    const read = await json(await context.request(`/v1/companies/${theirs.uuid}`, { key: other.key }));
    expect(read.city).toBe("Oslo");
  });

  it("lets a member update a company: companies are shared tenant records without an owner", async () => {
    const created = (await createCompany({ company_name: "Globex" })).body;
    expect((await putCompany(created.uuid, { city: "Leeds" }, acme.memberKey)).status).toBe(200);
  });
});
