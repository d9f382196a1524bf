/** POST /v1/companies/{company_uuid}/merge: two records of one company made one, through the app, preview and errors. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseSnapshotBesideUsage } from "../../testing/database-snapshot.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;

async function merge(canonicalUuid: string, body: Record<string, unknown>, key = acme.key) {
  const response = await context.request(`/v1/companies/${canonicalUuid}/merge`, { key, method: "POST", body });
  return { status: response.status, body: await json(response) };
}

const read = async (path: string, key = acme.key) => {
  const response = await context.request(path, { key });
  return { status: response.status, body: await json(response) };
};

/**
 * Two "Acme" records (one made by an import under another name and domain), each with people, an opportunity, a note
 * and tags, both on one list; Pat worked at both.
 */
async function twoAcmes() {
  const { store } = context.services;
  const tenantUuid = acme.tenant.uuid;
  const canonical = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "acme.example", service_industry_tags: ["SaaS"] });
  const superseded = await store.companies.create({
    tenant_uuid: tenantUuid,
    company_name: "ACME Inc.",
    domain: "acme.io",
    city: "Berlin",
    service_industry_tags: ["fintech"],
  });
  const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada Acme", emails: ["ada@acme.example"], primary_company_uuid: canonical.uuid });
  const bob = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob Import", emails: ["bob@acme.io"], primary_company_uuid: superseded.uuid, job_title: "CTO" });
  const pat = await store.persons.create({
    tenant_uuid: tenantUuid,
    name: "Pat Both",
    affiliations: [
      { company_uuid: canonical.uuid, title: "Engineer", is_current: false, started_on: "2018-01-01", ended_on: "2022-12-31" },
      { company_uuid: superseded.uuid, title: "Staff Engineer", is_current: true, started_on: "2020-01-01" },
    ],
  });
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const deal = (name: string, companies: string[]) =>
    store.opportunities.create(
      { tenant_uuid: tenantUuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: companies.map((entity_uuid) => ({ entity_type: "COMPANY" as const, entity_uuid })) },
      { user_uuid: null },
    );
  const deals = [await deal("Acme renewal", [canonical.uuid]), await deal("Acme import deal", [superseded.uuid]), await deal("Both", [canonical.uuid, superseded.uuid])];
  const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Targets", kind: "companies", owner_user_uuid: null });
  await store.entityLists.addMembers(tenantUuid, list.uuid, [canonical.uuid, superseded.uuid], null);
  const note = await store.notes.create({ tenant_uuid: tenantUuid, content: "Met ACME", associations: [{ entity_type: "COMPANY", entity_uuid: superseded.uuid }] }, { user_uuid: null });
  return { canonical, superseded, persons: { ada, bob, pat }, deals, list, note };
}

describe("POST /v1/companies/{company_uuid}/merge", () => {
  it("gives the canonical company the people, opportunities, list place, notes, tags and domains of both, each once", async () => {
    const { canonical, superseded, persons, deals, list, note } = await twoAcmes();
    // A duplicate of Bob, merged into him before: its row moves with his, but it is no one the company gains.
    const { store } = context.services;
    const bobTwice = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "B. Import", emails: ["b@acme.io"], primary_company_uuid: superseded.uuid });
    await store.personMerges.merge({ tenant_uuid: acme.tenant.uuid, canonical_uuid: persons.bob.uuid, superseded_uuid: bobTwice.uuid, preview: false, merged_by_user_uuid: null });
    expect((await read(`/v1/companies/${canonical.uuid}/pathpower`)).body.meta).toMatchObject({ person_count: 1 });
    const { status, body } = await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ canonical_uuid: canonical.uuid, superseded_uuid: superseded.uuid, merged: true, preview: null });
    // What the canonical company gained, each once: the list and the deal that held both, and Pat's tenure joined
    // to the one at Acme, are duplicates dropped, not moved (until 2026-12-07 the tenure, the deal's link and Bob's
    // merged-away duplicate counted: 2 tenures, 3 links, 2 persons).
    expect(body.moved).toMatchObject({ affiliations: 1, primary_company_persons: 1, list_memberships: 0, deal_references: 2, former_domains: 1 });
    expect(body.company).toMatchObject({
      uuid: canonical.uuid,
      company_name: "Acme",
      domain: "acme.example",
      former_domains: ["acme.io"],
      city: "Berlin",
      service_industry_tags: ["SaaS", "fintech"],
    });

    const people = await read(`/v1/persons?company_uuid=${canonical.uuid}&per_page=10`);
    expect(people.body.items.map((person: { uuid: string }) => person.uuid).sort()).toEqual(Object.values(persons).map((person) => person.uuid).sort());
    const bob = await read(`/v1/persons/${persons.bob.uuid}`);
    expect(bob.body).toMatchObject({ primary_company: { uuid: canonical.uuid, name: "Acme" }, job_title: "CTO" });
    const pat = await read(`/v1/persons/${persons.pat.uuid}`);
    expect(pat.body.affiliations).toEqual([
      { company: expect.objectContaining({ uuid: canonical.uuid }), title: "Staff Engineer", is_current: true, started_on: "2018-01-01", ended_on: null },
    ]);

    const opportunities = await read(`/v1/companies/${canonical.uuid}/opportunities?per_page=10`);
    expect(opportunities.body.items.map((item: { uuid: string }) => item.uuid).sort()).toEqual(deals.map((deal) => deal.uuid).sort());
    const members = await read(`/v1/lists/${list.uuid}/entities`);
    expect(members.body.items.map((item: { entity_uuid: string }) => item.entity_uuid)).toEqual([canonical.uuid]);
    // Removing the merged-away member says which one the merge left, as for a person.
    const removal = await context.json(`/v1/lists/${list.uuid}/entities/${superseded.uuid}`, { key: acme.key, method: "DELETE" });
    expect(removal).toEqual({ status: 404, body: { error: `${superseded.uuid} is not a member of list ${list.uuid}: it was merged into company ${canonical.uuid}` } });
    const notes = await read(`/v1/notes?entity_type=COMPANY&entity_uuid=${canonical.uuid}`);
    expect(notes.body.items.map((item: { uuid: string }) => item.uuid)).toEqual([note.uuid]);

    const companies = await read(`/v1/companies?name=acme&per_page=10`);
    expect(companies.body.items.map((company: { uuid: string }) => company.uuid)).toEqual([canonical.uuid]);
    // The tenant's graph took the moved people: the canonical company's PathPower aggregates over all three.
    const pathPower = await read(`/v1/companies/${canonical.uuid}/pathpower`);
    expect(pathPower.body.meta).toMatchObject({ person_count: 3 });
  });

  it("shows the superseded company's activity in the canonical company's timeline after a read of it before", async () => {
    const { canonical, superseded, persons } = await twoAcmes();
    const sentAt = context.clock.now() - 86_400_000;
    await context.services.store.emails.ingest(acme.tenant.uuid, {
      message_id: "bob-at-the-import",
      sent_at: sentAt,
      from: { person_uuid: acme.admin.person_uuid },
      to: [{ person_uuid: persons.bob.uuid }],
      cc: [],
    });
    // Read first, so what the timeline remembers of the canonical company's tenures is in place.
    expect((await read(`/v1/companies/${canonical.uuid}/activity`)).body.items).toEqual([]);
    expect((await read(`/v1/companies/${superseded.uuid}/activity`)).body.items).toHaveLength(1);
    expect((await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid })).status).toBe(200);
    const after = await read(`/v1/companies/${canonical.uuid}/activity`);
    expect(after.body.items).toHaveLength(1);
  });

  it("answers 404 naming the canonical company for the superseded uuid, and tells pollers what changed", async () => {
    const { canonical, superseded, persons } = await twoAcmes();
    context.clock.advance(60_000);
    const mergedAt = new Date(context.clock.now()).toISOString();
    expect((await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid })).status).toBe(200);
    for (const path of [`/v1/companies/${superseded.uuid}`, `/v1/companies/${superseded.uuid}/opportunities`, `/v1/companies/${superseded.uuid}/pathpower`]) {
      const gone = await read(path);
      expect(gone, path).toEqual({ status: 404, body: { error: `company ${superseded.uuid} was merged into company ${canonical.uuid}` } });
    }
    // The batches, with no place for that note, answer it as an unknown target: a null score, no contacts.
    const scores = await read(`/v1/pathpower/scores?entity=company&uuids=${superseded.uuid}`);
    expect(scores.body.scores).toEqual([expect.objectContaining({ uuid: superseded.uuid, score: null, strength_label: null })]);
    const paths = await context.json("/v1/companies/recommended-paths/batch", { key: acme.key, method: "POST", body: { uuids: [superseded.uuid] } });
    expect(paths.body!.results).toEqual([expect.objectContaining({ target_uuid: superseded.uuid, items: [], total: 0, top_external_contacts: [] })]);
    const deletions = await read("/v1/deletions?entity_type=COMPANY");
    expect(deletions.body.items).toEqual([expect.objectContaining({ entity_type: "COMPANY", uuid: superseded.uuid, reason: "MERGED", merged_into_uuid: canonical.uuid })]);
    // The persons whose company changed, and the canonical company, come with the next modified_since poll.
    const changedPersons = await read(`/v1/persons?modified_since=${mergedAt}&per_page=10`);
    expect(changedPersons.body.items.map((person: { uuid: string }) => person.uuid).sort()).toEqual([persons.bob.uuid, persons.pat.uuid].sort());
    const changedCompanies = await read(`/v1/companies?modified_since=${mergedAt}&per_page=10`);
    expect(changedCompanies.body.items.map((company: { uuid: string }) => company.uuid)).toEqual([canonical.uuid]);
    // Hydrating a list that still holds the superseded uuid gets the others, as for a merged-away person.
    const hydrated = await read(`/v1/companies?uuids=${superseded.uuid},${canonical.uuid}`);
    expect(hydrated.body.items.map((company: { uuid: string }) => company.uuid)).toEqual([canonical.uuid]);
  });

  it("answers a list filtered by the superseded company with the 404 naming the canonical one; another tenant's stays empty", async () => {
    const { canonical, superseded } = await twoAcmes();
    expect((await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid })).status).toBe(200);
    const note = (parameter: string) => `${parameter}: company ${superseded.uuid} was merged into company ${canonical.uuid}; filter by that company`;
    for (const [path, parameter] of [
      [`/v1/persons?company_uuid=${superseded.uuid}`, "company_uuid"],
      [`/v1/opportunities?company_uuid=${superseded.uuid}`, "company_uuid"],
      [`/v1/opportunities?related_company_uuid=${superseded.uuid}`, "related_company_uuid"],
      [`/v1/notes?entity_type=COMPANY&entity_uuid=${superseded.uuid}`, "entity_uuid"],
      [`/v1/tasks?entity_type=COMPANY&entity_uuid=${superseded.uuid}`, "entity_uuid"],
    ] as const) {
      expect(await read(path), path).toEqual({ status: 404, body: { error: note(parameter) } });
    }
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = await read(`/v1/persons?company_uuid=${superseded.uuid}`, globex.key);
    expect(theirs).toMatchObject({ status: 200, body: { items: [], total: 0 } });
  });

  it("with preview: true shows the merged company and persists nothing", async () => {
    const { canonical, superseded, persons } = await twoAcmes();
    await context.services.store.emails.ingest(acme.tenant.uuid, {
      message_id: "bob-at-the-import",
      sent_at: context.clock.now() - 86_400_000,
      from: { person_uuid: acme.admin.person_uuid },
      to: [{ person_uuid: persons.bob.uuid }],
      cc: [],
    });
    const before = databaseSnapshotBesideUsage(context.databasePath);
    const { status, body } = await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid, preview: true });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(databaseSnapshotBesideUsage(context.databasePath)).toEqual(before);
    expect(body).toMatchObject({ merged: false, company: null });
    expect(body.preview.canonical).toMatchObject({ uuid: canonical.uuid, city: null, former_domains: [] });
    expect(body.preview.superseded).toMatchObject({ uuid: superseded.uuid, domain: "acme.io" });
    expect(body.preview.merged).toMatchObject({ uuid: canonical.uuid, city: "Berlin", former_domains: ["acme.io"], service_industry_tags: ["SaaS", "fintech"] });
    // Its relationship fields are those of the two companies' people together: Bob's mail counts for it.
    expect(body.preview.canonical.last_activity_date).toBeNull();
    expect(body.preview.superseded.last_activity_date).not.toBeNull();
    expect(body.preview.merged.last_activity_date).toBe(body.preview.superseded.last_activity_date);
    expect((await read(`/v1/companies/${superseded.uuid}`)).status).toBe(200);
  });

  it("answers 404 for another tenant's company as for an unknown one, and 409 for the same company or a merge done", async () => {
    const { canonical, superseded } = await twoAcmes();
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = await context.services.store.companies.create({ tenant_uuid: globex.tenant.uuid, company_name: "Acme" });
    const unknown = "7f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
    const other = await merge(canonical.uuid, { superseded_company_uuid: theirs.uuid });
    expect(other).toEqual({ status: 404, body: { error: `company ${theirs.uuid} not found` } });
    expect(await merge(canonical.uuid, { superseded_company_uuid: unknown })).toEqual({ status: 404, body: { error: `company ${unknown} not found` } });
    expect((await merge(theirs.uuid, { superseded_company_uuid: canonical.uuid })).status).toBe(404);
    expect(await merge(canonical.uuid, { superseded_company_uuid: canonical.uuid })).toMatchObject({ status: 409 });
    expect((await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid })).status).toBe(200);
    expect(await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid })).toEqual({
      status: 409,
      body: { error: `company ${superseded.uuid} was already merged into company ${canonical.uuid}` },
    });
    expect((await read(`/v1/companies/${theirs.uuid}`, globex.key)).status).toBe(200);
  });

  it("answers 400 for a merged company with more custom fields, tags or custom-field bytes than a company may hold, which it could not write back", async () => {
    const fields = (prefix: string) => Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`${prefix}${String(index).padStart(4, "0")}-1111-4111-8111-111111111111`, index]));
    const tags = (prefix: string) => Array.from({ length: 30 }, (_, index) => `${prefix}${index}`);
    const create = async (body: Record<string, unknown>) => (await context.json("/v1/companies", { key: acme.key, method: "POST", body })).body!.uuid as string;
    const canonical = await create({ company_name: "Acme", company_custom_fields: fields("aaaa") });
    const superseded = await create({ company_name: "ACME Inc.", company_custom_fields: fields("bbbb") });
    const before = databaseSnapshotBesideUsage(context.databasePath);
    for (const preview of [true, false]) {
      expect(await merge(canonical, { superseded_company_uuid: superseded, preview })).toEqual({
        status: 400,
        body: { error: "the merged company would hold 300 custom fields, more than the 200 a company may hold: remove some from either company (PUT /v1/companies/{company_uuid}), then merge" },
      });
    }
    expect(databaseSnapshotBesideUsage(context.databasePath)).toEqual(before);

    // Each company's custom fields fit in a write; both together would not.
    const large = (prefix: string) => ({ [`${prefix}-1111-4111-8111-111111111111`]: "x".repeat(600_000) });
    const heavy = await create({ company_name: "Heavy", company_custom_fields: large("cccccccc") });
    const alsoHeavy = await create({ company_name: "Heavy Inc.", company_custom_fields: large("dddddddd") });
    expect((await merge(heavy, { superseded_company_uuid: alsoHeavy })).body.error).toBe(
      "the merged company's custom fields would take 1200085 bytes as JSON, more than the 1048550 a write of them can carry: shorten some in either company (PUT /v1/companies/{company_uuid}), then merge",
    );

    const tagged = await create({ company_name: "Tagged", investor_types: tags("a") });
    const alsoTagged = await create({ company_name: "Tagged Inc.", investor_types: tags("b") });
    expect((await merge(tagged, { superseded_company_uuid: alsoTagged })).body.error).toMatch(/^the merged company would hold 60 investor_types, more than the 50 /);
    // Trimmed first, the merged company is one its own PUT writes back.
    expect((await context.json(`/v1/companies/${alsoTagged}`, { key: acme.key, method: "PUT", body: { investor_types: tags("b").slice(0, 20) } })).status).toBe(200);
    const merged = await merge(tagged, { superseded_company_uuid: alsoTagged });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const writeBack = { investor_types: merged.body.company.investor_types, company_custom_fields: merged.body.company.company_custom_fields };
    expect((await context.json(`/v1/companies/${tagged}`, { key: acme.key, method: "PUT", body: writeBack })).status).toBe(200);
  });

  it("answers 400 for a malformed body and writes nothing", async () => {
    const { canonical, superseded } = await twoAcmes();
    const before = databaseSnapshotBesideUsage(context.databasePath);
    expect(await merge(canonical.uuid, { superseded_company_uuid: "not-a-uuid" })).toMatchObject({ status: 400 });
    expect(await merge(canonical.uuid, { superseded_company_uuid: superseded.uuid, extra: 1 })).toMatchObject({ status: 400 });
    expect(databaseSnapshotBesideUsage(context.databasePath)).toEqual(before);
  });
});
