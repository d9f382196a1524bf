/**
 * Recommended paths and persons through the response cache, over the real app: a repeated read is served
 * again (with its `Age`) until the tenant's data moves (an email, a meeting, a renamed bridge, a list
 * membership), at most the cache's maximum age late (10 s by default), afresh on `Cache-Control:
 * no-cache`, never to another tenant, and a person's own fields never to another user.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString();

let context: TestContext;
let acme: TestTenant;
let ids: { grace: string; bob: string; globex: string };

type Json = Record<string, any>;
async function call(path: string, options: { method?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(options.headers);
  headers.set("x-api-key", options.key ?? acme.key);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  const response = await context.app.request(path, { method: options.method ?? "GET", headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, age: response.headers.get("age"), type: response.headers.get("content-type"), text, body: (text ? JSON.parse(text) : {}) as Json };
}

/** Each user's best path to the target, as bridge names then the target. */
const bestPaths = (body: Json) => Object.fromEntries((body.items as Json[]).map((item) => [item.name, (item.paths[0] as Json[]).map((hop) => hop.name)]));

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
  const bob = await call("/v1/persons", { method: "POST", body: { name: "Bob Bridge", emails: ["bob@initech.example"] } });
  ids = { grace: grace.body.uuid, bob: bob.body.uuid, globex: globex.body.uuid };
  const sent = await call("/v1/emails/batch", {
    method: "POST",
    body: {
      messages: [
        { message_id: "<a1@x>", sent_at: iso(TEST_START - 5 * DAY), from: acme.admin.email, to: ["grace@globex.example"], subject: "Hello" },
        { message_id: "<m1@x>", sent_at: iso(TEST_START - 4 * DAY), from: acme.member.email, to: ["bob@initech.example"], subject: "Lunch" },
        { message_id: "<b1@x>", sent_at: iso(TEST_START - 3 * DAY), from: "bob@initech.example", to: ["grace@globex.example"], subject: "Catching up" },
      ],
    },
  });
  expect(sent.status).toBe(200);
});
afterAll(() => context.close());

describe("recommended paths from the response cache", () => {
  it("serves the same bytes again, with their age, until an email moves the tenant's data", async () => {
    const path = `/v1/persons/${ids.grace}/recommended-paths`;
    const first = await call(path);
    expect(first).toMatchObject({ status: 200, age: null, type: "application/json" });
    expect(bestPaths(first.body)).toEqual({ Alice: ["Grace Hopper"], Mike: ["Bob Bridge", "Grace Hopper"] });
    context.clock.advance(3_000);
    const again = await call(path);
    expect(again).toMatchObject({ status: 200, age: "3", type: "application/json", text: first.text });

    // Mike writes to Grace himself: the next read ranks again and sees it.
    const sent = await call("/v1/emails/batch", { method: "POST", body: { messages: [{ message_id: "<m2@x>", sent_at: iso(TEST_START), from: acme.member.email, to: ["grace@globex.example"] }] } });
    expect(sent.status).toBe(200);
    const after = await call(path);
    expect(after.age).toBeNull();
    expect(bestPaths(after.body).Mike).toEqual(["Grace Hopper"]);
  });

  it("follows a renamed bridge and a list membership at once", async () => {
    const path = `/v1/persons/${ids.grace}/recommended-paths`;
    const mike = (body: Json) => (body.items as Json[]).find((item) => item.name === "Mike")!;
    expect(mike((await call(path)).body).paths[0][0].name).toBe("Bob Bridge");
    expect((await call(`/v1/persons/${ids.bob}`, { method: "PUT", body: { name: "Robert Bridge" } })).status).toBe(200);
    expect(mike((await call(path)).body).paths[0][0].name).toBe("Robert Bridge");

    const list = await call("/v1/lists", { method: "POST", body: { name: "Targets", kind: "persons" } });
    expect(list.status).toBe(201);
    expect(mike((await call(path)).body).priority_management[0]).toMatchObject({ person_uuid: ids.grace, signal_metadata: { lists: 0 } });
    expect((await call(`/v1/lists/${list.body.uuid}/entities`, { method: "POST", body: { entity_type: "PERSON", entity_uuids: [ids.grace] } })).status).toBe(200);
    const listed = await call(path);
    expect(listed.age).toBeNull();
    expect(mike(listed.body).priority_management[0].signal_metadata.lists).toBe(1);
  });

  it("answers at most its maximum age late, and afresh on Cache-Control: no-cache", async () => {
    // A meeting of Mike and Grace five seconds ahead: upcoming when first ranked.
    const meeting = await call("/v1/meetings", { method: "POST", body: { title: "Intro", starts_at: iso(TEST_START + 5_000), attendees: [acme.member.email, "grace@globex.example"] } });
    expect(meeting.status).toBe(201);
    const path = `/v1/persons/${ids.grace}/recommended-paths`;
    expect(bestPaths((await call(path)).body).Mike).toEqual(["Bob Bridge", "Grace Hopper"]);

    context.clock.advance(6_000);
    const late = await call(path);
    expect(late.age).toBe("6");
    expect(bestPaths(late.body).Mike).toEqual(["Bob Bridge", "Grace Hopper"]);
    const fresh = await call(path, { headers: { "cache-control": "no-cache" } });
    expect(fresh.age).toBeNull();
    expect(bestPaths(fresh.body).Mike).toEqual(["Grace Hopper"]);

    // The fresh answer was kept; without no-store, the next read is served from it.
    expect((await call(path)).age).toBe("0");
    const unkept = await call(`${path}?per_page=5`, { headers: { "cache-control": "no-store" } });
    expect((await call(`${path}?per_page=5`)).age).toBeNull();
    expect(unkept.status).toBe(200);

    context.clock.advance(10_000);
    const expired = await call(path);
    expect(expired.age).toBeNull();
    expect(bestPaths(expired.body).Mike).toEqual(["Grace Hopper"]);
  });

  it("keeps company rankings too, and never answers another tenant from them", async () => {
    const path = `/v1/companies/${ids.globex}/recommended-paths`;
    const first = await call(path);
    expect(first.status).toBe(200);
    expect((await call(path)).text).toBe(first.text);
    expect((await call(path)).age).toBe("0");

    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await call(path, { key: other.key });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toMatch(/not found/);
    const personTheirs = await call(`/v1/persons/${ids.grace}/recommended-paths`, { key: other.key });
    expect(personTheirs.status).toBe(404);
  });
});

describe("recommended-paths batches from kept target answers", () => {
  const batch = (uuids: string[], options: { headers?: Record<string, string>; key?: string; body?: Json } = {}) =>
    call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids, ...options.body }, headers: options.headers, key: options.key });
  const resultOf = (body: Json, uuid: string) => (body.results as Json[]).find((result) => result.target_uuid === uuid)!;

  /** A meeting of Mike and Grace five seconds ahead: ranked before it, Mike reaches Grace through Bob; after it, directly. */
  async function meetingAhead() {
    const meeting = await call("/v1/meetings", { method: "POST", body: { title: "Intro", starts_at: iso(TEST_START + 5_000), attendees: [acme.member.email, "grace@globex.example"] } });
    expect(meeting.status).toBe(201);
  }

  it("sends a target kept by an earlier batch as it was, and ranks the targets it has not kept", async () => {
    await meetingAhead();
    const first = await batch([ids.grace]);
    expect(bestPaths(resultOf(first.body, ids.grace)).Mike).toEqual(["Bob Bridge", "Grace Hopper"]);
    context.clock.advance(6_000);

    const second = await batch([ids.bob, ids.grace]);
    expect(second.status).toBe(200);
    expect(second.body.results.map((result: Json) => result.target_uuid)).toEqual([ids.bob, ids.grace]);
    // Grace's answer is the kept one, byte for byte; ranked now, Mike would reach her directly.
    expect(second.text).toContain(JSON.stringify(first.body.results[0]));
    expect(bestPaths(resultOf(second.body, ids.grace)).Mike).toEqual(["Bob Bridge", "Grace Hopper"]);
    const fresh = await batch([ids.bob, ids.grace], { headers: { "cache-control": "no-cache" } });
    expect(bestPaths(resultOf(fresh.body, ids.grace)).Mike).toEqual(["Grace Hopper"]);
    expect(resultOf(fresh.body, ids.bob)).toEqual(resultOf(second.body, ids.bob));
  });

  it("lists kept and ranked answers in input order across parts, a repeated target each time", async () => {
    await batch([ids.grace]);
    const unknown = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
    // 23 targets: three parts of up to ten; Grace kept (three times), Bob and the unknown ones ranked (Bob twice).
    const uuids = [ids.grace, ...Array.from({ length: 9 }, (_, index) => unknown(index)), ids.bob, ids.grace, ...Array.from({ length: 9 }, (_, index) => unknown(index + 9)), ids.bob, ids.grace];
    const answer = await batch(uuids);
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result: Json) => result.target_uuid)).toEqual(uuids);
    const graces = (answer.body.results as Json[]).filter((result) => result.target_uuid === ids.grace);
    expect(graces.map((result) => result.target_name)).toEqual(["Grace Hopper", "Grace Hopper", "Grace Hopper"]);
    expect(new Set(graces.map((result) => JSON.stringify(result))).size).toBe(1);
    const bobs = (answer.body.results as Json[]).filter((result) => result.target_uuid === ids.bob);
    expect(bobs.map((result) => result.target_name)).toEqual(["Bob Bridge", "Bob Bridge"]);
    expect((answer.body.results as Json[]).filter((result) => result.target_name === null)).toHaveLength(18);
  });

  it("ranks again once the data moves, the maximum age passes, or the settings differ", async () => {
    await meetingAhead();
    await batch([ids.grace]);
    context.clock.advance(6_000);
    const otherLimit = await batch([ids.grace], { body: { limit: 5 } });
    expect(bestPaths(resultOf(otherLimit.body, ids.grace)).Mike).toEqual(["Grace Hopper"]);
    const otherOrder = await batch([ids.grace], { body: { order: "asc" } });
    expect(bestPaths(resultOf(otherOrder.body, ids.grace)).Mike).toEqual(["Grace Hopper"]);
    const otherPaths = await batch([ids.grace], { body: { paths_per_item: 2 } });
    expect(bestPaths(resultOf(otherPaths.body, ids.grace)).Mike).toEqual(["Grace Hopper"]);
    const otherEntries = await batch([ids.grace], { body: { priority_entries_per_item: 2 } });
    expect(bestPaths(resultOf(otherEntries.body, ids.grace)).Mike).toEqual(["Grace Hopper"]);
    // The single-target endpoint keeps its own answers (ten paths an item), never a batch's.
    expect(bestPaths((await call(`/v1/persons/${ids.grace}/recommended-paths`)).body).Mike).toEqual(["Grace Hopper"]);

    // The first batch's answer still holds for its own settings, until an email moves the tenant's data.
    expect(bestPaths(resultOf((await batch([ids.grace])).body, ids.grace)).Mike).toEqual(["Bob Bridge", "Grace Hopper"]);
    const sent = await call("/v1/emails/batch", { method: "POST", body: { messages: [{ message_id: "<n1@x>", sent_at: iso(TEST_START), from: acme.admin.email, to: ["bob@initech.example"] }] } });
    expect(sent.status).toBe(200);
    const afterEmail = await batch([ids.grace]);
    expect(bestPaths(resultOf(afterEmail.body, ids.grace)).Mike).toEqual(["Grace Hopper"]);

    // Kept again at the new revision, and served until the maximum age (10 s) has passed.
    context.clock.advance(9_999);
    expect((await batch([ids.grace])).text).toBe(afterEmail.text);
    context.clock.advance(1);
    expect((await batch([ids.grace])).text).not.toBe(afterEmail.text);
  });

  it("keeps nothing on Cache-Control: no-store, and never answers another user context or tenant from what it kept", async () => {
    await meetingAhead();
    await batch([ids.grace], { headers: { "cache-control": "no-store" } });
    await batch([ids.grace], { key: acme.memberKey });
    context.clock.advance(6_000);
    // Mike's context is served what it kept; the tenant key's kept nothing, and the admin's ranks for itself.
    expect(bestPaths(resultOf((await batch([ids.grace], { key: acme.memberKey })).body, ids.grace)).Mike).toEqual(["Bob Bridge", "Grace Hopper"]);
    expect(bestPaths(resultOf((await batch([ids.grace])).body, ids.grace)).Mike).toEqual(["Grace Hopper"]);
    expect(bestPaths(resultOf((await batch([ids.grace], { key: acme.adminKey })).body, ids.grace)).Mike).toEqual(["Grace Hopper"]);

    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await batch([ids.grace], { key: other.key });
    expect(theirs.status).toBe(200);
    expect(theirs.body.results).toEqual([expect.objectContaining({ target_uuid: ids.grace, target_name: null, items: [], total: 0 })]);
  });

  it("keeps a company's answers apart by include_items", async () => {
    const companies = (includeItems: boolean) =>
      call("/v1/companies/recommended-paths/batch", { method: "POST", body: { uuids: [ids.globex], include_items: includeItems } });
    await meetingAhead();
    const withItems = await companies(true);
    expect(withItems.body.results[0].items.length).toBeGreaterThan(0);
    context.clock.advance(6_000);
    const contactsOnly = await companies(false);
    expect(contactsOnly.body.results[0]).toMatchObject({ items: [], total: withItems.body.results[0].total, has_more: true });
    expect(contactsOnly.body.results[0].top_external_contacts.length).toBeGreaterThan(0);
    expect((await companies(true)).text).toBe(withItems.text);
  });
});

describe("a person from the response cache", () => {
  it("is kept per user context, and follows a new meeting at once", async () => {
    const path = `/v1/persons/${ids.grace}`;
    const asMike = await call(path, { key: acme.memberKey });
    expect(asMike).toMatchObject({ status: 200, age: null });
    expect(asMike.body.my_next_meeting_at).toBeNull();
    expect((await call(path, { key: acme.memberKey })).age).toBe("0");

    const startsAt = TEST_START + DAY;
    const meeting = await call("/v1/meetings", { method: "POST", body: { title: "Intro", starts_at: iso(startsAt), attendees: [acme.member.email, "grace@globex.example"] } });
    expect(meeting.status).toBe(201);
    const mikeAfter = await call(path, { key: acme.memberKey });
    expect(mikeAfter.age).toBeNull();
    expect(mikeAfter.body).toMatchObject({ next_meeting_at: startsAt, my_next_meeting_at: startsAt });
    // Alice's own fields are hers: never Mike's kept answer.
    const asAlice = await call(path, { key: acme.adminKey });
    expect(asAlice.age).toBeNull();
    expect(asAlice.body).toMatchObject({ next_meeting_at: startsAt, my_next_meeting_at: null });
  });
});
