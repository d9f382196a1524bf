/**
 * One target, three ways of asking: the single-target route, the batch asking for as many paths and priority
 * entries as the route lists, and the MCP tool of the route answer the same ranking, item for item, in every
 * sort and order, for persons and companies alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
const SORTS = [{}, { order: "asc" }, { sort_by: "name" }, { sort_by: "name", order: "asc" }] as const;

let context: TestContext;
let acme: TestTenant;
let persons: string[];
let companies: string[];

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenantUuid = acme.tenant.uuid;
  const team = [acme.admin, acme.member];
  for (const name of ["Zed", "Yan", "yan"]) team.push(await store.users.create({ tenant_uuid: tenantUuid, name, email: `${name}.${team.length}@acme.example`, role: "member" }));
  companies = [];
  for (const name of ["Globex", "Initech"]) companies.push((await store.companies.create({ tenant_uuid: tenantUuid, company_name: name })).uuid);
  persons = [];
  for (let index = 0; index < 6; index += 1) {
    const person = await store.persons.create({ tenant_uuid: tenantUuid, name: `Contact ${index}`, emails: [`contact${index}@example.com`], primary_company_uuid: companies[index % 2] });
    persons.push(person.uuid);
  }
  // A fixed mix of emails (some answered, some not) and meetings: equal histories give tied scores.
  for (let index = 0; index < 40; index += 1) {
    const user = team[(index * 7) % team.length]!;
    const contact = persons[(index * 5) % persons.length]!;
    const other = persons[(index * 3 + 1) % persons.length]!;
    const at = TEST_START - ((index * 37) % 300) * DAY;
    if (index % 4 === 3) {
      await store.meetings.create(tenantUuid, { title: `Meeting ${index}`, starts_at: at, attendees: [{ person_uuid: user.person_uuid }, { person_uuid: contact }, { person_uuid: other }] });
    } else {
      const from = index % 3 === 0 ? other : user.person_uuid;
      await store.emails.ingest(tenantUuid, { message_id: `<m${index}@example.com>`, sent_at: at, from: { person_uuid: from }, to: [{ person_uuid: contact }] });
    }
  }
});
afterAll(() => context.close());

const fullBatch = { limit: 100, paths_per_item: 10, priority_entries_per_item: 10 };

describe("recommended paths to one target", () => {
  for (const [entity, path] of [["person", "persons"], ["company", "companies"]] as const) {
    it(`answer a ${entity} the same from the route, the batch and the MCP tool, in every sort and order`, async () => {
      const targets = entity === "person" ? persons : companies;
      for (const sort of SORTS) {
        const batch = await context.json(`/v1/${path}/recommended-paths/batch`, { key: acme.key, method: "POST", body: { uuids: targets, ...fullBatch, ...sort } });
        expect(batch.status).toBe(200);
        for (const [index, target] of targets.entries()) {
          const single = await context.json(`/v1/${path}/${target}/recommended-paths?${new URLSearchParams({ per_page: "50", ...sort })}`, { key: acme.key });
          expect(single.status).toBe(200);
          const answer = single.body!;
          const batched = batch.body!.results[index];
          const label = `${entity} ${index} ${JSON.stringify(sort)}`;
          expect(answer.items.length, label).toBeGreaterThan(0);
          expect(batched.items, label).toEqual(answer.items);
          expect(batched.total, label).toBe(answer.total);
          expect(batched.top_external_contacts, label).toEqual(answer.top_external_contacts);

          const operation = entity === "person" ? "getPersonRecommendedPaths" : "getCompanyRecommendedPaths";
          const tool = await callMcpTool(context, { name: operation, args: { [`${entity}_uuid`]: target, per_page: 50, ...sort }, headers: { "x-api-key": acme.key } });
          expect(tool.structuredContent, label).toEqual(answer);
        }
      }
    });
  }
});
