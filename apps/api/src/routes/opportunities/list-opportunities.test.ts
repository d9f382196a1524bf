/**
 * GET /v1/opportunities: one test per filter and per sort value on a fixture with ties, totals
 * against sums computed here, cursor scans with every sort, and every 400 rule.
 */
import type { Opportunity, User } from "@rapport/store";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPipeline, companyLink, personLink, type Pipeline } from "../../testing/deal-builders.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { queryFingerprint } from "../../platform/listing/cursor-codec.js";
import { checkWalkWithWrites, walkActions } from "../../testing/fuzzy-walk.js";
import { alphabeticalKey } from "../../testing/list-model.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { recordOpportunityActivity } from "../../testing/recorded-activity.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
const T0 = TEST_START;
const T1 = T0 + 2 * DAY;
const T2 = T1 + DAY;
const T3 = T2 + DAY;

interface Item {
  uuid: string;
  name: string;
  value: number | null;
  probability: number | null;
  weighted_value: number | null;
  source_date: string | null;
  intro_date: string | null;
  close_date: string | null;
  last_activity_date: string | null;
  details: string | null;
  next_step: string | null;
  stage: { uuid: string; name: string };
  owner: { name: string } | null;
  intro_person: { name: string } | null;
  days_in_stage: number;
  notes_and_files_count: number;
  created_at: number;
  updated_at: number;
}

interface ListBody {
  items: Item[];
  page: number;
  per_page: number;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
  total_value: number;
  total_weighted_value: number;
  custom_field_mapping: { fields: unknown[] };
  error?: string;
}

let context: TestContext;
let acme: TestTenant;
let zoe: User;
let deals: Pipeline;
let funds: Pipeline;
const people: Record<"ada" | "bob" | "cy", string> = { ada: "", bob: "", cy: "" };
const companies: Record<"globex" | "initech" | "hooli", string> = { globex: "", initech: "", hooli: "" };
const opportunities: Record<string, Opportunity> = {};
const uuidOf = (name: string) => opportunities[name]!.uuid;

async function list(query: string, key = acme.key): Promise<{ status: number; body: ListBody }> {
  const response = await context.request(`/v1/opportunities${query}`, { key });
  return { status: response.status, body: (await response.json()) as ListBody };
}

/** Every item of a query (all pages of 50). */
async function all(query: string): Promise<Item[]> {
  const separator = query.includes("?") ? "&" : "?";
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await list(`${query}${separator}per_page=50&page=${page}`);
    expect(status, `${query}: ${body.error}`).toBe(200);
    items.push(...body.items);
    if (!body.has_more) return items;
  }
}

const names = (items: readonly Item[]) => items.map((item) => item.name).sort();

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenantUuid = acme.tenant.uuid;
  zoe = await store.users.create({ tenant_uuid: tenantUuid, name: "Zoe", email: "zoe@acme.example", role: "member" });
  deals = await buildPipeline(context.services, acme, { label: "Xylophone" });
  funds = await buildPipeline(context.services, acme, { label: "Fund", stageNames: ["Open"], subopportunities: false });

  const person = async (name: string, city: string, state: string, country: string) =>
    (await store.persons.create({ tenant_uuid: tenantUuid, name, city, state, country })).uuid;
  people.ada = await person("Ada Lovelace", "Portland", "Oregon", "United States");
  people.bob = await person("Bob Stone", "Austin", "TX", "US");
  people.cy = await person("Cy Young", "Toronto", "Ontario", "CA");
  const company = async (company_name: string, city: string, state: string, country: string) =>
    (await store.companies.create({ tenant_uuid: tenantUuid, company_name, city, state, country })).uuid;
  companies.globex = await company("Globex", "Portland", "ME", "USA");
  companies.initech = await company("Initech", "Austin", "Texas", "United States");
  companies.hooli = await company("Hooli", "Toronto", "ON", "Canada");

  const create = async (fields: Parameters<typeof store.opportunities.create>[0]) => {
    const created = await store.opportunities.create(fields, { user_uuid: null });
    opportunities[created.name] = created;
    return created;
  };
  const base = { tenant_uuid: tenantUuid, type_uuid: deals.type.uuid };
  const [lead, diligence, termSheet, closed] = deals.stages;

  context.clock.set(T0);
  await create({
    ...base,
    name: "Alpha Robotics",
    stage_uuid: lead!.uuid,
    owner_user_uuid: acme.admin.uuid,
    value: 100,
    probability: 10,
    source_date: "2026-01-10",
    intro_date: "2026-02-01",
    close_date: "2026-12-31",
    details: "beta notes",
    next_step: "call",
    intro_person_uuid: people.ada,
    associations: [companyLink(companies.globex), personLink(people.ada)],
  });
  await create({
    ...base,
    name: "beta Logistics",
    stage_uuid: lead!.uuid,
    owner_user_uuid: acme.member.uuid,
    value: 100,
    probability: 50,
    source_date: "2026-03-01",
    intro_date: "2026-01-15",
    details: "Alpha",
    next_step: "email",
    intro_person_uuid: people.bob,
    associations: [companyLink(companies.initech)],
  });
  await create({
    ...base,
    name: "Gamma Health",
    stage_uuid: diligence!.uuid,
    owner_user_uuid: null,
    value: null,
    probability: 20,
    close_date: "2026-06-30",
    associations: [personLink(people.bob)],
  });
  await create({
    tenant_uuid: tenantUuid,
    type_uuid: funds.type.uuid,
    name: "Delta Fund II",
    stage_uuid: funds.stages[0]!.uuid,
    owner_user_uuid: zoe.uuid,
    value: 500,
    probability: 20,
    source_date: "2026-03-01",
    intro_date: "2026-02-01",
    close_date: "2026-06-30",
    details: "Zulu",
    intro_person_uuid: people.cy,
    associations: [companyLink(companies.hooli), personLink(people.cy)],
  });

  context.clock.set(T1);
  const parent = await create({ ...base, name: "Epsilon Parent", stage_uuid: termSheet!.uuid, owner_user_uuid: acme.admin.uuid, value: 1_000, probability: 80, close_date: "2027-01-15" });
  await create({ tenant_uuid: tenantUuid, parent_uuid: parent.uuid, name: "Epsilon Tranche A", stage_uuid: deals.childStages[0]!.uuid, value: 300, probability: 50, associations: [companyLink(companies.globex)] });
  await create({ tenant_uuid: tenantUuid, parent_uuid: parent.uuid, name: "Epsilon Tranche B", stage_uuid: deals.childStages[1]!.uuid, value: 200, probability: null, associations: [personLink(people.ada)] });

  context.clock.set(T2);
  await create({
    ...base,
    name: "Zeta Partners",
    stage_uuid: closed!.uuid,
    owner_user_uuid: acme.member.uuid,
    value: 0,
    probability: 100,
    details: "alpha",
    next_step: "Call",
    intro_person_uuid: people.ada,
    associations: [companyLink(companies.initech)],
  });
  // Same name as Zeta Partners but for case: a tie for sort_by=name.
  await create({ ...base, name: "ZETA partners", stage_uuid: closed!.uuid, owner_user_uuid: null, probability: null });

  context.clock.set(T3);
  const viewer = { user_uuid: null };
  await store.opportunities.update(tenantUuid, uuidOf("beta Logistics"), { stage_uuid: diligence!.uuid }, { user_uuid: null }, viewer);
  await store.opportunities.update(tenantUuid, uuidOf("Gamma Health"), { next_step: "Send memo" }, { user_uuid: null }, viewer);
  // Notes and files: Alpha 2 (a note linked from the opportunity's side, a file), Gamma 2 notes, Zeta 1 file.
  const note = (content: string, opportunity?: string) =>
    store.notes.create(
      { tenant_uuid: tenantUuid, content, associations: opportunity ? [{ entity_type: "OPPORTUNITY", entity_uuid: opportunity }] : [] },
      viewer,
    );
  const alphaNote = await note("Alpha memo");
  await store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: uuidOf("Alpha Robotics") }, { type: "NOTE", uuid: alphaNote.uuid }, { user_uuid: null });
  await note("Gamma one", uuidOf("Gamma Health"));
  await note("Gamma two", uuidOf("Gamma Health"));
  for (const name of ["Alpha Robotics", "Zeta Partners"]) {
    const file = await store.files.create({ tenant_uuid: tenantUuid, filename: "deck.pdf", content_type: "application/pdf", content: new Uint8Array([1, 2, 3]) });
    await store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: uuidOf(name) }, { type: "FILE", uuid: file.uuid }, { user_uuid: null });
  }
  recordOpportunityActivity(context.databasePath, [
    { opportunityUuid: uuidOf("Alpha Robotics"), at: Date.parse("2026-10-01T10:00:00Z") },
    { opportunityUuid: uuidOf("beta Logistics"), at: Date.parse("2026-10-05T00:00:00Z") },
    { opportunityUuid: uuidOf("Zeta Partners"), at: Date.parse("2026-11-01T00:00:00Z") },
    { opportunityUuid: uuidOf("Delta Fund II"), at: Date.parse("2026-10-01T10:00:00Z") },
  ]);
  context.clock.set(T3 + 6 * 3_600_000);
});
afterAll(() => context.close());

const EVERYONE = [
  "ZETA partners",
  "Alpha Robotics",
  "Delta Fund II",
  "Epsilon Parent",
  "Epsilon Tranche A",
  "Epsilon Tranche B",
  "Gamma Health",
  "Zeta Partners",
  "beta Logistics",
].sort();

describe("GET /v1/opportunities filters", () => {
  it("lists everything without filters, with the custom field mapping and totals", async () => {
    const { body } = await list("?per_page=3");
    expect(body.total).toBe(9);
    expect(body.items).toHaveLength(3);
    expect(body.custom_field_mapping).toEqual({ fields: [], standard_key_to_uuid: {}, unresolved_keys: [] });
    expect(names(await all(""))).toEqual(EVERYONE);
  });

  // Each case names exactly the opportunities the fixture puts in the filtered set: a strict, non-empty subset.
  const cases: Array<[string, () => string, string[]]> = [
    ["name (case-insensitive, own name only)", () => "name=ALPHA", ["Alpha Robotics"]],
    ["opportunity_type_uuid", () => `opportunity_type_uuid=${funds.type.uuid}`, ["Delta Fund II"]],
    ["opportunity_stage_uuid", () => `opportunity_stage_uuid=${deals.stages[1]!.uuid}`, ["Gamma Health", "beta Logistics"]],
    ["opportunity_stage_uuids (IN)", () => `opportunity_stage_uuids=${deals.stages[0]!.uuid},${deals.stages[3]!.uuid}`, ["Alpha Robotics", "ZETA partners", "Zeta Partners"]],
    ["owner_user_uuid (user UUID)", () => `owner_user_uuid=${acme.admin.uuid}`, ["Alpha Robotics", "Epsilon Parent"]],
    [
      "owner_user_uuid (OR of a user UUID and a person UUID shown as owner.uuid)",
      () => `owner_user_uuid=${acme.admin.uuid},${acme.member.person_uuid}`,
      ["Alpha Robotics", "Epsilon Parent", "Zeta Partners", "beta Logistics"],
    ],
    [
      "owner_user_uuid ignores UUIDs that resolve to no user when another one does",
      () => `owner_user_uuid=${zoe.uuid},00000000-0000-4000-8000-000000000000`,
      ["Delta Fund II"],
    ],
    [
      "include_no_owner widens owner_user_uuid to unowned opportunities",
      () => `owner_user_uuid=${acme.admin.uuid}&include_no_owner=true`,
      ["Alpha Robotics", "Epsilon Parent", "Epsilon Tranche A", "Epsilon Tranche B", "Gamma Health", "ZETA partners"],
    ],
    ["has_owner=true", () => "has_owner=true", ["Alpha Robotics", "Delta Fund II", "Epsilon Parent", "Zeta Partners", "beta Logistics"]],
    ["has_owner=false", () => "has_owner=false", ["Epsilon Tranche A", "Epsilon Tranche B", "Gamma Health", "ZETA partners"]],
    ["intro_person_uuid", () => `intro_person_uuid=${people.ada}`, ["Alpha Robotics", "Zeta Partners"]],
    // Alpha is associated with Globex itself, but only parents with an associated sub-opportunity count.
    ["related_company_uuid (parents via children)", () => `related_company_uuid=${companies.globex}`, ["Epsilon Parent"]],
    ["related_person_uuid (parents via children)", () => `related_person_uuid=${people.ada}`, ["Epsilon Parent"]],
    ["parent_uuid", () => `parent_uuid=${uuidOf("Epsilon Parent")}`, ["Epsilon Tranche A", "Epsilon Tranche B"]],
    ["parent_uuid wins over hierarchy_type", () => `parent_uuid=${uuidOf("Epsilon Parent")}&hierarchy_type=PARENT`, ["Epsilon Tranche A", "Epsilon Tranche B"]],
    ["hierarchy_type=PARENT", () => "hierarchy_type=PARENT", EVERYONE.filter((name) => !name.includes("Tranche"))],
    ["hierarchy_type=CHILD", () => "hierarchy_type=CHILD", ["Epsilon Tranche A", "Epsilon Tranche B"]],
    ["company_uuid (union)", () => `company_uuid=${companies.globex},${companies.hooli}`, ["Alpha Robotics", "Delta Fund II", "Epsilon Tranche A"]],
    ["person_uuid", () => `person_uuid=${people.bob}`, ["Gamma Health"]],
    ["person_uuid (union)", () => `person_uuid=${people.ada},${people.cy}`, ["Alpha Robotics", "Delta Fund II", "Epsilon Tranche B"]],
    ["city (person or company)", () => "city=portLAND", ["Alpha Robotics", "Epsilon Tranche A", "Epsilon Tranche B"]],
    // Globex is in Portland, Maine: city and state must hold for the same associated record.
    ["city and state on the same entity", () => "city=portland&state=Oregon", ["Alpha Robotics", "Epsilon Tranche B"]],
    ["state code with country", () => "state=ME&country=US", ["Alpha Robotics", "Epsilon Tranche A"]],
    ["state full name alone matches stored codes", () => "state=Maine", ["Alpha Robotics", "Epsilon Tranche A"]],
    ["country by name", () => "country=Canada", ["Delta Fund II"]],
    ["country by code", () => "country=CAN", ["Delta Fund II"]],
    ["city and country on the same entity", () => "city=austin&country=united%20states", ["Gamma Health", "Zeta Partners", "beta Logistics"]],
    ["value range (inclusive)", () => "value_from=100&value_to=300", ["Alpha Robotics", "Epsilon Tranche A", "Epsilon Tranche B", "beta Logistics"]],
    ["value_from alone", () => "value_from=500", ["Delta Fund II", "Epsilon Parent"]],
    ["probability range (inclusive)", () => "probability_from=20&probability_to=50", ["Delta Fund II", "Epsilon Tranche A", "Gamma Health", "beta Logistics"]],
    ["probability_to alone", () => "probability_to=10", ["Alpha Robotics"]],
    // Alpha Robotics and Zeta Partners changed at T3 too: a note and files were linked to them then.
    [
      "updated_after (inclusive)",
      () => `updated_after=${new Date(T1).toISOString()}`,
      ["Alpha Robotics", "Epsilon Parent", "Epsilon Tranche A", "Epsilon Tranche B", "Gamma Health", "ZETA partners", "Zeta Partners", "beta Logistics"],
    ],
    ["updated_before (inclusive)", () => `updated_before=${new Date(T1).toISOString()}`, ["Delta Fund II", "Epsilon Parent", "Epsilon Tranche A", "Epsilon Tranche B"]],
    ["updated_before as a date covers that day", () => `updated_before=${new Date(T0).toISOString().slice(0, 10)}`, ["Delta Fund II"]],
    ["updated_after and updated_before together", () => `updated_after=${new Date(T1).toISOString()}&updated_before=${new Date(T2).toISOString()}`, ["Epsilon Parent", "Epsilon Tranche A", "Epsilon Tranche B", "ZETA partners"]],
    ["source_date range (inclusive)", () => "source_date_from=2026-01-10&source_date_to=2026-03-01", ["Alpha Robotics", "Delta Fund II", "beta Logistics"]],
    ["close_date range (inclusive, no nulls)", () => "close_date_from=2026-06-30&close_date_to=2026-12-31", ["Alpha Robotics", "Delta Fund II", "Gamma Health"]],
    [
      "last_activity_date range (inclusive)",
      () => "last_activity_date_from=2026-10-01T10:00:00Z&last_activity_date_to=2026-10-05T00:00:00Z",
      ["Alpha Robotics", "Delta Fund II", "beta Logistics"],
    ],
    ["filters combine with AND", () => `has_owner=true&value_to=100&company_uuid=${companies.initech}`, ["Zeta Partners", "beta Logistics"]],
  ];

  it.each(cases)("%s", async (_label, query, expected) => {
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(EVERYONE.length);
    const items = await all(`?${query()}`);
    expect(names(items)).toEqual([...expected].sort());
    // Totals cover the whole filtered set even when the page is smaller.
    const { body } = await list(`?${query()}&per_page=1`);
    expect(body.total).toBe(expected.length);
    expect(body.total_value).toBeCloseTo(items.reduce((sum, item) => sum + (item.value ?? 0), 0), 6);
    expect(body.total_weighted_value).toBeCloseTo(items.reduce((sum, item) => sum + (item.weighted_value ?? 0), 0), 6);
  });

  it("has no effect for include_no_owner without owner_user_uuid", async () => {
    expect(names(await all("?include_no_owner=true"))).toEqual(EVERYONE);
  });

  it("answers 400 naming both parameters for a single bound of a close or last-activity date pair (the spec has them required together)", async () => {
    for (const [query, pair] of [
      ["close_date_from=2026-06-30", "close_date"],
      ["close_date_to=2026-06-30", "close_date"],
      ["last_activity_date_from=2026-10-01", "last_activity_date"],
      ["last_activity_date_to=2026-10-01", "last_activity_date"],
    ]) {
      const { status, body } = await list(`?${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe(`${pair}_from and ${pair}_to go together: send both bounds`);
    }
  });

  it("drops a single source date bound, as the spec says ('a single-sided value has no effect')", async () => {
    expect(names(await all("?source_date_from=2026-01-10"))).toEqual(EVERYONE);
    expect(names(await all("?source_date_to=2026-01-10"))).toEqual(EVERYONE);
  });

  it("answers 400 for a reversed range, which would match nothing, and takes a range of one day or value", async () => {
    for (const [query, message] of [
      ["source_date_from=2026-03-01&source_date_to=2026-01-10", "source_date_from must not be after source_date_to"],
      ["close_date_from=2026-12-31&close_date_to=2026-06-30", "close_date_from must not be after close_date_to"],
      ["last_activity_date_from=2026-10-05&last_activity_date_to=2026-10-01", "last_activity_date_from must not be after last_activity_date_to"],
      ["value_from=300&value_to=100", "value_from must not be greater than value_to"],
      ["probability_from=80&probability_to=10", "probability_from must not be greater than probability_to"],
      [`updated_after=${new Date(T2).toISOString()}&updated_before=${new Date(T1).toISOString()}`, "updated_after must not be after updated_before"],
    ]) {
      const { status, body } = await list(`?${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe(message);
    }
    expect(names(await all("?source_date_from=2026-03-01&source_date_to=2026-03-01"))).toEqual(["Delta Fund II", "beta Logistics"]);
    expect(names(await all("?last_activity_date_from=2026-10-01&last_activity_date_to=2026-10-01")).length).toBeGreaterThan(0);
    expect(names(await all("?value_from=500&value_to=500"))).toEqual(["Delta Fund II"]);
  });

  it("refuses a lone bound and a reversed range through the MCP tool as well", async () => {
    const call = (args: Record<string, unknown>) => callMcpTool(context, { name: "listOpportunities", args, headers: { "x-api-key": acme.key } });
    expect((await call({ close_date_from: "2026-06-30" })).content[0]!.text).toBe("HTTP 400: close_date_from and close_date_to go together: send both bounds");
    expect((await call({ value_from: 300, value_to: 100 })).content[0]!.text).toBe("HTTP 400: value_from must not be greater than value_to");
    const whole = await call({ close_date_from: "2026-06-30", close_date_to: "2026-06-30" });
    expect(whole.isError, whole.content[0]?.text).toBeUndefined();
  });

  it("sums value and weighted_value over the whole set, not the page", async () => {
    const items = await all("");
    const { body } = await list("?per_page=2&page=3");
    expect(body.items).toHaveLength(2);
    // 100 + 100 + 500 + 1000 + 300 + 200 + 0 (Gamma has no value)
    expect(body.total_value).toBe(2_200);
    // 10 + 50 + 100 + 800 + 150 + 0 (Tranche B has no probability, Zeta 0 × 100%)
    expect(body.total_weighted_value).toBe(1_110);
    expect(body.total_value).toBe(items.reduce((sum, item) => sum + (item.value ?? 0), 0));
    expect(body.total_weighted_value).toBe(items.reduce((sum, item) => sum + (item.weighted_value ?? 0), 0));
  });
});

describe("GET /v1/opportunities amounts", () => {
  it("keeps amounts as written, yen without a minor unit and dinars with three decimals, in values, weights and totals", async () => {
    const bank = await buildTenant(context.services, { name: "Bank" });
    const pipeline = await buildPipeline(context.services, bank);
    const post = async (name: string, value: number, probability: number) => {
      const body = { name, type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid, value, probability };
      const response = await context.request("/v1/opportunities", { key: bank.key, method: "POST", body });
      return (await response.json()) as Item;
    };
    expect(await post("Tokyo loan", 1_500_000_000, 30)).toMatchObject({ value: 1_500_000_000, weighted_value: 450_000_000 });
    // In binary floating point 2.002 × 0.5 % is 0.010009999999999998 and 0.1 + 0.2 is 0.30000000000000004.
    expect(await post("Kuwait bond", 2.002, 0.5)).toMatchObject({ value: 2.002, weighted_value: 0.01001 });
    await post("Kuwait fee", 0.1, 100);
    await post("Kuwait fee 2", 0.2, 100);
    const response = await context.request("/v1/opportunities?name=kuwait%20fee", { key: bank.key });
    expect((await response.json()) as ListBody).toMatchObject({ total: 2, total_value: 0.3, total_weighted_value: 0.3 });
  });
});

describe("GET /v1/opportunities search", () => {
  it("needs every word, in any order, in the name or associated person and company names", async () => {
    expect(names(await all("?search=lovelace%20ROBOTICS"))).toEqual(["Alpha Robotics"]);
    expect(names(await all("?search=globex%20tranche"))).toEqual(["Epsilon Tranche A"]);
    // beta Logistics is associated with Initech but lacks "zeta".
    expect(names(await all("?search=initech%20zeta"))).toEqual(["Zeta Partners"]);
    expect(names(await all("?search=initech"))).toEqual(["Zeta Partners", "beta Logistics"]);
  });

  it("does not search the type label", async () => {
    // Seven opportunities have the type "Xylophone"; none mentions it.
    expect(await all("?search=xylophone")).toEqual([]);
  });

  it("retries fuzzily when nothing matches exactly, closest first unless sort_by is given", async () => {
    // "epsilom" matches no name exactly; fuzzily, the shortest text is the closest.
    const closest = ["Epsilon Parent", "Epsilon Tranche A", "Epsilon Tranche B"];
    expect((await all("?search=epsilom")).map((item) => item.name)).toEqual(closest);
    // order alone does not turn closest-first around; sort_by takes over the order.
    expect((await all("?search=epsilom&order=desc")).map((item) => item.name)).toEqual(closest);
    expect((await all("?search=epsilom&sort_by=name&order=desc")).map((item) => item.name)).toEqual([...closest].reverse());
    const scanned: string[] = [];
    let { body } = await list("?search=epsilom&per_page=2");
    expect(body.total).toBe(3);
    scanned.push(...body.items.map((item) => item.name));
    ({ body } = await list(`?search=epsilom&per_page=2&cursor=${encodeURIComponent(body.next_cursor!)}`));
    scanned.push(...body.items.map((item) => item.name));
    expect(scanned).toEqual(closest);
    // Every word counts fuzzily too, across the name and associated names.
    expect((await all("?search=lovelase%20tranch")).map((item) => item.name)).toEqual(["Epsilon Tranche B"]);
    expect((await all("?search=robotcs"))[0]!.name).toBe("Alpha Robotics");
    expect(await all("?search=qqqqzzzz")).toEqual([]);
  });

  it("says whether the search matched exactly or through the fuzzy retry (search_match), on every page of a walk", async () => {
    const matchOf = async (query: string) => ((await list(query)).body as { search_match?: string }).search_match;
    expect(await matchOf("?search=epsilon")).toBe("exact");
    expect(await matchOf("?search=epsilom")).toBe("fuzzy");
    expect(await matchOf("")).toBeUndefined();
    const first = await list("?search=epsilom&per_page=2");
    const next = await list(`?search=epsilom&per_page=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
    expect(next.body.items).toHaveLength(1);
    expect((next.body as { search_match?: string }).search_match).toBe("fuzzy");
  });

  it("walks a fuzzy retry by cursor listing every unchanged match once, whatever is created or renamed between pages", async () => {
    // Close to `epsilom` (none holds it, so the retry answers), bar the last: a rename to it takes a match away.
    const pool = ["Epsilon", "Epsilon One", "Epsilons Two", "Epsilon Tranche", "Epsilo Three", "Epsylon", "Upsilon", "Quux"];
    await fc.assert(
      fc.asyncProperty(walkActions(pool), async (actions) => {
        const tenant = await buildTenant(context.services);
        const pipeline = await buildPipeline(context.services, tenant, { stageNames: ["Open"], subopportunities: false });
        const { opportunities: store } = context.services.store;
        const create = async (name: string) =>
          (await store.create({ tenant_uuid: tenant.tenant.uuid, type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid, name }, { user_uuid: null })).uuid;
        const uuids: string[] = [];
        for (const name of pool.slice(0, 6)) uuids.push(await create(name));
        await checkWalkWithWrites({
          actions,
          uuids,
          read: async (query) => (await list(`?search=epsilom&${query}`, tenant.key)).body,
          create,
          rename: (uuid, name) => store.update(tenant.tenant.uuid, uuid, { name }, { user_uuid: null }, { user_uuid: null }),
        });
      }),
      { seed: 20261207, numRuns: 8 },
    );
  });

  it("refuses a fuzzy retry's cursor of the rank form before, saying to start again", async () => {
    const first = await list("?search=epsilom&per_page=1");
    const cursors = await cursorCodecFor(context.services.store);
    // What such a cursor was: the last row's rank and uuid, bound to the query without the walk's mark.
    const query = queryFingerprint({ operation: "listOpportunities", filters: { search: "epsilom" }, tenant: acme.tenant.uuid, order: "asc" });
    const older = cursors.encode({ query, key: [0, first.body.items[0]!.uuid], page: 2 });
    const refused = await list(`?search=epsilom&per_page=1&cursor=${encodeURIComponent(older)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^cursor no longer valid: .*start the scan again without cursor$/);
  });
});

/** The value an item sorts by, as the test computes it from the response. */
const sortValues: Record<string, (item: Item) => string | number | null> = {
  name: (item) => item.name.toLowerCase(),
  created_at: (item) => item.created_at,
  updated_at: (item) => item.updated_at,
  value: (item) => item.value,
  weighted_value: (item) => item.weighted_value,
  probability: (item) => item.probability,
  source_date: (item) => item.source_date,
  intro_date: (item) => item.intro_date,
  close_date: (item) => item.close_date,
  last_activity_date: (item) => item.last_activity_date,
  details: (item) => item.details?.toLowerCase() ?? null,
  next_step: (item) => item.next_step?.toLowerCase() ?? null,
  stage: (item) => stagePosition(item.stage.uuid),
  owner: (item) => item.owner?.name.toLowerCase() ?? null,
  intro_person: (item) => item.intro_person?.name.toLowerCase() ?? null,
  days_in_stage: (item) => item.days_in_stage,
  notes_and_files_count: (item) => item.notes_and_files_count,
};

function stagePosition(stageUuid: string): number {
  for (const stage of [...deals.stages, ...deals.childStages, ...funds.stages]) if (stage.uuid === stageUuid) return stage.position;
  throw new Error(`unknown stage ${stageUuid}`);
}

/** Sort value in the direction, nulls last either way, then uuid in the direction. */
function expectedOrder(items: readonly Item[], sortBy: string, order: "asc" | "desc"): string[] {
  const valueOf = sortValues[sortBy]!;
  const sign = order === "asc" ? 1 : -1;
  return [...items]
    .sort((left, right) => {
      const a = valueOf(left);
      const b = valueOf(right);
      if (a !== b) {
        if (a === null) return 1;
        if (b === null) return -1;
        return (a < b ? -1 : 1) * sign;
      }
      return (left.uuid < right.uuid ? -1 : 1) * sign;
    })
    .map((item) => item.uuid);
}

describe("GET /v1/opportunities sort_by", () => {
  const sorts = Object.keys(sortValues);

  it("offers every sort value of the spec", () => {
    expect(sorts).toEqual([
      "name",
      "created_at",
      "updated_at",
      "value",
      "weighted_value",
      "probability",
      "source_date",
      "intro_date",
      "close_date",
      "last_activity_date",
      "details",
      "next_step",
      "stage",
      "owner",
      "intro_person",
      "days_in_stage",
      "notes_and_files_count",
    ]);
  });

  it.each(sorts)("sort_by=%s orders both ways, ties by uuid, and scans every row once with cursors", async (sortBy) => {
    const items = await all("");
    const ascending = expectedOrder(items, sortBy, "asc");
    const descending = expectedOrder(items, sortBy, "desc");
    // The fixture makes this sort matter: it has ties, and its order is neither the default nor symmetric.
    const values = items.map(sortValues[sortBy]!);
    expect(new Set(values).size, "the fixture has ties for this sort").toBeLessThan(values.length);
    // Ignoring the sort (the default order) or its direction would fail one of the two orders.
    const byDefault = expectedOrder(items, "created_at", "asc");
    expect(ascending.join() !== byDefault.join() || descending.join() !== byDefault.join()).toBe(true);
    expect(descending).not.toEqual(ascending);

    for (const [order, expected] of [["asc", ascending], ["desc", descending]] as const) {
      const query = `?sort_by=${sortBy}&order=${order}`;
      const listed = await all(query);
      expect(listed.map((item) => item.uuid), `${sortBy} ${order}`).toEqual(expected);

      const scanned: string[] = [];
      let { body } = await list(`${query}&per_page=3`);
      scanned.push(...body.items.map((item) => item.uuid));
      while (body.next_cursor) {
        ({ body } = await list(`${query}&per_page=3&cursor=${encodeURIComponent(body.next_cursor)}`));
        expect(body.total).toBeNull();
        scanned.push(...body.items.map((item) => item.uuid));
      }
      expect(scanned, `cursor scan ${sortBy} ${order}`).toEqual(expected);
    }
  });

  it("defaults to created_at ascending", async () => {
    const items = await all("");
    expect(items.map((item) => item.uuid)).toEqual(expectedOrder(items, "created_at", "asc"));
  });
});

describe("GET /v1/opportunities text sorts", () => {
  const TEXT_SORTS = ["name", "details", "next_step", "owner", "intro_person"] as const;
  /** The alphabetical key (case and accents aside, docs/api-decisions.md), null for an empty value. */
  const textOf: Record<(typeof TEXT_SORTS)[number], (item: Item) => string | null> = {
    name: (item) => item.name,
    details: (item) => item.details,
    next_step: (item) => item.next_step,
    owner: (item) => item.owner?.name ?? null,
    intro_person: (item) => item.intro_person?.name ?? null,
  };
  const keyOf = (text: string | null) => (text === null ? null : alphabeticalKey(text)[0]);

  it("are alphabetical whatever the case and accents, empty values last both ways, by page and by cursor of any text's length (store migration 0080)", async () => {
    const accents = await buildTenant(context.services, { name: "Accents" });
    const { store } = context.services;
    const tenantUuid = accents.tenant.uuid;
    const pipeline = await buildPipeline(context.services, accents);
    const users: User[] = [];
    for (const name of ["Zoltán", "Ábel", "émile"]) users.push(await store.users.create({ tenant_uuid: tenantUuid, name, email: `${users.length}@accents.example`, role: "member" }));
    const persons = [];
    for (const name of ["Zoe", "Ölbank", "ábel"]) persons.push(await store.persons.create({ tenant_uuid: tenantUuid, name }));
    const rows = [
      { name: "Zeta", details: "Zulu", next_step: null, owner: 0, intro: 0 },
      { name: "Émile", details: "écrire", next_step: "Call", owner: 1, intro: null },
      { name: "abel", details: null, next_step: "Ábel", owner: null, intro: 1 },
      { name: "Ábel", details: "Österreich", next_step: "call", owner: 2, intro: 2 },
      { name: "Zzz", details: "Zzz", next_step: "Zeta", owner: 0, intro: 1 },
      // A page ending on it by details gives a cursor of the key's first 256 characters, not of its 10,000.
      { name: "Ölbank", details: `Memo ${"é".repeat(9_995)}`, next_step: null, owner: null, intro: null },
    ];
    const viewer = { user_uuid: null };
    const created = [];
    for (const row of rows) {
      created.push(
        await store.opportunities.create(
          {
            tenant_uuid: tenantUuid,
            type_uuid: pipeline.type.uuid,
            stage_uuid: pipeline.stages[0]!.uuid,
            name: row.name,
            details: row.details,
            next_step: row.next_step,
            owner_user_uuid: row.owner === null ? null : users[row.owner]!.uuid,
            intro_person_uuid: row.intro === null ? null : persons[row.intro]!.uuid,
          },
          viewer,
        ),
      );
    }
    // An update writes the keys of the texts it changes.
    await store.opportunities.update(tenantUuid, created[4]!.uuid, { name: "Zoltán", details: "alpha" }, viewer, viewer);
    const get = async (query: string) => {
      const response = await context.request(`/v1/opportunities${query}`, { key: accents.key });
      return (await response.json()) as ListBody;
    };
    const byName = (await get("?sort_by=name&per_page=50")).items.map((item) => item.name);
    expect([new Set(byName.slice(0, 2)), byName.slice(2)]).toEqual([new Set(["abel", "Ábel"]), ["Émile", "Ölbank", "Zeta", "Zoltán"]]);

    for (const sortBy of TEXT_SORTS) {
      for (const order of ["asc", "desc"] as const) {
        const query = `?sort_by=${sortBy}&order=${order}`;
        const items = (await get(`${query}&per_page=50`)).items;
        const sign = order === "asc" ? 1 : -1;
        const expected = [...items].sort((left, right) => {
          const [a, b] = [keyOf(textOf[sortBy](left)), keyOf(textOf[sortBy](right))];
          if (a !== b) return a === null ? 1 : b === null ? -1 : sign * (a < b ? -1 : 1);
          return sign * (left.uuid < right.uuid ? -1 : 1);
        });
        expect(items.map((item) => item.uuid), `${sortBy} ${order}`).toEqual(expected.map((item) => item.uuid));
        const scanned: string[] = [];
        let body = await get(`${query}&per_page=1`);
        scanned.push(...body.items.map((item) => item.uuid));
        while (body.next_cursor) {
          body = await get(`${query}&per_page=1&cursor=${encodeURIComponent(body.next_cursor)}`);
          scanned.push(...body.items.map((item) => item.uuid));
        }
        expect(scanned, `cursor scan ${sortBy} ${order}`).toEqual(expected.map((item) => item.uuid));
      }
    }
  });

  it("refuse a text sort's and a days_in_stage cursor of an earlier release saying the order changed, and keep the other sorts' cursors", async () => {
    const cursors = await cursorCodecFor(context.services.store);
    const earlier = (sortBy: string, key: unknown[]) =>
      encodeURIComponent(
        cursors.encode({ query: queryFingerprint({ operation: "listOpportunities", filters: {}, tenant: acme.tenant.uuid, sort_by: sortBy, order: "asc" }), key: key as never, page: 2 }),
      );
    const byName = await list(`?sort_by=name&order=asc&per_page=2&cursor=${earlier("name", ["alpha robotics", uuidOf("Alpha Robotics")])}`);
    expect(byName.status).toBe(400);
    expect(byName.body.error).toMatch(/^cursor no longer valid: opportunities sorted by text are listed alphabetically since this version/);
    const byValue = await list(`?sort_by=value&order=asc&per_page=2&cursor=${earlier("value", [100, uuidOf("Alpha Robotics")])}`);
    expect(byValue.status).toBe(200);
    // Days in stage are ordered at the scan's first instant since 2026-12-07, which a cursor of before does not carry.
    const byDays = await list(`?sort_by=days_in_stage&order=asc&per_page=2&cursor=${earlier("days_in_stage", [0, uuidOf("Alpha Robotics")])}`);
    expect(byDays.status).toBe(400);
    expect(byDays.body.error).toMatch(/^cursor no longer valid: opportunities by days_in_stage are ordered as of the scan's first page since this version/);
  });
});

describe("GET /v1/opportunities 400 rules", () => {
  it("answers 400 for an owner that resolves to no user, even when it exists in another tenant", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    for (const owner of ["00000000-0000-4000-8000-000000000000", other.admin.uuid, people.ada]) {
      const { status, body } = await list(`?owner_user_uuid=${owner}`);
      expect(status, owner).toBe(400);
      expect(body.error).toMatch(/owner_user_uuid: none of .* is a user of this tenant/);
    }
  });

  it("answers 400 for a UUID list filter that names no UUID (empty, or only commas), on a company's list too", async () => {
    for (const parameter of ["owner_user_uuid", "company_uuid", "person_uuid", "opportunity_stage_uuids"]) {
      for (const value of ["", ",", " , "]) {
        const query = `?${parameter}=${encodeURIComponent(value)}`;
        const ofCompany = await context.request(`/v1/companies/${companies.globex}/opportunities${query}`, { key: acme.key });
        for (const { status, body } of [await list(query), { status: ofCompany.status, body: (await ofCompany.json()) as ListBody }]) {
          expect(status, query).toBe(400);
          expect(body.error).toBe(`query parameter '${parameter}': names no UUID: send at least one, or leave it out`);
        }
      }
    }
  });

  it("answers 400 for state codes without country and for places that do not resolve", async () => {
    const cases: Array<[string, RegExp]> = [
      ["state=TX", /looks like an ISO 3166-2 code: send country too/],
      ["state=Narnia", /state 'Narnia' does not resolve/],
      ["state=ZZ&country=US", /does not resolve in United States/],
      ["country=Atlantis", /country 'Atlantis' is not a recognized country/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(`?${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toMatch(message);
    }
  });

  it("answers 400 for malformed values, naming the parameter", async () => {
    const cases: Array<[string, RegExp]> = [
      ["sort_by=popularity", /sort_by/],
      ["order=up", /order/],
      ["hierarchy_type=ROOT", /hierarchy_type/],
      ["opportunity_type_uuid=abc", /opportunity_type_uuid.*UUID/],
      ["company_uuid=abc", /company_uuid.*not a UUID/],
      ["value_from=ten", /value_from.*number/],
      ["probability_to=1e999", /probability_to.*finite/],
      ["source_date_from=2026-13-01&source_date_to=2026-12-01", /source_date_from.*YYYY-MM-DD/],
      ["close_date_to=2026-06-30T00:00:00Z", /close_date_to.*YYYY-MM-DD/],
      ["updated_after=yesterday", /updated_after.*ISO 8601/],
      ["last_activity_date_from=soon&last_activity_date_to=later", /last_activity_date_from.*ISO 8601/],
      ["has_owner=maybe", /has_owner.*true or false/],
      ["name=", /name/],
      ["owner=abc", /unknown query parameter 'owner'/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(`?${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toMatch(message);
    }
  });

  it("answers 400 for page with cursor and for a filter or sort changed during a scan", async () => {
    const { body } = await list("?per_page=2&sort_by=value&has_owner=true");
    const cursor = encodeURIComponent(body.next_cursor!);
    const together = await list(`?per_page=2&sort_by=value&has_owner=true&page=2&cursor=${cursor}`);
    expect(together.status).toBe(400);
    expect(together.body.error).toMatch(/either page or cursor/);
    for (const changed of ["sort_by=name&has_owner=true", "sort_by=value&has_owner=true&order=desc", "sort_by=value&has_owner=false", "sort_by=value"]) {
      const response = await list(`?per_page=2&${changed}&cursor=${cursor}`);
      expect(response.status, changed).toBe(400);
      expect(response.body.error).toMatch(/filters or sort changed/);
    }
    expect((await list(`?per_page=4&sort_by=value&has_owner=true&cursor=${cursor}`)).status).toBe(200);
  });
});

describe("GET /v1/companies/{company_uuid}/opportunities", () => {
  async function companyList(company: string, query = "") {
    const response = await context.request(`/v1/companies/${company}/opportunities${query}`, { key: acme.key });
    return { status: response.status, body: (await response.json()) as ListBody };
  }

  it("lists the company's opportunities and applies only name, type and stage", async () => {
    const globex = await companyList(companies.globex);
    expect(names(globex.body.items)).toEqual(["Alpha Robotics", "Epsilon Tranche A"]);
    expect(globex.body).toMatchObject({ total: 2, total_value: 400, total_weighted_value: 160, custom_field_mapping: { fields: [] } });
    expect(names((await companyList(companies.globex, "?name=tranche")).body.items)).toEqual(["Epsilon Tranche A"]);
    expect(names((await companyList(companies.initech, `?opportunity_stage_uuid=${deals.stages[3]!.uuid}`)).body.items)).toEqual(["Zeta Partners"]);
    expect((await companyList(companies.hooli, `?opportunity_type_uuid=${deals.type.uuid}`)).body.items).toEqual([]);
    expect(names((await companyList(companies.hooli, `?opportunity_type_uuid=${funds.type.uuid}`)).body.items)).toEqual(["Delta Fund II"]);
    // Every other filter is accepted and ignored, even one that would be a 400 on GET /v1/opportunities.
    const ignored = await companyList(companies.globex, "?has_owner=false&owner_user_uuid=00000000-0000-4000-8000-000000000000&value_from=1000&state=Narnia&hierarchy_type=CHILD");
    expect(ignored.status).toBe(200);
    expect(names(ignored.body.items)).toEqual(["Alpha Robotics", "Epsilon Tranche A"]);
    // Still validated.
    expect((await companyList(companies.globex, "?value_from=ten")).status).toBe(400);
  });

  it("sorts and pages like GET /v1/opportunities", async () => {
    const byName = await companyList(companies.globex, "?sort_by=name&order=desc&per_page=1");
    expect(byName.body.items.map((item) => item.name)).toEqual(["Epsilon Tranche A"]);
    const next = await companyList(companies.globex, `?sort_by=name&order=desc&per_page=1&cursor=${encodeURIComponent(byName.body.next_cursor!)}`);
    expect(next.body).toMatchObject({ has_more: false, next_cursor: null, total: null });
    expect(next.body.items.map((item) => item.name)).toEqual(["Alpha Robotics"]);
    // A cursor of this list is not valid for another company or for GET /v1/opportunities.
    expect((await companyList(companies.initech, `?sort_by=name&order=desc&per_page=1&cursor=${encodeURIComponent(byName.body.next_cursor!)}`)).status).toBe(400);
    expect((await list(`?sort_by=name&order=desc&per_page=1&cursor=${encodeURIComponent(byName.body.next_cursor!)}`)).status).toBe(400);
  });

  it("goes on with a scan whose ignored filters changed between pages, search included (they do not bind its cursors)", async () => {
    const cursorOf = async (query: string) => encodeURIComponent((await companyList(companies.globex, query)).body.next_cursor!);
    for (const [first, next] of [
      ["&search=robotics&value_from=5", ""],
      ["", "&search=robotics"],
      ["&search=tranche", "&search=robotics"],
    ]) {
      const cursor = await cursorOf(`?sort_by=name&order=desc&per_page=1${first}`);
      const after = await companyList(companies.globex, `?sort_by=name&order=desc&per_page=1${next}&cursor=${cursor}`);
      expect(after.status, `${first} then ${next}: ${JSON.stringify(after.body)}`).toBe(200);
      expect(names(after.body.items)).toEqual(["Alpha Robotics"]);
    }
  });

  it("answers 404 for a company of another tenant", async () => {
    const other = await buildTenant(context.services, { name: "Other Co" });
    const theirs = await context.services.store.companies.create({ tenant_uuid: other.tenant.uuid, company_name: "Theirs" });
    expect((await companyList(theirs.uuid)).status).toBe(404);
    expect((await companyList("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
