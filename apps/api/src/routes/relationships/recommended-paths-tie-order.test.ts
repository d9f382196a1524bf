/**
 * A newsletter that reached two users alike: the person's record, its AI summary and the recommended paths (a page
 * and a cursor scan) name the two in the same order, by user uuid.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { queryFingerprint } from "../../platform/listing/cursor-codec.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let sender: string;
/** Two users whose user uuids and person uuids sort in opposite orders, by user uuid. */
let pair: Array<{ uuid: string; person_uuid: string; name: string }>;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenantUuid = acme.tenant.uuid;
  const team = [acme.admin, acme.member];
  const discordant = () => {
    for (const left of team) for (const right of team) if (left.uuid < right.uuid && left.person_uuid > right.person_uuid) return [left, right];
    return null;
  };
  while (discordant() === null) team.push(await store.users.create({ tenant_uuid: tenantUuid, name: `User ${team.length}`, email: `user${team.length}@acme.example`, role: "member" }));
  pair = discordant()!;
  sender = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Yuri Broadcast", emails: ["yuri@news.example"] })).uuid;
  await store.emails.ingest(tenantUuid, {
    message_id: "<newsletter@news.example>",
    sent_at: TEST_START - 86_400_000,
    from: { person_uuid: sender },
    to: pair.map((user) => ({ person_uuid: user.person_uuid })),
  });
});
afterAll(() => context.close());

describe("users tied in their relationship with a person", () => {
  it("are named in one order, by user uuid, by the person's record, its summary and its recommended paths", async () => {
    const expected = pair.map((user) => user.uuid);
    const person = await context.json(`/v1/persons/${sender}`, { key: acme.key });
    expect(person.body!.strongest_relationships.map((row: { user_uuid: string }) => row.user_uuid)).toEqual(expected);
    const paths = await context.json(`/v1/persons/${sender}/recommended-paths`, { key: acme.key });
    expect(paths.body!.items.map((item: { user_uuid: string }) => item.user_uuid)).toEqual(expected);
    const summary = await context.json(`/v1/persons/${sender}/ai-summary`, { key: acme.key });
    const relationships = summary.body!.sections.find((section: { heading: string }) => section.heading === "Relationships").content as string;
    expect(relationships.indexOf(pair[0]!.name)).toBeLessThan(relationships.indexOf(pair[1]!.name));

    const first = await context.json(`/v1/persons/${sender}/recommended-paths?per_page=1`, { key: acme.key });
    const second = await context.json(`/v1/persons/${sender}/recommended-paths?per_page=1&cursor=${encodeURIComponent(first.body!.next_cursor)}`, { key: acme.key });
    expect([...first.body!.items, ...second.body!.items].map((item: { user_uuid: string }) => item.user_uuid)).toEqual(expected);
    expect(second.body!.has_more).toBe(false);
  });

  it("refuses a cursor issued before the tie order changed, saying so", async () => {
    const query = { operation: "getPersonRecommendedPaths", tenant: acme.tenant.uuid, target: sender, sort_by: "score", order: "desc" };
    const codec = await cursorCodecFor(context.services.store);
    const before = codec.encode({ query: queryFingerprint(query), key: [0.5, 1, pair[0]!.person_uuid], page: 2 });
    const refused = await context.json(`/v1/persons/${sender}/recommended-paths?per_page=1&cursor=${encodeURIComponent(before)}`, { key: acme.key });
    expect(refused.status).toBe(400);
    expect(refused.body!.error).toMatch(/^cursor no longer valid: users tied on the sort are listed by user uuid since this version/);
  });
});
