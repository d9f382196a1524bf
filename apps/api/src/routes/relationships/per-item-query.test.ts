/**
 * `paths_per_item` and `priority_entries_per_item` on the single-target recommended-paths endpoints, through the
 * real app: the default answer is unchanged, the limits are honoured without changing the ranking or the counts,
 * and a value the batch body would refuse is a 400 naming the parameter here too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(TEST_START - days * DAY).toISOString();

let context: TestContext;
let acme: TestTenant;
let ids: { grace: string; globex: string };

type Json = Record<string, any>;
async function call(path: string, options: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: Json }> {
  const response = await context.request(path, { key: acme.key, method: options.method, body: options.body });
  return { status: response.status, body: (await response.json()) as Json };
}

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  const globex = await call("/v1/companies", { method: "POST", body: { company_name: "Globex", domain: "globex.example" } });
  const grace = await call("/v1/persons", { method: "POST", body: { name: "Grace Hopper", emails: ["grace@globex.example"], primary_company_uuid: globex.body.uuid } });
  await call("/v1/persons", { method: "POST", body: { name: "Gina Moss", emails: ["gina@globex.example"], primary_company_uuid: globex.body.uuid } });
  await call("/v1/persons", { method: "POST", body: { name: "Bob Bridge", emails: ["bob@initech.example"] } });
  ids = { grace: grace.body.uuid, globex: globex.body.uuid };
  const alice = acme.admin.email;
  const mike = acme.member.email;
  const emails = await call("/v1/emails/batch", {
    method: "POST",
    body: {
      messages: [
        // Alice knows both of Globex's people: two priority entries and two paths on her company item.
        { message_id: "<a1@x>", sent_at: daysAgo(25), from: alice, to: ["grace@globex.example"], subject: "Hello" },
        { message_id: "<a2@x>", sent_at: daysAgo(24), from: "grace@globex.example", to: [alice], subject: "Re: Hello" },
        { message_id: "<a3@x>", sent_at: daysAgo(12), from: alice, to: ["gina@globex.example"], subject: "Hi Gina" },
        // Mike reaches Grace directly and through Bob: two paths on his person item.
        { message_id: "<m1@x>", sent_at: daysAgo(40), from: mike, to: ["bob@initech.example"], subject: "Lunch" },
        { message_id: "<m2@x>", sent_at: daysAgo(39), from: "bob@initech.example", to: [mike], subject: "Re: Lunch" },
        { message_id: "<b1@x>", sent_at: daysAgo(20), from: "bob@initech.example", to: ["grace@globex.example"], subject: "Catching up" },
        { message_id: "<m3@x>", sent_at: daysAgo(5), from: mike, to: ["grace@globex.example"], subject: "Intro" },
      ],
    },
  });
  expect(emails.status).toBe(200);
});
afterAll(() => context.close());

const itemOf = (body: Json, userUuid: string) => (body.items as Json[]).find((item) => item.user_uuid === userUuid)!;

describe("the single-target recommended paths' per-item limits", () => {
  it("answer by default what they answered before: every path and priority entry up to 10, the same as asking for 10", async () => {
    for (const path of [`/v1/persons/${ids.grace}/recommended-paths`, `/v1/companies/${ids.globex}/recommended-paths`]) {
      const byDefault = await call(path);
      expect(byDefault.status).toBe(200);
      const asked = await call(`${path}?paths_per_item=10&priority_entries_per_item=10`);
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual(byDefault.body);
    }
    const person = await call(`/v1/persons/${ids.grace}/recommended-paths`);
    expect(itemOf(person.body, acme.member.uuid)).toMatchObject({ path_count: 2, paths: [expect.any(Array), expect.any(Array)] });
    const company = await call(`/v1/companies/${ids.globex}/recommended-paths`);
    expect(itemOf(company.body, acme.admin.uuid).priority_management).toHaveLength(2);
    expect(itemOf(company.body, acme.admin.uuid).paths).toHaveLength(2);
  });

  it("list the strongest paths and highest priority entries asked for, with the same ranking, scores and counts", async () => {
    for (const [path, user] of [
      [`/v1/persons/${ids.grace}/recommended-paths`, acme.member.uuid],
      [`/v1/companies/${ids.globex}/recommended-paths`, acme.admin.uuid],
    ] as const) {
      const full = await call(path);
      const fullItem = itemOf(full.body, user);
      const one = await call(`${path}?paths_per_item=1&priority_entries_per_item=1`);
      expect(one.status).toBe(200);
      expect(one.body.total).toBe(full.body.total);
      expect((one.body.items as Json[]).map((item) => [item.user_uuid, item.connection_score, item.path_count])).toEqual(
        (full.body.items as Json[]).map((item) => [item.user_uuid, item.connection_score, item.path_count]),
      );
      const [entry] = fullItem.priority_management as Json[];
      // An entry's context names only the listed paths.
      expect(itemOf(one.body, user)).toMatchObject({
        path_count: 2,
        paths: [fullItem.paths[0]],
        priority_management: [{ ...entry, priority_context: (entry!.priority_context as Json[]).slice(0, 1) }],
      });
      expect(JSON.stringify(one.body).length).toBeLessThan(JSON.stringify(full.body).length);

      const none = await call(`${path}?paths_per_item=0&priority_entries_per_item=0`);
      expect(none.status).toBe(200);
      for (const item of none.body.items as Json[]) expect(item).toMatchObject({ paths: [], priority_management: [] });
      expect(itemOf(none.body, user)).toMatchObject({ path_count: 2, connection_score: fullItem.connection_score });
      expect(none.body.top_external_contacts).toEqual(full.body.top_external_contacts);
    }
  });

  it("refuse what the batch refuses: a value outside 0-10 or not a whole number is a 400 naming the parameter", async () => {
    for (const path of [`/v1/persons/${ids.grace}/recommended-paths`, `/v1/companies/${ids.globex}/recommended-paths`]) {
      for (const [name, value] of [
        ["paths_per_item", "11"],
        ["priority_entries_per_item", "-1"],
        ["paths_per_item", "1.5"],
        ["priority_entries_per_item", "two"],
        ["paths_per_item", ""],
      ]) {
        const refused = await call(`${path}?${name}=${encodeURIComponent(value!)}`);
        expect(refused.status, `${name}=${value}`).toBe(400);
        expect(refused.body.error).toBe(`query parameter '${name}': must be an integer from 0 to 10`);
      }
      // The bounds themselves are taken.
      for (const bound of ["paths_per_item=0", "paths_per_item=10", "priority_entries_per_item=0", "priority_entries_per_item=10"]) {
        expect((await call(`${path}?${bound}`)).status, bound).toBe(200);
      }
    }
  });

  it("keep a person's cursor scan: the next page of a limited first page is the full answer's next page, limited", async () => {
    const path = `/v1/persons/${ids.grace}/recommended-paths`;
    const first = await call(`${path}?per_page=1&paths_per_item=1`);
    expect(first.body.has_more).toBe(true);
    const second = await call(`${path}?per_page=1&paths_per_item=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.status).toBe(200);
    const full = await call(path);
    expect([...first.body.items, ...second.body.items].map((item: Json) => item.user_uuid)).toEqual((full.body.items as Json[]).map((item) => item.user_uuid));
    for (const item of [...first.body.items, ...second.body.items]) expect(item.paths.length).toBeLessThanOrEqual(1);
  });

  it("are tool arguments as JSON numbers over MCP", async () => {
    const result = await callMcpTool(context, {
      name: "getCompanyRecommendedPaths",
      args: { company_uuid: ids.globex, paths_per_item: 1, priority_entries_per_item: 0 },
      headers: { "x-api-key": acme.key },
    });
    expect(result.isError, result.content[0]?.text).toBeUndefined();
    const answer = JSON.parse(result.content[0]!.text) as Json;
    expect(itemOf(answer, acme.admin.uuid)).toMatchObject({ path_count: 2, paths: [expect.any(Array)], priority_management: [] });
  });
});
