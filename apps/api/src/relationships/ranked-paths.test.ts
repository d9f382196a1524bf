/**
 * Responses stay bounded whatever the tenant: hops name a bounded number of opportunities (a busy
 * contact linked to many opportunities appears in many paths), and an item lists a bounded number of
 * priority entries (a large company has thousands of people a user reaches); a batch lists fewer
 * paths per item and names fewer opportunities per hop.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { BATCH_HOP_ASSOCIATIONS_LIMIT, BATCH_PATHS_PER_ITEM, BATCH_PRIORITY_ENTRIES_LIMIT, HOP_ASSOCIATIONS_LIMIT, PRIORITY_ENTRIES_LIMIT } from "./recommended-path-limits.js";

const DAY = 86_400_000;
type Json = Record<string, any>;

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

async function call(path: string, options: { method?: string; body?: unknown } = {}): Promise<Json> {
  const response = await context.request(path, { key: acme.key, method: options.method, body: options.body });
  expect(response.status, path).toBeLessThan(300);
  return (await response.json()) as Json;
}

describe("hop associations", () => {
  it("name the most recently updated opportunities of the hop's person, up to the limit, and count them all", async () => {
    const bridge = await call("/v1/persons", { method: "POST", body: { name: "Busy Bridge", emails: ["bridge@initech.example"] } });
    const target = await call("/v1/persons", { method: "POST", body: { name: "Grace Target", emails: ["grace@globex.example"] } });
    const sentAt = new Date(TEST_START - 5 * DAY).toISOString();
    await call("/v1/emails/batch", {
      method: "POST",
      body: {
        messages: [
          { message_id: "<1@x>", sent_at: sentAt, from: acme.member.email, to: ["bridge@initech.example"] },
          { message_id: "<2@x>", sent_at: sentAt, from: "bridge@initech.example", to: ["grace@globex.example"] },
        ],
      },
    });
    const type = await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal" } });
    const stage = await call(`/v1/opportunity-types/${type.uuid}/stages`, { method: "POST", body: { name: "Lead", stage_type: "PARENT" } });
    const deals: string[] = [];
    for (let index = 0; index < HOP_ASSOCIATIONS_LIMIT + 3; index++) {
      context.clock.advance(1_000);
      const deal = await call("/v1/opportunities", {
        method: "POST",
        body: { name: `Deal ${index}`, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: bridge.uuid }] },
      });
      deals.push(deal.uuid);
    }

    const paths = await call(`/v1/persons/${target.uuid}/recommended-paths`);
    const mike = (paths.items as Json[]).find((item) => item.user_uuid === acme.member.uuid)!;
    const bridgeHop = (mike.paths as Json[][]).flat().find((hop) => hop.person_uuid === bridge.uuid)!;
    expect(bridgeHop.associations).toEqual([...deals].reverse().slice(0, HOP_ASSOCIATIONS_LIMIT));
    const batch = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [target.uuid] } });
    const batchHop = (batch.results[0].items as Json[]).flatMap((item) => (item.paths as Json[][]).flat()).find((hop) => hop.person_uuid === bridge.uuid)!;
    expect(batchHop.associations).toEqual(bridgeHop.associations.slice(0, BATCH_HOP_ASSOCIATIONS_LIMIT));
    // The bridge's own count is complete where it is a target person of a path.
    const toBridge = await call(`/v1/persons/${bridge.uuid}/recommended-paths`);
    const entry = (toBridge.items as Json[]).find((item) => item.user_uuid === acme.member.uuid)!.priority_management[0];
    expect(entry.signal_metadata.associations).toBe(HOP_ASSOCIATIONS_LIMIT + 3);
  });
});

describe("priority entries", () => {
  it("list the highest-priority people of a company a user reaches, up to the limit", async () => {
    const company = await call("/v1/companies", { method: "POST", body: { company_name: "Globex", domain: "globex.example" } });
    const people = PRIORITY_ENTRIES_LIMIT + 4;
    const messages = [];
    const uuids: string[] = [];
    for (let index = 0; index < people; index++) {
      const address = `p${index}@globex.example`;
      uuids.push((await call("/v1/persons", { method: "POST", body: { name: `Person ${index}`, emails: [address], primary_company_uuid: company.uuid } })).uuid);
      // More emails, more recent: a stronger relationship, a higher priority.
      for (let count = 0; count <= index; count++) {
        messages.push({ message_id: `<${index}-${count}@x>`, sent_at: new Date(TEST_START - (40 - index) * DAY).toISOString(), from: acme.member.email, to: [address] });
      }
    }
    await call("/v1/emails/batch", { method: "POST", body: { messages } });

    const paths = await call(`/v1/companies/${company.uuid}/recommended-paths`);
    const mike = (paths.items as Json[]).find((item) => item.user_uuid === acme.member.uuid)!;
    const entries = mike.priority_management as Json[];
    expect(entries).toHaveLength(PRIORITY_ENTRIES_LIMIT);
    const scores = entries.map((entry) => entry.priority_score as number);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
    // The strongest relationships (the people written to most, and most lately) are the ones kept.
    expect(new Set(entries.map((entry) => entry.person_uuid))).toEqual(new Set(uuids.slice(people - PRIORITY_ENTRIES_LIMIT)));
    expect(mike.path_count).toBe(people);

    // A batch lists fewer paths and priority entries per item, the same first, and counts them all.
    const batch = await call("/v1/companies/recommended-paths/batch", { method: "POST", body: { uuids: [company.uuid] } });
    const batchMike = (batch.results[0].items as Json[]).find((item) => item.user_uuid === acme.member.uuid)!;
    expect(mike.paths.length).toBeGreaterThan(BATCH_PATHS_PER_ITEM);
    expect(batchMike.paths).toEqual(mike.paths.slice(0, BATCH_PATHS_PER_ITEM));
    expect(batchMike.path_count).toBe(people);
    // The first entries; their priority_context draws on the paths the item lists.
    const withoutContext = (list: Json[]) => list.map(({ priority_context: _context, ...entry }) => entry);
    expect(withoutContext(batchMike.priority_management)).toEqual(withoutContext(entries.slice(0, BATCH_PRIORITY_ENTRIES_LIMIT)));
  });
});
