/** Opportunity create, read, update and delete: the business rules, the computed fields, roles and isolation. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildOpportunity, buildPipeline, companyLink, personLink, type Pipeline } from "../../testing/deal-builders.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let pipeline: Pipeline;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  pipeline = await buildPipeline(context.services, acme);
});
afterAll(() => context.close());

const DAY = 86_400_000;

async function call(path: string, options: { key?: string; method?: string; body?: unknown } = {}) {
  const response = await context.request(path, { key: options.key ?? acme.key, method: options.method, body: options.body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
}

const create = (body: Record<string, unknown>, key?: string) => call("/v1/opportunities", { method: "POST", body, key });

describe("POST /v1/opportunities and GET /v1/opportunities/{uuid}", () => {
  it("creates an opportunity with associations, defaults and computed fields, and reads it back", async () => {
    const { store } = context.services;
    const company = await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Globex", city: "Austin", state: "TX", country: "US" });
    const person = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper", emails: ["grace@globex.example"] });
    const field = (await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "fund", name: "Fund", type: "single_select", choices: ["I", "II"] } })).body;

    const created = await create(
      {
        name: "Globex Series A",
        type_uuid: pipeline.type.uuid,
        stage_uuid: pipeline.stages[1]!.uuid,
        value: 2_000_000,
        close_date: "2027-03-31",
        intro_person_uuid: person.uuid,
        custom_fields: { fund: "II" },
        associations: [companyLink(company.uuid, "target"), personLink(person.uuid)],
      },
      acme.memberKey,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Globex Series A",
      value: 2_000_000,
      // The stage's percentage (20) is the default probability; weighted_value = value × probability / 100.
      probability: 20,
      weighted_value: 400_000,
      type: { uuid: pipeline.type.uuid, label: "Deal", label_plural: "Deals", is_hidden: false },
      stage: { uuid: pipeline.stages[1]!.uuid, name: "Diligence" },
      owner: { uuid: acme.member.uuid, name: "Mike", type: "USER" },
      created_by: { uuid: acme.member.uuid, type: "USER" },
      intro_person: { uuid: person.uuid, name: "Grace Hopper", type: "PERSON" },
      close_date: "2027-03-31",
      parent_uuid: null,
      days_in_stage: 0,
      notes_and_files_count: 0,
      children_metadata: { count: 0, probability_sum: 0, value_sum: 0, weighted_value_sum: 0 },
      custom_fields: [{ uuid: field.uuid, key: "fund", name: "Fund", type: "single_select", value: "II" }],
      custom_field_mapping: { standard_key_to_uuid: { fund: field.uuid }, unresolved_keys: [] },
      last_activity_date: null,
    });
    // Links made in the same instant list in uuid order: compare them as a set.
    expect(created.body.search_string).toMatch(/^Globex Series A (Globex Grace Hopper|Grace Hopper Globex)$/);
    expect(created.body.associations).toHaveLength(2);
    expect(created.body.associations).toEqual(expect.arrayContaining([
      expect.objectContaining({
        entity_type: "COMPANY",
        entity_uuid: company.uuid,
        association_type: "OPPORTUNITY_TO_COMPANY",
        context: "target",
        company: expect.objectContaining({ uuid: company.uuid, name: "Globex", type: "COMPANY", city: "Austin", state: "TX", country: "US" }),
        person: null,
      }),
      expect.objectContaining({
        entity_type: "PERSON",
        entity_uuid: person.uuid,
        person: expect.objectContaining({ name: "Grace Hopper", email: "grace@globex.example", type: "PERSON" }),
        company: null,
      }),
    ]));

    context.clock.advance(3 * DAY + 1_000);
    const read = await call(`/v1/opportunities/${created.body.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.days_in_stage).toBe(3);
    expect(read.body.uuid).toBe(created.body.uuid);
  });

  it("creates sub-opportunities under a parent and sums them in children_metadata", async () => {
    const parent = await buildOpportunity(context.services, acme, pipeline, { name: "Fund II" });
    const first = await create({ name: "Tranche 1", parent_uuid: parent.uuid, stage_uuid: pipeline.childStages[0]!.uuid, value: 100, probability: 50 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ parent_uuid: parent.uuid, parent_name: "Fund II", type: { uuid: pipeline.type.uuid }, weighted_value: 50 });
    await create({ name: "Tranche 2", parent_uuid: parent.uuid, stage_uuid: pipeline.childStages[1]!.uuid, value: 300, probability: 25 });
    const read = await call(`/v1/opportunities/${parent.uuid}`);
    expect(read.body.children_metadata).toEqual({ count: 2, probability_sum: 75, value_sum: 400, weighted_value_sum: 125 });

    const grandchild = await create({ name: "Too deep", parent_uuid: first.body.uuid, stage_uuid: pipeline.childStages[0]!.uuid });
    expect(grandchild.status).toBe(400);
    expect(grandchild.body.error).toMatch(/cannot have sub-opportunities/);
    const parentStage = await create({ name: "Wrong level", parent_uuid: parent.uuid, stage_uuid: pipeline.stages[0]!.uuid });
    expect(parentStage.status).toBe(400);
    expect(parentStage.body.error).toMatch(/not a CHILD stage/);

    const flat = await buildPipeline(context.services, acme, { label: "Flat", subopportunities: false });
    const flatParent = await buildOpportunity(context.services, acme, flat, { name: "Flat deal" });
    const refused = await create({ name: "Child", parent_uuid: flatParent.uuid, stage_uuid: pipeline.childStages[0]!.uuid });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/does not enable sub-opportunities/);
  });

  it("answers 400 for every invalid reference, stage mismatch, missing pinned association and bad custom field", async () => {
    const { store } = context.services;
    const other = await buildPipeline(context.services, acme, { label: "Fund" });
    const pinned = await buildPipeline(context.services, acme, { label: "Pinned", pinning: { company_required: true, person_required: true } });
    const company = await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Initech" });
    const person = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Peter" });
    await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "round", name: "Round", type: "number" } });
    const missing = "00000000-0000-4000-8000-000000000000";
    const base = { name: "Deal", type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, type_uuid: missing }, /opportunity type .* not found/],
      [{ ...base, stage_uuid: other.stages[0]!.uuid }, /is not a PARENT stage of the type 'Deal'/],
      [{ ...base, stage_uuid: pipeline.childStages[0]!.uuid }, /is not a PARENT stage/],
      // A stage alone names its type, to send with it (spec: a stage is valid only together with its type_uuid).
      [
        { name: "Deal", stage_uuid: other.stages[0]!.uuid },
        new RegExp(`^type_uuid is required for a top-level opportunity; stage ${other.stages[0]!.uuid} is of the type 'Fund': send type_uuid ${other.type.uuid} with it$`),
      ],
      [
        { name: "Deal", stage_uuid: missing },
        new RegExp(`type_uuid is required for a top-level opportunity; the tenant's types: 'Deal' ${pipeline.type.uuid}, 'Fund' ${other.type.uuid}, 'Pinned' ${pinned.type.uuid}$`),
      ],
      [{ ...base, parent_uuid: missing }, /parent opportunity .* not found/],
      [{ ...base, owner_user_uuid: missing }, /owner .* is not an active user/],
      [{ ...base, intro_person_uuid: missing }, /intro person .* not found/],
      [{ ...base, associations: [companyLink(missing)] }, /COMPANY .* not found/],
      // Until then the second context was dropped without a word: the record linked once, with the first.
      [
        { ...base, associations: [companyLink(company.uuid, "target"), personLink(person.uuid), companyLink(company.uuid, "acquirer")] },
        new RegExp(`'associations\\.2\\.context': COMPANY ${company.uuid} is associations\\[0\\] too, with another context \\("target", here "acquirer"\\)`),
      ],
      [{ ...base, custom_fields: { round: "three" } }, /custom field 'round' \(number\) needs a finite number/],
      [{ ...base, custom_fields: { unknown_field: 1 } }, /custom field 'unknown_field' is not defined/],
      [{ ...base, probability: 120 }, /probability/],
      [{ ...base, close_date: "2027-02-30" }, /close_date.*YYYY-MM-DD/],
      [{ ...base, value: -1 }, /value/],
      [{ name: "Pinned", type_uuid: pinned.type.uuid, stage_uuid: pinned.stages[0]!.uuid, associations: [personLink(person.uuid)] }, /requires a COMPANY association/],
      [{ name: "Pinned", type_uuid: pinned.type.uuid, stage_uuid: pinned.stages[0]!.uuid, associations: [companyLink(company.uuid)] }, /requires a PERSON association/],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toMatch(message);
    }
    // Nothing was half-written.
    expect((await call("/v1/opportunities")).body.total).toBe(0);
    const ok = await create({
      name: "Pinned",
      type_uuid: pinned.type.uuid,
      stage_uuid: pinned.stages[0]!.uuid,
      owner_user_uuid: acme.admin.person_uuid,
      // A record named twice alike is one link, as a repeated POST .../associations is.
      associations: [companyLink(company.uuid), personLink(person.uuid), companyLink(company.uuid)],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.associations).toHaveLength(2);
    // The owner may be named by the user's person UUID; it is stored as the user.
    expect(ok.body.owner).toMatchObject({ uuid: acme.admin.uuid, name: "Alice" });
  });

  it("names the type of a stage sent alone over MCP too, and never another tenant's stage's type", async () => {
    const stage = pipeline.stages[0]!;
    const answer = await callMcpTool(context, { name: "createOpportunity", args: { body: { name: "Deal", stage_uuid: stage.uuid } }, headers: { "x-api-key": acme.key } });
    expect(answer.content[0]!.text).toBe(
      `HTTP 400: type_uuid is required for a top-level opportunity; stage ${stage.uuid} is of the type 'Deal': send type_uuid ${pipeline.type.uuid} with it`,
    );
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await buildPipeline(context.services, other, { label: "Their secret pipeline" });
    const crossed = await create({ name: "X", stage_uuid: theirs.stages[0]!.uuid });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toBe(`type_uuid is required for a top-level opportunity; the tenant's types: 'Deal' ${pipeline.type.uuid}`);
    expect((await call("/v1/opportunities")).body.total).toBe(0);
  });

  it("answers 404 for another tenant's opportunity and never lists it", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await buildOpportunity(context.services, other, await buildPipeline(context.services, other), { name: "Their secret deal" });
    expect((await call(`/v1/opportunities/${theirs.uuid}`)).status).toBe(404);
    expect((await call(`/v1/opportunities/${theirs.uuid}`, { method: "PATCH", body: { name: "Mine now" } })).status).toBe(404);
    expect((await call(`/v1/opportunities/${theirs.uuid}`, { method: "DELETE" })).status).toBe(404);
    expect(JSON.stringify((await call("/v1/opportunities")).body)).not.toContain("Their secret deal");
    // Their type and stage are not valid here either.
    const crossed = await create({ name: "X", type_uuid: theirs.type.uuid, stage_uuid: theirs.stage.uuid });
    expect(crossed.status).toBe(400);
    expect((await call(`/v1/opportunities/${theirs.uuid}`, { key: other.key })).status).toBe(200);
  });
});

describe("PATCH and DELETE /v1/opportunities/{uuid}", () => {
  it("updates present fields, restarts days_in_stage on a stage change, merges custom fields and recomputes weighted_value", async () => {
    const field = (await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "memo", name: "Memo", type: "text" } })).body;
    const flag = (await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "hot", name: "Hot", type: "boolean" } })).body;
    const created = (await create({ ...{ name: "Deal", type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid }, value: 1_000, next_step: "Call", custom_fields: { memo: "a", hot: true } })).body;
    context.clock.advance(5 * DAY);
    const keep = await call(`/v1/opportunities/${created.uuid}`, { method: "PATCH", body: { probability: 35, custom_fields: { memo: "b", hot: null } } });
    expect(keep.status).toBe(200);
    expect(keep.body).toMatchObject({ probability: 35, weighted_value: 350, next_step: "Call", days_in_stage: 5, name: "Deal" });
    expect(keep.body.custom_fields).toEqual([{ uuid: field.uuid, key: "memo", name: "Memo", type: "text", value: "b" }]);
    expect(keep.body.updated_at).toBe(created.created_at + 5 * DAY);

    const moved = await call(`/v1/opportunities/${created.uuid}`, { method: "PATCH", body: { stage_uuid: pipeline.stages[2]!.uuid, next_step: null } });
    expect(moved.body).toMatchObject({ stage: { name: "Term sheet" }, days_in_stage: 0, next_step: null, probability: 35 });

    // Deleting a field leaves its stored values, reported as unresolved.
    await context.request(`/v1/opportunity-custom-fields/${field.uuid}`, { key: acme.key, method: "DELETE" });
    const afterDelete = await call(`/v1/opportunities/${created.uuid}`);
    expect(afterDelete.body.custom_fields).toEqual([]);
    expect(afterDelete.body.custom_field_mapping.unresolved_keys).toEqual([field.uuid]);
    expect(flag.uuid).toBeTruthy();
  });

  it("stores blank details, next_step and association context as null, and other text as written, on create, update and link", async () => {
    const { store } = context.services;
    const company = await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Globex" });
    const person = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper" });
    const created = await create({
      name: "Deal",
      type_uuid: pipeline.type.uuid,
      stage_uuid: pipeline.stages[0]!.uuid,
      details: "",
      next_step: " \n\t ",
      associations: [companyLink(company.uuid, "  ")],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ details: null, next_step: null });
    expect(created.body.associations[0].context).toBeNull();
    const read = (await call(`/v1/opportunities/${created.body.uuid}`)).body;
    expect(read).toMatchObject({ details: null, next_step: null });
    expect(read.associations[0].context).toBeNull();

    const written = await call(`/v1/opportunities/${created.body.uuid}`, { method: "PATCH", body: { details: "  - indented\n", next_step: " Call " } });
    expect(written.body).toMatchObject({ details: "  - indented\n", next_step: " Call " });
    const cleared = await call(`/v1/opportunities/${created.body.uuid}`, { method: "PATCH", body: { details: "\n", next_step: "   " } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ details: null, next_step: null });
    expect((await call(`/v1/opportunities/${created.body.uuid}`)).body).toMatchObject({ details: null, next_step: null });

    const linked = await call(`/v1/opportunities/${created.body.uuid}/associations`, { method: "POST", body: { entity_type: "PERSON", entity_uuid: person.uuid, context: " " } });
    expect(linked.status).toBe(201);
    expect(linked.body.context).toBeNull();
    const listed = (await call(`/v1/opportunities/${created.body.uuid}/associations`)).body;
    expect(listed.items.find((item: { entity_uuid: string }) => item.entity_uuid === person.uuid).context).toBeNull();
  });

  it("changes type only with a stage of the new type, never for parents with children or for children", async () => {
    const other = await buildPipeline(context.services, acme, { label: "Fund", stageNames: ["Open"] });
    const single = await buildOpportunity(context.services, acme, pipeline, { name: "Single" });
    const noStage = await call(`/v1/opportunities/${single.uuid}`, { method: "PATCH", body: { type_uuid: other.type.uuid } });
    expect(noStage.status).toBe(400);
    expect(noStage.body.error).toMatch(/needs a stage_uuid of the new type/);
    const wrongStage = await call(`/v1/opportunities/${single.uuid}`, { method: "PATCH", body: { type_uuid: other.type.uuid, stage_uuid: pipeline.stages[1]!.uuid } });
    expect(wrongStage.status).toBe(400);
    const moved = await call(`/v1/opportunities/${single.uuid}`, { method: "PATCH", body: { type_uuid: other.type.uuid, stage_uuid: other.stages[0]!.uuid } });
    expect(moved.body).toMatchObject({ type: { label: "Fund" }, stage: { name: "Open" } });

    const parent = await buildOpportunity(context.services, acme, pipeline, { name: "Parent" });
    const child = await buildOpportunity(context.services, acme, pipeline, { name: "Child", parent_uuid: parent.uuid });
    const parentMove = await call(`/v1/opportunities/${parent.uuid}`, { method: "PATCH", body: { type_uuid: other.type.uuid, stage_uuid: other.stages[0]!.uuid } });
    expect(parentMove.body.error).toMatch(/with sub-opportunities cannot change/);
    const childMove = await call(`/v1/opportunities/${child.uuid}`, { method: "PATCH", body: { type_uuid: other.type.uuid, stage_uuid: other.stages[0]!.uuid } });
    expect(childMove.body.error).toMatch(/has its parent's type/);
    const childStage = await call(`/v1/opportunities/${child.uuid}`, { method: "PATCH", body: { stage_uuid: pipeline.stages[0]!.uuid } });
    expect(childStage.body.error).toMatch(/not a CHILD stage/);
  });

  it("lets members change only what they own or created, administrators anything", async () => {
    const mine = (await create({ name: "Mike's deal", type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid }, acme.memberKey)).body;
    const alices = (await create({ name: "Alice's deal", type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid }, acme.adminKey)).body;
    const denied = await call(`/v1/opportunities/${alices.uuid}`, { key: acme.memberKey, method: "PATCH", body: { name: "Taken" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatch(/owner, its creator or an administrator/);
    expect((await call(`/v1/opportunities/${alices.uuid}`, { key: acme.memberKey, method: "DELETE" })).status).toBe(403);
    expect((await call(`/v1/opportunities/${mine.uuid}`, { key: acme.memberKey, method: "PATCH", body: { name: "Renamed" } })).body.name).toBe("Renamed");
    const byAdmin = await call(`/v1/opportunities/${mine.uuid}`, { key: acme.adminKey, method: "PATCH", body: { value: 5 } });
    expect(byAdmin.body).toMatchObject({ value: 5, updated_by: { uuid: acme.admin.uuid }, created_by: { uuid: acme.member.uuid } });
    // Reassigned to Alice, created by Mike: Mike may still change it.
    await call(`/v1/opportunities/${mine.uuid}`, { key: acme.adminKey, method: "PATCH", body: { owner_user_uuid: acme.admin.uuid } });
    expect((await call(`/v1/opportunities/${mine.uuid}`, { key: acme.memberKey, method: "PATCH", body: { value: 6 } })).status).toBe(200);
  });

  it("deletes an opportunity with its sub-opportunities and their associations, then answers 404", async () => {
    const company = await context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Hooli" });
    const parent = await buildOpportunity(context.services, acme, pipeline, { name: "Parent", associations: [companyLink(company.uuid)] });
    const child = await buildOpportunity(context.services, acme, pipeline, { name: "Child", parent_uuid: parent.uuid, associations: [companyLink(company.uuid)] });
    const kept = await buildOpportunity(context.services, acme, pipeline, { name: "Kept" });
    const removed = await context.request(`/v1/opportunities/${parent.uuid}`, { key: acme.key, method: "DELETE" });
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    expect((await call(`/v1/opportunities/${parent.uuid}`)).status).toBe(404);
    expect((await call(`/v1/opportunities/${child.uuid}`)).status).toBe(404);
    expect((await call(`/v1/opportunities/${parent.uuid}`, { method: "DELETE" })).status).toBe(404);
    const listed = await call("/v1/opportunities");
    expect(listed.body.items.map((item: { uuid: string }) => item.uuid)).toEqual([kept.uuid]);
    expect((await call(`/v1/companies/${company.uuid}/opportunities`)).body.total).toBe(0);
  });
});
