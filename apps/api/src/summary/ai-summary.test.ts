/** GET /v1/persons/{uuid}/ai-summary and GET /v1/companies/{uuid}/ai-summary over HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chatCompletion, startFakeChatServer, type FakeChatServer } from "../testing/fake-chat-server.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { createDeterministicSummaryProvider } from "./deterministic-summary-provider.js";
import { createFallbackSummaryProvider } from "./fallback-summary-provider.js";
import { createOpenAiCompatibleSummaryProvider } from "./openai-compatible-summary-provider.js";

let context: TestContext;
let server: FakeChatServer;

beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(() => server.close());
afterEach(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const DAY = 86_400_000;

/** A person and a company with something recorded of every kind this branch knows. */
async function populated(tenant: TestTenant) {
  const { store } = context.services;
  const tenantUuid = tenant.tenant.uuid;
  const globex = await store.companies.create({
    tenant_uuid: tenantUuid,
    company_name: "Globex",
    sector: "Healthcare",
    city: "London",
    country: "United Kingdom",
    year_founded: "2008",
    employee_count: "201-500",
    operating_status: "active",
    service_industry_tags: ["healthcare", "ai"],
    investor_types: ["Private Equity"],
    last_investment_type: "series_c",
    last_investment_date: "2025-06-01",
  });
  const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
  const jane = await store.persons.create({
    tenant_uuid: tenantUuid,
    name: "Jane Doe",
    job_title: "CTO",
    primary_company_uuid: globex.uuid,
    city: "London",
    country: "United Kingdom",
    tags: ["investor", "speaker"],
    affiliations: [{ company_uuid: initech.uuid, title: "Engineer", is_current: false, started_on: "2015-01-01", ended_on: "2019-12-31" }],
  });
  await store.persons.create({ tenant_uuid: tenantUuid, name: "Raj Patel", primary_company_uuid: globex.uuid });
  const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Speakers", kind: "persons", owner_user_uuid: null });
  await store.entityLists.addMembers(tenantUuid, list.uuid, [jane.uuid], null);
  context.clock.advance(3 * DAY);
  // A change the summary does not state: "last updated" three days after the creation.
  await store.persons.update(tenantUuid, jane.uuid, { twitter_url: "https://twitter.com/janedoe" });
  return { globex, initech, jane };
}

describe("GET /v1/persons/{person_uuid}/ai-summary", () => {
  it("summarizes a person from the tenant's records alone, sentence by sentence", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { jane } = await populated(acme);
    const response = await context.request(`/v1/persons/${jane.uuid}/ai-summary`, { key: acme.memberKey });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      entity_type: "PERSON",
      entity_uuid: jane.uuid,
      title: "Jane Doe",
      bio: "Jane Doe is CTO at Globex. Jane Doe is based in London, United Kingdom.",
      generated_at: new Date(TEST_START + 3 * DAY).toISOString(),
      sections: [
        { heading: "Career", content: "Jane Doe was Engineer at Initech from 2015-01-01 to 2019-12-31." },
        { heading: "Lists and tags", content: "Jane Doe is tagged investor and speaker. Jane Doe is on the list Speakers." },
        { heading: "Recent changes", content: "The record, created on 2026-11-21, was last updated on 2026-11-24." },
      ],
    });
  });

  it("gives empty sections, no bio and no generated_at when nothing is recorded", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const bare = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Just A Name" });
    const body = await json(await context.request(`/v1/persons/${bare.uuid}/ai-summary`, { key: acme.key }));
    expect(body).toEqual({ entity_type: "PERSON", entity_uuid: bare.uuid, title: "Just A Name", bio: null, generated_at: null, sections: [] });
  });

  it("names a person known by a LinkedIn profile alone by that profile, in the title and every sentence", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const initech = await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Initech" });
    const lina = await store.persons.create({
      tenant_uuid: acme.tenant.uuid,
      linkedin_url: "https://www.linkedin.com/in/Lina-Linked/",
      primary_company_uuid: initech.uuid,
      job_title: "Advisor",
      tags: ["angel"],
    });
    expect(lina.name).toBe("");
    const body = await json(await context.request(`/v1/persons/${lina.uuid}/ai-summary`, { key: acme.key }));
    expect(body).toMatchObject({
      title: "LinkedIn member linkedin.com/in/lina-linked",
      bio: "LinkedIn member linkedin.com/in/lina-linked is Advisor at Initech.",
      sections: [{ heading: "Lists and tags", content: "LinkedIn member linkedin.com/in/lina-linked is tagged angel." }],
    });
  });

  it("answers 404 for an unknown person, another tenant's, and a merged-away one", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Secret Person", job_title: "Spy" });
    const unknown = await context.request("/v1/persons/00000000-0000-4000-8000-000000000000/ai-summary", { key: acme.key });
    expect(unknown.status).toBe(404);
    const foreign = await context.request(`/v1/persons/${theirs.uuid}/ai-summary`, { key: acme.adminKey });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("Secret");
    const { store } = context.services;
    const [keep, gone] = [await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "A" }), await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "B" })];
    await store.personMerges.merge({ tenant_uuid: acme.tenant.uuid, canonical_uuid: keep.uuid, superseded_uuid: gone.uuid, preview: false, merged_by_user_uuid: null });
    const merged = await context.request(`/v1/persons/${gone.uuid}/ai-summary`, { key: acme.key });
    expect(merged.status).toBe(404);
    expect((await json(merged)).error).toBe(`person ${gone.uuid} was merged into person ${keep.uuid}`);
    expect((await json(await context.request(`/v1/persons/${keep.uuid}/ai-summary`, { key: acme.key }))).sections).toEqual([
      { heading: "Recent changes", content: "A duplicate record was merged into it, most recently on 2026-11-21." },
    ]);
  });
});

describe("GET /v1/companies/{company_uuid}/ai-summary", () => {
  it("summarizes a company with its people, investors, tags; bio is null", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { globex } = await populated(acme);
    const body = await json(await context.request(`/v1/companies/${globex.uuid}/ai-summary`, { key: acme.key }));
    expect(body).toEqual({
      entity_type: "COMPANY",
      entity_uuid: globex.uuid,
      title: "Globex",
      bio: null,
      generated_at: new Date(TEST_START + 3 * DAY).toISOString(),
      sections: [
        {
          heading: "Profile",
          content:
            "Globex is in the Healthcare sector. Globex is based in London, United Kingdom. It was founded in 2008. It has 201-500 employees. Its operating status is active.",
        },
        { heading: "People", content: "2 people in your records work at Globex: Jane Doe (CTO) and Raj Patel." },
        { heading: "Investors", content: "Its investor types are Private Equity. Its latest recorded investment is a series_c round on 2025-06-01." },
        { heading: "Lists and tags", content: "Globex is tagged healthcare and ai." },
      ],
    });
  });

  it("names the first five current people by name, with their titles there, and counts the rest once each", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const hooli = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Hooli" });
    const elsewhere = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Elsewhere" });
    const person = (name: string, fields: Record<string, unknown> = {}) => store.persons.create({ tenant_uuid: tenantUuid, name, ...fields });
    for (const name of ["Gus", "Fay", "Eve"]) await person(name, { primary_company_uuid: hooli.uuid });
    await person("Dan", { primary_company_uuid: hooli.uuid, job_title: "CFO" });
    // A title at another company is not a title at this one; a past affiliation does not count.
    await person("Bea", { primary_company_uuid: elsewhere.uuid, job_title: "Founder", affiliations: [{ company_uuid: hooli.uuid }] });
    await person("Cat", { primary_company_uuid: hooli.uuid, job_title: "CTO" });
    await person("Abe", { affiliations: [{ company_uuid: hooli.uuid, title: "Intern", is_current: false }] });
    const [kept, gone] = [await person("Hal", { primary_company_uuid: hooli.uuid }), await person("Ann", { primary_company_uuid: hooli.uuid })];
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: kept.uuid, superseded_uuid: gone.uuid, preview: false, merged_by_user_uuid: null });
    const body = await json(await context.request(`/v1/companies/${hooli.uuid}/ai-summary`, { key: acme.key }));
    expect(body.sections).toContainEqual({ heading: "People", content: "7 people in your records work at Hooli: Bea, Cat (CTO), Dan (CFO), Eve, Fay and 2 more." });
  });

  it("names a current person known by a LinkedIn profile alone by that profile among the people", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
    await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob Builder", primary_company_uuid: initech.uuid, job_title: "CTO" });
    await store.persons.create({ tenant_uuid: tenantUuid, linkedin_url: "linkedin.com/in/lina-linked", primary_company_uuid: initech.uuid, job_title: "Advisor" });
    const body = await json(await context.request(`/v1/companies/${initech.uuid}/ai-summary`, { key: acme.key }));
    expect(body.sections).toContainEqual({
      heading: "People",
      content: "2 people in your records work at Initech: Bob Builder (CTO) and LinkedIn member linkedin.com/in/lina-linked (Advisor).",
    });
  });

  it("gives empty sections for a company with only a name, and 404 for another tenant's", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const other = await buildTenant(context.services, { name: "Other" });
    const bare = await context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Nameonly" });
    expect(await json(await context.request(`/v1/companies/${bare.uuid}/ai-summary`, { key: acme.key }))).toMatchObject({ bio: null, generated_at: null, sections: [] });
    const theirs = await context.services.store.companies.create({ tenant_uuid: other.tenant.uuid, company_name: "Theirs" });
    expect((await context.request(`/v1/companies/${theirs.uuid}/ai-summary`, { key: acme.key })).status).toBe(404);
  });
});

describe("with an LLM configured", () => {
  const llmWithFallback = () =>
    createFallbackSummaryProvider(
      createOpenAiCompatibleSummaryProvider({ baseUrl: server.url, model: "test-model", timeoutMs: 500 }),
      createDeterministicSummaryProvider(),
    );

  it("serves the LLM's rewording of the same grounded facts", async () => {
    context = await createTestContext({ summaryProvider: llmWithFallback() });
    const acme = await buildTenant(context.services);
    const { jane } = await populated(acme);
    server.answer((request) => {
      const payload = JSON.parse(request.body.messages[1].content) as { section_order: string[] };
      return {
        status: 200,
        body: chatCompletion({ bio: "Jane Doe, CTO of Globex, lives in London.", sections: payload.section_order.map((heading) => ({ heading, content: `Reworded ${heading}.` })) }),
      };
    });
    const body = await json(await context.request(`/v1/persons/${jane.uuid}/ai-summary`, { key: acme.key }));
    expect(body.bio).toBe("Jane Doe, CTO of Globex, lives in London.");
    expect(body.sections).toEqual([
      { heading: "Career", content: "Reworded Career." },
      { heading: "Lists and tags", content: "Reworded Lists and tags." },
      { heading: "Recent changes", content: "Reworded Recent changes." },
    ]);
    const sent = JSON.parse(server.requests.at(-1)!.body.messages[1].content);
    expect(sent.facts.Career).toEqual(["Jane Doe was Engineer at Initech from 2015-01-01 to 2019-12-31."]);
  });

  it("serves the deterministic summary when the LLM fails or hangs", async () => {
    context = await createTestContext({ summaryProvider: llmWithFallback() });
    const acme = await buildTenant(context.services);
    const { jane } = await populated(acme);
    for (const answer of [() => ({ status: 500, body: { error: "down" } }), () => "hang" as const]) {
      server.answer(answer);
      const response = await context.request(`/v1/persons/${jane.uuid}/ai-summary`, { key: acme.key });
      expect(response.status).toBe(200);
      const body = await json(response);
      expect(body.bio).toBe("Jane Doe is CTO at Globex. Jane Doe is based in London, United Kingdom.");
      expect(body.sections[0]).toEqual({ heading: "Career", content: "Jane Doe was Engineer at Initech from 2015-01-01 to 2019-12-31." });
    }
  });
});
