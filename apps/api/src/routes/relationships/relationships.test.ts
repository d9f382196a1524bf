/**
 * The relationship engine end to end over HTTP: a small tenant built through the API (emails and
 * meetings), then the ranking of paths, labels, derived fields, period counts, PathPower, and a
 * cancelled meeting dropping out of next meetings and counts at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strengthLabel } from "@rapport/graph";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(TEST_START - days * DAY).toISOString();

let context: TestContext;
let acme: TestTenant;
let ids: { grace: string; bob: string; globex: string };

type Json = Record<string, any>;
async function call(path: string, options: { method?: string; body?: unknown; userUuid?: string; key?: string } = {}): Promise<{ status: number; body: Json }> {
  const response = await context.request(path, { key: options.key ?? acme.key, method: options.method, body: options.body, userUuid: options.userUuid });
  return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Json) };
}

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const globex = await call("/v1/companies", { method: "POST", body: { company_name: "Globex", domain: "globex.example" } });
  const grace = await call("/v1/persons", { method: "POST", body: { name: "Grace Hopper", emails: ["grace@globex.example"], primary_company_uuid: globex.body.uuid, job_title: "CTO" } });
  const bob = await call("/v1/persons", { method: "POST", body: { name: "Bob Bridge", emails: ["bob@initech.example"] } });
  ids = { grace: grace.body.uuid, bob: bob.body.uuid, globex: globex.body.uuid };

  const alice = acme.admin.email;
  const mike = acme.member.email;
  const { status, body } = await call("/v1/emails/batch", {
    method: "POST",
    body: {
      messages: [
        // Alice and Grace: a two-way thread in the last month.
        { message_id: "<a1@x>", sent_at: daysAgo(25), from: alice, to: ["grace@globex.example"], subject: "Hello" },
        { message_id: "<a2@x>", sent_at: daysAgo(24), from: "grace@globex.example", to: [alice], subject: "Re: Hello" },
        { message_id: "<a3@x>", sent_at: daysAgo(3), from: alice, to: ["grace@globex.example"], subject: "Follow-up" },
        // Mike and Bob know each other well; Bob and Grace have written once.
        { message_id: "<m1@x>", sent_at: daysAgo(40), from: mike, to: ["bob@initech.example"], subject: "Lunch" },
        { message_id: "<m2@x>", sent_at: daysAgo(39), from: "bob@initech.example", to: [mike], subject: "Re: Lunch" },
        { message_id: "<m3@x>", sent_at: daysAgo(10), from: mike, to: ["bob@initech.example"], subject: "Intro?" },
        { message_id: "<b1@x>", sent_at: daysAgo(20), from: "bob@initech.example", to: ["grace@globex.example"], subject: "Catching up" },
      ],
    },
  });
  expect(status).toBe(200);
  expect(body.results.map((result: Json) => result.status)).toEqual(Array(7).fill("CREATED"));
});
afterEach(() => context.close());

async function meeting(title: string, startsAt: string, attendees: string[]) {
  const created = await call("/v1/meetings", { method: "POST", body: { title, starts_at: startsAt, attendees } });
  expect(created.status).toBe(201);
  return created.body.uuid as string;
}

describe("recommended paths to a person", () => {
  it("ranks the direct relationship above the two-hop one, with hops, labels and priority entries", async () => {
    const { status, body } = await call(`/v1/persons/${ids.grace}/recommended-paths`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ target_uuid: ids.grace, target_name: "Grace Hopper", total: 2, page: 1, has_more: false, top_external_contacts: [] });
    const [first, second] = body.items as Json[];
    expect(first).toMatchObject({ user_uuid: acme.admin.uuid, person_uuid: acme.admin.person_uuid, name: "Alice", is_internal: true });
    expect(second).toMatchObject({ user_uuid: acme.member.uuid, name: "Mike" });
    expect(first!.connection_score).toBeGreaterThan(second!.connection_score);
    for (const item of [first!, second!]) expect(item.strength).toBe(strengthLabel(item.connection_score));

    // Alice's best path is direct; Mike's goes through Bob.
    expect(first!.paths[0].map((hop: Json) => hop.person_uuid)).toEqual([ids.grace]);
    expect(second!.paths[0].map((hop: Json) => hop.person_uuid)).toEqual([ids.bob, ids.grace]);
    const [toBob, toGrace] = second!.paths[0] as Json[];
    expect(toBob).toMatchObject({ name: "Bob Bridge", interaction_count: 3, service_key: ids.bob, service_name: "Bob Bridge" });
    expect(toGrace).toMatchObject({ name: "Grace Hopper", job_title: "CTO", company_name: "Globex", interaction_count: 1 });
    expect(Date.parse(toGrace!.last_interaction_at)).toBe(TEST_START - 20 * DAY);
    expect(first!.priority_management[0]).toMatchObject({
      person_uuid: ids.grace,
      user_uuid: acme.admin.uuid,
      user_name: "Alice",
      interaction_count: 3,
      rq_manual: null,
      priority_context: [{ via_person_uuid: null }],
    });
    expect(first!.priority_management[0].rq_reason).toMatch(/3 emails/);
    // A path's strength in priority_context is the one it is ranked by, rounded as every score is.
    expect(second!.priority_management[0].priority_context).toEqual([{ via_person_uuid: ids.bob, strength: second!.connection_score }]);
  });

  it("sorts by name and by order, pages with cursors, and answers 404 for a person of another tenant", async () => {
    const byName = await call(`/v1/persons/${ids.grace}/recommended-paths?sort_by=name&order=asc`);
    expect(byName.body.items.map((item: Json) => item.name)).toEqual(["Alice", "Mike"]);
    const ascending = await call(`/v1/persons/${ids.grace}/recommended-paths?order=asc`);
    expect(ascending.body.items.map((item: Json) => item.name)).toEqual(["Mike", "Alice"]);

    const first = await call(`/v1/persons/${ids.grace}/recommended-paths?per_page=1`);
    expect(first.body).toMatchObject({ per_page: 1, total: 2, has_more: true });
    const second = await call(`/v1/persons/${ids.grace}/recommended-paths?per_page=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body).toMatchObject({ total: null, has_more: false, next_cursor: null });
    expect([first.body.items[0].name, second.body.items[0].name]).toEqual(["Alice", "Mike"]);
    const changed = await call(`/v1/persons/${ids.grace}/recommended-paths?per_page=1&sort_by=name&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(changed.status).toBe(400);

    const other = await buildTenant(context.services, { name: "Other" });
    expect((await call(`/v1/persons/${ids.grace}/recommended-paths`, { key: other.key })).status).toBe(404);
  });

  it("answers a batch in input order, empty for unknown targets, and refuses 101 targets", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const { status, body } = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [unknown, ids.grace, ids.bob], limit: 1 } });
    expect(status).toBe(200);
    expect(body.results.map((result: Json) => result.target_uuid)).toEqual([unknown, ids.grace, ids.bob]);
    expect(body.results[0]).toMatchObject({ items: [], total: 0, target_name: null });
    expect(body.results[1]).toMatchObject({ total: 2, per_page: 1, has_more: true });
    expect(body.results[1].items).toHaveLength(1);
    const tooMany = Array.from({ length: 101 }, () => ids.grace);
    expect((await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: tooMany } })).status).toBe(400);
    expect((await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [ids.grace], limit: 101 } })).status).toBe(400);
  });

  it("lists as many paths and priority entries per item as the batch asks for, 0 to 10, still counting every path", async () => {
    // Mike meets Grace with Bob: a direct path besides the one through Bob.
    await meeting("Three of us", daysAgo(2), [acme.member.email, "grace@globex.example", "bob@initech.example"]);
    const batch = (fields: Json) => call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [ids.grace], ...fields } });
    const mikeOf = (body: Json) => (body.results[0].items as Json[]).find((item) => item.user_uuid === acme.member.uuid)!;

    const fuller = mikeOf((await batch({ paths_per_item: 3, priority_entries_per_item: 3 })).body);
    expect(fuller.path_count).toBe(2);
    expect(fuller.paths).toHaveLength(2);
    expect(fuller.priority_management).toHaveLength(1);

    // By default an overview: each item's strongest path and highest priority entry.
    const byDefault = await batch({});
    expect(byDefault.status).toBe(200);
    const [fullerEntry] = fuller.priority_management as Json[];
    // An entry's context lists the user's paths among those the item lists.
    expect(mikeOf(byDefault.body)).toMatchObject({
      path_count: 2,
      paths: [fuller.paths[0]],
      priority_management: [{ ...fullerEntry, priority_context: fullerEntry!.priority_context.slice(0, 1) }],
    });

    const bare = mikeOf((await batch({ paths_per_item: 0, priority_entries_per_item: 0 })).body);
    expect(bare).toMatchObject({ path_count: 2, paths: [], priority_management: [], connection_score: fuller.connection_score });

    for (const [field, value] of [["paths_per_item", 11], ["priority_entries_per_item", -1], ["paths_per_item", 1.5], ["priority_entries_per_item", "2"]] as const) {
      const refused = await batch({ [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain(field);
    }
  });

  it("reads the emails only of the persons whose emails it shows: the team members and top external contacts", async () => {
    const { persons } = context.services.store;
    const displays = vi.spyOn(persons, "displays");
    const cards = vi.spyOn(persons, "displayCards");
    const askedFor = (spy: typeof displays | typeof cards) => spy.mock.calls.flatMap((asked) => [...asked[1]]);
    try {
      const paths = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [ids.grace] } });
      expect(paths.status).toBe(200);
      const withEmails = askedFor(displays);
      const withoutEmails = askedFor(cards);
      const [result] = paths.body.results as Json[];
      const hops = (result!.items as Json[]).flatMap((item) => (item.paths as Json[][]).flat());
      expect(hops.map((hop) => hop.name)).toContain("Bob Bridge");
      expect((result!.items as Json[]).map((item) => item.email).sort()).toEqual([acme.admin.email, acme.member.email].sort());
      // Bob, a bridge, and Grace, the target, are named without their emails being read.
      expect(withEmails.sort()).toEqual([acme.admin.person_uuid, acme.member.person_uuid].sort());
      expect(withoutEmails).toEqual(expect.arrayContaining([ids.bob, ids.grace]));

      displays.mockClear();
      const company = await call("/v1/companies/recommended-paths/batch", { method: "POST", body: { uuids: [ids.globex] } });
      expect(company.status).toBe(200);
      const [companyResult] = company.body.results as Json[];
      expect((companyResult!.top_external_contacts as Json[]).map((contact) => [contact.person_uuid, contact.email])).toEqual([[ids.grace, "grace@globex.example"]]);
      expect(askedFor(displays)).toContain(ids.grace);
      expect(askedFor(displays)).not.toContain(ids.bob);
    } finally {
      displays.mockRestore();
      cards.mockRestore();
    }
  });

  it("reads opportunity and list signals only of the persons whose signals it shows, not of top external contacts", async () => {
    const { associations, entityLists } = context.services.store;
    const links = vi.spyOn(associations, "recentOpportunitiesOf");
    const lists = vi.spyOn(entityLists, "membershipCounts");
    const asked = () => [links.mock.calls.flatMap((call) => [...call[2]]), lists.mock.calls.flatMap((call) => [...call[1]])];
    try {
      // Without paths or priority entries, Grace is the company's top external contact and nothing else.
      const company = await call("/v1/companies/recommended-paths/batch", {
        method: "POST",
        body: { uuids: [ids.globex], paths_per_item: 0, priority_entries_per_item: 0 },
      });
      expect(company.status).toBe(200);
      const [result] = company.body.results as Json[];
      expect((result!.top_external_contacts as Json[]).map((contact) => contact.person_uuid)).toEqual([ids.grace]);
      const items = (result!.items as Json[]).map((item) => item.person_uuid);
      expect(items.length).toBeGreaterThan(0);
      for (const persons of asked()) {
        expect(persons).not.toContain(ids.grace);
        expect(persons).toEqual(expect.arrayContaining(items));
      }

      // Listing its paths and entries, Grace is a hop and an entry: her signals are read and shown.
      links.mockClear();
      lists.mockClear();
      const listed = await call("/v1/companies/recommended-paths/batch", { method: "POST", body: { uuids: [ids.globex], paths_per_item: 3 } });
      expect(listed.status).toBe(200);
      for (const persons of asked()) expect(persons).toContain(ids.grace);
    } finally {
      links.mockRestore();
      lists.mockRestore();
    }
  });

  it("answers a target named twice in a batch twice, each time in full, in its input positions", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const uuids = [ids.grace, unknown, ids.bob, ids.grace, unknown, ids.bob];
    const { status, body } = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids } });
    expect(status).toBe(200);
    expect(body.results.map((result: Json) => result.target_uuid)).toEqual(uuids);
    const once = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [ids.grace, unknown, ids.bob] } });
    expect(body.results.slice(0, 3)).toEqual(once.body.results);
    expect(body.results.slice(3)).toEqual(once.body.results);
    expect(body.results[0].items.length).toBeGreaterThan(0);
    expect(body.results[0]).not.toEqual(body.results[2]);
  });

  it("answers a batch longer than one part whole and in order, a target repeated across parts alike", async () => {
    const unknowns = Array.from({ length: 20 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    const uuids = [ids.grace, ...unknowns.slice(0, 9), ids.bob, ...unknowns.slice(9), ids.grace, ids.bob];
    const { status, body } = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids } });
    expect(status).toBe(200);
    expect(body.results.map((result: Json) => result.target_uuid)).toEqual(uuids);
    const alone = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [ids.grace, ids.bob] } });
    expect([body.results[0], body.results[10]]).toEqual(alone.body.results);
    expect(body.results.slice(-2)).toEqual(alone.body.results);
    expect(body.results[0].items.length).toBeGreaterThan(0);
    expect(body.results.filter((result: Json) => result.total === 0)).toHaveLength(unknowns.length);
  });

  it("carries each hop's opportunity associations and list memberships in its signals", async () => {
    const { store } = context.services;
    const viewer = { user_uuid: acme.admin.uuid };
    const type = await store.opportunityTypes.create({ tenant_uuid: acme.tenant.uuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: acme.tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Sourcing" });
    const deal = await store.opportunities.create(
      { tenant_uuid: acme.tenant.uuid, name: "Globex pilot", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: ids.grace }], actor_user_uuid: acme.admin.uuid },
      viewer,
    );
    const list = await call("/v1/lists", { method: "POST", body: { name: "Targets", kind: "persons" } });
    expect((await call(`/v1/lists/${list.body.uuid}/entities`, { method: "POST", body: { entity_type: "PERSON", entity_uuids: [ids.grace] } })).status).toBeLessThan(300);

    const { body } = await call(`/v1/persons/${ids.grace}/recommended-paths`);
    const mike = (body.items as Json[]).find((item) => item.user_uuid === acme.member.uuid)!;
    const graceHop = mike.paths[0].at(-1);
    expect(graceHop.associations).toEqual([deal.uuid]);
    expect(mike.paths[0][0].associations).toEqual([]);
    const alice = (body.items as Json[]).find((item) => item.user_uuid === acme.admin.uuid)!;
    expect(alice.priority_management[0].signal_metadata).toEqual({ associations: 1, lists: 1 });
  });
});

describe("companies", () => {
  it("finds paths through the company's people, its top external contacts, and its PathPower", async () => {
    const paths = await call(`/v1/companies/${ids.globex}/recommended-paths`);
    expect(paths.body).toMatchObject({ target_uuid: ids.globex, target_name: "Globex", total: 2 });
    expect(paths.body.items[0]).toMatchObject({ user_uuid: acme.admin.uuid, is_primary_company_recommended: true });
    expect(paths.body.top_external_contacts).toEqual([
      expect.objectContaining({ person_uuid: ids.grace, name: "Grace Hopper", email: "grace@globex.example", job_title: "CTO" }),
    ]);
    const [connector] = paths.body.top_external_contacts[0].internal_connectors as Json[];
    expect(connector).toMatchObject({ internal_user_uuid: acme.admin.uuid, name: "Alice" });
    expect(Date.parse(connector!.last_engaged_at)).toBe(TEST_START - 3 * DAY);

    const contactsOnly = await call("/v1/companies/recommended-paths/batch", { method: "POST", body: { uuids: [ids.globex], include_items: false } });
    expect(contactsOnly.body.results[0].items).toEqual([]);
    // The target's total still counts the team members who reach it, as the items would list them.
    expect(contactsOnly.body.results[0]).toMatchObject({ total: paths.body.total, has_more: paths.body.total > 0 });
    expect(paths.body.total).toBeGreaterThan(0);
    expect(contactsOnly.body.results[0].top_external_contacts).toHaveLength(1);

    const power = await call(`/v1/companies/${ids.globex}/pathpower`);
    expect(power.body).toMatchObject({ entity: "company", uuid: ids.globex, meta: { person_count: 1, connected_person_count: 1 } });
    expect(power.body.score).toBeGreaterThan(0);
    expect(power.body.strength_label).toBe(strengthLabel(power.body.score));
    expect(power.body.score_display).toBe(Math.round(power.body.score * 100));
  });

  it("answers score null with 200 for a company with no data, and 404 for another tenant's", async () => {
    const quiet = await call("/v1/companies", { method: "POST", body: { company_name: "Quiet Co" } });
    expect((await call(`/v1/companies/${quiet.body.uuid}/pathpower`)).body).toMatchObject({ score: null, strength_label: null, score_display: 0 });
    const other = await buildTenant(context.services, { name: "Other" });
    expect((await call(`/v1/companies/${ids.globex}/pathpower`, { key: other.key })).status).toBe(404);
  });

  it("counts in meta the company's external persons only, not the team's own people working there", async () => {
    const acmeInc = await call("/v1/companies", { method: "POST", body: { company_name: "Acme Inc" } });
    await context.services.store.persons.update(acme.tenant.uuid, acme.admin.person_uuid, { primary_company_uuid: acmeInc.body.uuid });
    await call("/v1/persons", { method: "POST", body: { name: "Quinn Quiet", emails: ["quinn@acme-inc.example"], primary_company_uuid: acmeInc.body.uuid } });
    const power = await call(`/v1/companies/${acmeInc.body.uuid}/pathpower`);
    expect(power.body).toMatchObject({ score: null, meta: { person_count: 1, connected_person_count: 0 } });
  });
});

describe("GET /v1/pathpower/scores", () => {
  it("answers every input uuid, null for unknown ones, an empty list for none, 400 over 100", async () => {
    const unknown = "00000000-0000-4000-8000-000000000001";
    // A repeat (here upper-cased) gets an entry at its position too, as in the batches: a client pairs inputs and
    // entries by index.
    const { body } = await call(`/v1/pathpower/scores?entity=person&uuids=${ids.grace},${unknown},${ids.bob},${ids.grace.toUpperCase()}`);
    expect(body.scores.map((score: Json) => score.uuid)).toEqual([ids.grace, unknown, ids.bob, ids.grace]);
    expect(body.scores[0].score).toBeGreaterThan(0);
    expect(body.scores[3]).toEqual(body.scores[0]);
    expect(body.scores[1]).toMatchObject({ score: null, strength_label: null });
    expect((await call("/v1/pathpower/scores?entity=person")).body).toEqual({ scores: [], scored_at: context.clock.now() });
    expect((await call("/v1/pathpower/scores?entity=person&uuids=")).body).toEqual({ scores: [], scored_at: context.clock.now() });
    expect((await call(`/v1/pathpower/scores?uuids=${ids.grace}`)).status).toBe(400);
    const many = Array.from({ length: 101 }, (_unused, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    expect((await call(`/v1/pathpower/scores?entity=person&uuids=${many.join(",")}`)).status).toBe(400);
  });
});

describe("derived fields and meetings", () => {
  it("fills strongest relationships, last activity and next meetings, and a cancelled meeting drops out at once", async () => {
    const before = await call(`/v1/persons/${ids.grace}`);
    expect(before.body.strongest_relationships.map((row: Json) => row.user_uuid)).toEqual([acme.admin.uuid]);
    expect(before.body.strongest_relationships[0]).toMatchObject({ user_name: "Alice", priority_management: { person_uuid: ids.grace } });
    expect(before.body.last_activity_date).toBe(new Date(TEST_START - 3 * DAY).toISOString().slice(0, 10));
    expect(before.body.last_contact_at).toBe(TEST_START - 3 * DAY);
    expect(before.body.next_meeting_at).toBeNull();

    const upcoming = await meeting("Globex sync", new Date(TEST_START + 2 * DAY).toISOString(), [acme.member.email, "grace@globex.example"]);
    const past = await meeting("Roadmap review", daysAgo(1), [acme.admin.email, "grace@globex.example"]);
    const withMeetings = await call(`/v1/persons/${ids.grace}`, { userUuid: acme.member.uuid });
    expect(withMeetings.body).toMatchObject({
      next_meeting_at: TEST_START + 2 * DAY,
      next_meeting_title: "Globex sync",
      next_meeting_with_user_uuid: acme.member.uuid,
      my_next_meeting_at: TEST_START + 2 * DAY,
      my_next_meeting_title: "Globex sync",
      last_contact_at: TEST_START - DAY,
    });
    expect((await call(`/v1/persons/${ids.grace}`, { userUuid: acme.admin.uuid })).body.my_next_meeting_at).toBeNull();
    expect((await call(`/v1/persons/${ids.grace}`)).body.my_next_meeting_at).toBeNull();

    const stats = async () =>
      (await call("/v1/persons/activity-stats/batch", { method: "POST", body: { uuids: [ids.grace], periods: "30_days", group_by: "internal_user", sort_by: "top_user" } })).body
        .results[0];
    const counted = await stats();
    expect(counted.periods).toEqual([{ period: "30_days", last_activity_date: new Date(TEST_START - DAY).toISOString().slice(0, 10), activity_counts: { emails: 4, meetings: 1, total: 5 } }]);
    // Mike's only meeting with Grace is still ahead: it is not activity yet.
    expect(counted.by_user.map((row: Json) => [row.name, row.periods[0].activity_counts])).toEqual([["Alice", { emails: 3, meetings: 1, total: 4 }]]);
    expect(counted.top_email_user).toMatchObject({ internal_user_uuid: acme.admin.uuid, name: "Alice" });
    expect(counted.top_meeting_user).toMatchObject({ internal_user_uuid: acme.admin.uuid });
    const scoreWithMeeting = (await call(`/v1/persons/${ids.grace}/recommended-paths`)).body.items[0].connection_score;

    // Cancel both: the next meeting and the counts change on the very next read.
    await call(`/v1/meetings/${upcoming}`, { method: "PUT", body: { status: "cancelled" } });
    await call(`/v1/meetings/${past}`, { method: "PUT", body: { status: "cancelled" } });
    const after = await call(`/v1/persons/${ids.grace}`, { userUuid: acme.member.uuid });
    expect(after.body).toMatchObject({ next_meeting_at: null, my_next_meeting_at: null, last_contact_at: TEST_START - 3 * DAY });
    expect((await stats()).periods[0].activity_counts).toEqual({ emails: 4, meetings: 0, total: 4 });
    expect((await call(`/v1/persons/${ids.grace}/recommended-paths`)).body.items[0].connection_score).toBeLessThan(scoreWithMeeting);
  });

  it("gives empty periods for unknown persons and refuses unknown periods", async () => {
    const { body } = await call("/v1/persons/activity-stats/batch", { method: "POST", body: { uuids: ["00000000-0000-4000-8000-000000000000"] } });
    expect(body.results[0]).toMatchObject({ entity_type: "PERSON", periods: [], by_user: [], top_email_user: null });
    expect((await call("/v1/persons/activity-stats/batch", { method: "POST", body: { uuids: [ids.grace], periods: "7_days" } })).status).toBe(400);
    // A list naming no period is refused rather than answered with empty periods, which read as no activity.
    for (const periods of ["", " , "]) {
      const empty = await call("/v1/persons/activity-stats/batch", { method: "POST", body: { uuids: [ids.grace], periods } });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toMatch(/periods.*names no period/);
    }
  });

  it("lists every period of a person with activity, a period without any with zero counts and a null date", async () => {
    // Bob's latest email is 10 days old; 21 days on, his 30-day period is empty and his 90-day one holds all four.
    context.clock.advance(21 * DAY);
    const { body } = await call("/v1/persons/activity-stats/batch", { method: "POST", body: { uuids: [ids.bob], periods: "30_days,90_days" } });
    const bobWithTeam = body.results[0].periods;
    expect(bobWithTeam[0]).toEqual({ period: "30_days", last_activity_date: null, activity_counts: { emails: 0, meetings: 0, total: 0 } });
    expect(bobWithTeam[1]).toMatchObject({ period: "90_days", activity_counts: { emails: 4, meetings: 0, total: 4 } });
  });
});

describe("relationship rankings", () => {
  it("ranks the team's contacts by PathPower and each user's by RQ", async () => {
    const ring = await call("/v1/relationships");
    expect(ring.body.items.map((item: Json) => item.name).sort()).toEqual(["Bob Bridge", "Grace Hopper"]);
    const scores = ring.body.items.map((item: Json) => item.score);
    expect(scores).toEqual([...scores].sort((left: number, right: number) => right - left));
    const companies = await call("/v1/relationships?entity=company");
    expect(companies.body.items.map((item: Json) => item.name)).toEqual(["Globex"]);

    const mike = await call(`/v1/users/${acme.member.uuid}/relationships`);
    expect(mike.body.items.map((item: Json) => item.name)).toEqual(["Bob Bridge"]);
    expect(mike.body.items[0]).toMatchObject({ interaction_count: 3 });
    expect(mike.body.user_is_active).toBe(true);
    expect((await call("/v1/users/00000000-0000-4000-8000-000000000000/relationships")).status).toBe(404);
    // Deactivated, his relationships leave the graph with him: the empty list says why (it read as "knew nobody").
    expect(await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid)).toBe(true);
    expect((await call(`/v1/users/${acme.member.uuid}/relationships`)).body).toMatchObject({ items: [], total: 0, user_is_active: false });
  });

  it("pages a ranking by page and per_page, with its total and has_more", async () => {
    const whole = (await call("/v1/relationships")).body;
    expect(whole).toMatchObject({ total: 2, has_more: false, next_cursor: null });
    const pageOf = async (page: number) => (await call(`/v1/relationships?per_page=1&page=${page}`)).body;
    const [first, second, past] = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect(first).toMatchObject({ page: 1, per_page: 1, total: 2, has_more: true });
    expect(second).toMatchObject({ page: 2, total: 2, has_more: false });
    expect([...first.items, ...second.items]).toEqual(whole.items);
    expect(past).toMatchObject({ items: [], total: 2, has_more: false });
    const mike = (await call(`/v1/users/${acme.member.uuid}/relationships?per_page=1&page=2`)).body;
    expect(mike).toMatchObject({ items: [], total: 1, has_more: false });
  });

  it("labels the ranking with the deployment's strength thresholds, not the defaults", async () => {
    const withDefaults = (await call("/v1/relationships")).body.items;
    expect(withDefaults.map((item: Json) => item.strength_label)).toEqual(withDefaults.map((item: Json) => strengthLabel(item.score)));
    const folder = mkdtempSync(join(tmpdir(), "rapport-thresholds-"));
    const path = join(folder, "scoring.json");
    writeFileSync(path, JSON.stringify({ strengthThresholds: { moderate: 0.001, strong: 0.002, veryStrong: 0.003 } }));
    vi.stubEnv("RAPPORT_SCORING_PARAMETERS", path);
    const lowThresholds = await createTestContext({ databasePath: context.databasePath });
    try {
      const response = await lowThresholds.request("/v1/relationships", { key: acme.key });
      const items = ((await response.json()) as Json).items as Json[];
      expect(items.map((item) => [item.uuid, item.score])).toEqual(withDefaults.map((item: Json) => [item.uuid, item.score]));
      expect(items.map((item) => item.strength_label)).toEqual(["very_strong", "very_strong"]);
      expect(withDefaults.map((item: Json) => item.strength_label)).not.toContain("very_strong");
    } finally {
      vi.unstubAllEnvs();
      await lowThresholds.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("person merge", () => {
  it("moves activity to the canonical person and the scores follow at once", async () => {
    const duplicate = await call("/v1/persons", { method: "POST", body: { name: "G. Hopper", emails: ["grace.h@home.example"] } });
    await call("/v1/emails/batch", {
      method: "POST",
      body: { messages: [{ message_id: "<d1@x>", sent_at: daysAgo(2), from: acme.member.email, to: ["grace.h@home.example"] }] },
    });
    const before = await call(`/v1/persons/${ids.grace}/recommended-paths`);
    const mikeBefore = before.body.items.find((item: Json) => item.user_uuid === acme.member.uuid);
    const merged = await call(`/v1/persons/${ids.grace}/merge`, { method: "POST", body: { superseded_person_uuid: duplicate.body.uuid } });
    expect(merged.status).toBe(200);
    const after = await call(`/v1/persons/${ids.grace}/recommended-paths`);
    const mikeAfter = after.body.items.find((item: Json) => item.user_uuid === acme.member.uuid);
    expect(mikeAfter.paths[0].map((hop: Json) => hop.person_uuid)).toEqual([ids.grace]);
    expect(mikeAfter.connection_score).toBeGreaterThan(mikeBefore.connection_score);
    expect((await call(`/v1/persons/${duplicate.body.uuid}/recommended-paths`)).status).toBe(404);
  });
});
