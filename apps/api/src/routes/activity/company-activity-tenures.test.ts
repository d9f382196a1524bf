/**
 * GET /v1/companies/{uuid}/activity over its people's tenures: what happened with each of them while they were at
 * the company, through job changes recorded by `PUT /v1/persons/{uuid}`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
let context: TestContext;
let acme: TestTenant;
let companies: { acme: string; globex: string; initech: string };

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenant_uuid = acme.tenant.uuid;
  const [acmeCorp, globex, initech] = await Promise.all(["Acme Corp", "Globex", "Initech"].map((company_name) => store.companies.create({ tenant_uuid, company_name })));
  companies = { acme: acmeCorp!.uuid, globex: globex!.uuid, initech: initech!.uuid };
});
afterAll(() => context.close());

async function person(name: string, company: string): Promise<string> {
  const created = await context.json("/v1/persons", { key: acme.key, method: "POST", body: { name, emails: [`${name}@x.example`], primary_company_uuid: company } });
  expect(created.status).toBe(201);
  return created.body!.uuid as string;
}

/** `count` emails from the admin to the person, a day apart, the last `daysBefore` days before the clock's day. */
async function emails(to: string, subject: string, count: number, daysBefore: number) {
  const today = context.clock.now();
  for (let index = 0; index < count; index += 1) {
    await context.services.store.emails.ingest(acme.tenant.uuid, {
      message_id: `${subject}-${index}@x.example`,
      subject: `${subject} ${index}`,
      sent_at: today - (daysBefore + index) * DAY,
      from: { person_uuid: acme.admin.person_uuid },
      to: [{ person_uuid: to }],
      cc: [],
    });
  }
}

async function moveTo(personUuid: string, company: string) {
  const moved = await context.json(`/v1/persons/${personUuid}`, { key: acme.key, method: "PUT", body: { primary_company_uuid: company } });
  expect(moved.status).toBe(200);
}

/** The subjects of a company's timeline, newest first, with its total. */
async function timeline(company: string): Promise<{ total: number; subjects: string[] }> {
  const { status, body } = await context.json(`/v1/companies/${company}/activity?per_page=100`, { key: acme.key });
  expect(status).toBe(200);
  return { total: body!.total as number, subjects: (body!.items as Array<{ title: string }>).map((item) => item.title) };
}

const named = (subject: string, count: number) => Array.from({ length: count }, (_, index) => `${subject} ${index}`);

describe("a company's activity across its people's tenures", () => {
  it("keeps a founder's emails at the company she left, and lists at her new one only what came after", async () => {
    const founder = await person("founder", companies.acme);
    await emails(founder, "acme era", 5, 3);
    await moveTo(founder, companies.globex);
    context.clock.advance(10 * DAY);
    await emails(founder, "globex era", 2, 1);
    expect(await timeline(companies.acme)).toEqual({ total: 5, subjects: named("acme era", 5) });
    expect(await timeline(companies.globex)).toEqual({ total: 2, subjects: named("globex era", 2) });
  });

  it("keeps the activity of an acquired company whose people all moved on", async () => {
    const first = await person("first", companies.initech);
    const second = await person("second", companies.initech);
    await emails(first, "first at initech", 2, 5);
    await emails(second, "second at initech", 2, 5);
    await moveTo(first, companies.globex);
    await moveTo(second, companies.globex);
    context.clock.advance(10 * DAY);
    await emails(first, "first at globex", 1, 1);
    const initech = await timeline(companies.initech);
    expect(initech.total).toBe(4);
    expect([...initech.subjects].sort()).toEqual([...named("first at initech", 2), ...named("second at initech", 2)]);
    expect(await timeline(companies.globex)).toEqual({ total: 1, subjects: ["first at globex 0"] });
  });

  it("lists a person who came back in both of her tenures, and not in between", async () => {
    const returner = await person("returner", companies.acme);
    await emails(returner, "first tenure", 2, 2);
    await moveTo(returner, companies.globex);
    context.clock.advance(30 * DAY);
    await emails(returner, "away", 2, 2);
    await moveTo(returner, companies.acme);
    context.clock.advance(30 * DAY);
    await emails(returner, "second tenure", 2, 2);
    const record = await context.json(`/v1/persons/${returner}`, { key: acme.key });
    // Recorded as a job change records one: each tenure left ends that day, each new one undated.
    const tenures = (record.body!.affiliations as Array<{ company: { name: string }; is_current: boolean; started_on: string | null; ended_on: string | null }>).map(
      ({ company, is_current, started_on, ended_on }) => [company.name, is_current, started_on, ended_on],
    );
    expect(tenures).toHaveLength(3);
    expect(tenures).toEqual(
      expect.arrayContaining([
        ["Acme Corp", true, null, null],
        ["Globex", false, null, "2026-12-21"],
        ["Acme Corp", false, null, "2026-11-21"],
      ]),
    );
    expect(await timeline(companies.acme)).toEqual({ total: 4, subjects: [...named("second tenure", 2), ...named("first tenure", 2)] });
    expect(await timeline(companies.globex)).toEqual({ total: 2, subjects: named("away", 2) });
  });
});

describe("a company's AI summary across its people's tenures", () => {
  it("counts, in its Activity fact, the founder's emails at the company she left and only the later ones at her new one", async () => {
    const founder = await person("founder", companies.acme);
    await emails(founder, "acme era", 5, 10);
    await moveTo(founder, companies.globex);
    context.clock.advance(20 * DAY);
    await emails(founder, "globex era", 2, 1);
    const activityOf = async (company: string) => {
      const { status, body } = await context.json(`/v1/companies/${company}/ai-summary`, { key: acme.key });
      expect(status).toBe(200);
      return (body!.sections as Array<{ heading: string; content: string }>).find((section) => section.heading === "Activity")?.content;
    };
    const day = (daysBefore: number) => new Date(context.clock.now() - daysBefore * DAY).toISOString().slice(0, 10);
    expect(await activityOf(companies.acme)).toBe(
      `In the last 90 days the team had 5 emails and 0 meetings with Acme Corp, up from 0 in the 90 days before; the latest on ${day(30)}.`,
    );
    expect(await activityOf(companies.globex)).toBe(
      `In the last 90 days the team had 2 emails and 0 meetings with Globex, up from 0 in the 90 days before; the latest on ${day(1)}.`,
    );
  });
});
