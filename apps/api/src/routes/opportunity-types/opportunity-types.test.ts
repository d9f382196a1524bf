/** Opportunity types and stages: listing with and without hidden ones, writes, pipeline order, roles, isolation. */
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_CUSTOM_FIELDS_PER_RECORD, MAX_PIPELINE_STAGES } from "../../platform/request/count-limits.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

async function call(path: string, options: { key?: string; method?: string; body?: unknown } = {}) {
  const response = await context.request(path, { key: options.key ?? acme.key, method: options.method, body: options.body });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("opportunity types", () => {
  it("creates types with defaults and lists hidden ones only with include_hidden=true", async () => {
    const deal = await call("/v1/opportunity-types", {
      method: "POST",
      body: { label: "Deal", subopportunities_enabled: true, pinning_config: { company_required: true } },
    });
    expect(deal.status).toBe(201);
    expect(deal.body).toMatchObject({
      label: "Deal",
      label_plural: "Deals",
      sub_label: "Sub-deal",
      sub_label_plural: "Sub-deals",
      is_hidden: false,
      subopportunities_enabled: true,
      pinning_config: { person_required: false, company_required: true },
    });
    context.clock.advance(1);
    await call("/v1/opportunity-types", { method: "POST", body: { label: "Archive", is_hidden: true } });

    const visible = await call("/v1/opportunity-types");
    expect(visible.body.total).toBe(1);
    expect(visible.body.items.map((type: { label: string }) => type.label)).toEqual(["Deal"]);
    const all = await call("/v1/opportunity-types?include_hidden=true");
    expect(all.body.items.map((type: { label: string }) => type.label)).toEqual(["Deal", "Archive"]);
    expect(all.body.total).toBe(2);

    const updated = await call(`/v1/opportunity-types/${deal.body.uuid}`, {
      method: "PATCH",
      body: { label: "Investment", pinning_config: { person_required: true } },
    });
    expect(updated.body).toMatchObject({ label: "Investment", label_plural: "Deals", pinning_config: { person_required: true, company_required: true } });
    expect((await call(`/v1/opportunity-types/${deal.body.uuid}`)).body.label).toBe("Investment");
  });

  it("stores a blank description as null and other text as written, on create and update", async () => {
    const created = await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal", description: "\t" } });
    expect(created.status).toBe(201);
    expect(created.body.description).toBeNull();
    expect((await call(`/v1/opportunity-types/${created.body.uuid}`)).body.description).toBeNull();

    const written = await call(`/v1/opportunity-types/${created.body.uuid}`, { method: "PATCH", body: { description: " Fund II deals\n" } });
    expect(written.body.description).toBe(" Fund II deals\n");
    const cleared = await call(`/v1/opportunity-types/${created.body.uuid}`, { method: "PATCH", body: { description: "  " } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.description).toBeNull();
    expect((await call(`/v1/opportunity-types/${created.body.uuid}`)).body.description).toBeNull();
  });

  it("answers 400 for bad bodies and 404 for unknown types", async () => {
    // In words a client acts on, not zod's "Too small: expected string to have >=1 characters".
    expect((await call("/v1/opportunity-types", { method: "POST", body: { label: " " } })).body).toEqual({ error: "body field 'label': must not be blank" });
    expect((await call("/v1/opportunity-types", { method: "POST", body: { label: "D".repeat(101) } })).body).toEqual({ error: "body field 'label': at most 100 characters" });
    const unknownField = await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal", colour: "red" } });
    expect(unknownField.status).toBe(400);
    const missing = await call("/v1/opportunity-types/00000000-0000-4000-8000-000000000000", { method: "PATCH", body: { label: "X" } });
    expect(missing.status).toBe(404);
    expect((await call("/v1/opportunity-types/00000000-0000-4000-8000-000000000000/stages")).status).toBe(404);
  });

  it("lets only administrators change types and stages, and hides other tenants' types", async () => {
    const denied = await call("/v1/opportunity-types", { key: acme.memberKey, method: "POST", body: { label: "Deal" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatch(/administrator/);
    const created = await call("/v1/opportunity-types", { key: acme.adminKey, method: "POST", body: { label: "Deal" } });
    expect(created.status).toBe(201);
    const stage = await call(`/v1/opportunity-types/${created.body.uuid}/stages`, { key: acme.memberKey, method: "POST", body: { name: "Lead" } });
    expect(stage.status).toBe(403);
    // Members read types.
    expect((await call("/v1/opportunity-types", { key: acme.memberKey })).body.total).toBe(1);

    const other = await buildTenant(context.services, { name: "Other" });
    expect((await call(`/v1/opportunity-types/${created.body.uuid}`, { key: other.key })).status).toBe(404);
    expect((await call("/v1/opportunity-types", { key: other.key })).body.items).toEqual([]);
    expect((await call(`/v1/opportunity-types/${created.body.uuid}/stages`, { key: other.key })).status).toBe(404);
  });
});

describe("opportunity stages", () => {
  it("keeps PARENT and CHILD pipelines apart, in order, hides hidden stages, and reorders", async () => {
    const type = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal", subopportunities_enabled: true } })).body;
    const stages = `/v1/opportunity-types/${type.uuid}/stages`;
    const lead = (await call(stages, { method: "POST", body: { name: "Lead", percentage: 10, color: "#112233" } })).body;
    const diligence = (await call(stages, { method: "POST", body: { name: "Diligence", percentage: 40 } })).body;
    const parked = (await call(stages, { method: "POST", body: { name: "Parked", is_hidden: true } })).body;
    const tranche = (await call(stages, { method: "POST", body: { name: "Tranche", stage_type: "CHILD" } })).body;
    expect(lead).toMatchObject({ type_uuid: type.uuid, stage_type: "PARENT", position: 0, percentage: 10, color: "#112233" });
    expect(tranche).toMatchObject({ stage_type: "CHILD", position: 0 });

    const names = async (query: string) => (await call(`${stages}${query}`)).body.items.map((stage: { name: string }) => stage.name);
    expect(await names("")).toEqual(["Lead", "Diligence"]);
    expect(await names("?include_hidden=true")).toEqual(["Lead", "Diligence", "Parked"]);
    expect(await names("?stage_type=CHILD")).toEqual(["Tranche"]);

    const reordered = await call(`${stages}/order`, {
      method: "PUT",
      body: { stage_uuids: [diligence.uuid, parked.uuid, lead.uuid] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.items.map((stage: { name: string; position: number }) => [stage.name, stage.position])).toEqual([
      ["Diligence", 0],
      ["Parked", 1],
      ["Lead", 2],
    ]);
    expect(await names("")).toEqual(["Diligence", "Lead"]);

    const renamed = await call(`${stages}/${lead.uuid}`, { method: "PATCH", body: { name: "Inbound", percentage: 15 } });
    expect(renamed.body).toMatchObject({ name: "Inbound", percentage: 15, position: 2 });
  });

  it("answers 400 for an incomplete or foreign reorder, a CHILD stage without sub-opportunities, and 404 for a stage of another type", async () => {
    const type = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal" } })).body;
    const other = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Fund" } })).body;
    const stages = `/v1/opportunity-types/${type.uuid}/stages`;
    const first = (await call(stages, { method: "POST", body: { name: "One" } })).body;
    const second = (await call(stages, { method: "POST", body: { name: "Two" } })).body;
    const foreign = (await call(`/v1/opportunity-types/${other.uuid}/stages`, { method: "POST", body: { name: "Elsewhere" } })).body;

    const incomplete = await call(`${stages}/order`, { method: "PUT", body: { stage_uuids: [first.uuid] } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toMatch(/every PARENT stage/);
    const duplicated = await call(`${stages}/order`, { method: "PUT", body: { stage_uuids: [first.uuid, first.uuid, second.uuid] } });
    expect(duplicated.status).toBe(400);
    const withForeign = await call(`${stages}/order`, { method: "PUT", body: { stage_uuids: [first.uuid, second.uuid, foreign.uuid] } });
    expect(withForeign.status).toBe(400);
    expect(withForeign.body.error).toMatch(/not a PARENT stage of this type/);

    const child = await call(stages, { method: "POST", body: { name: "Tranche", stage_type: "CHILD" } });
    expect(child.status).toBe(400);
    expect(child.body.error).toMatch(/does not enable sub-opportunities/);
    expect((await call(stages, { method: "POST", body: { name: "Bad", color: "red" } })).status).toBe(400);
    expect((await call(stages, { method: "POST", body: { name: "Bad", percentage: 101 } })).status).toBe(400);

    const crossed = await call(`${stages}/${foreign.uuid}`, { method: "PATCH", body: { name: "X" } });
    expect(crossed.status).toBe(404);
  });
  it("answers 409 to a second stage of one name in a pipeline, case aside; a stage written back as read is taken", async () => {
    const type = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal", subopportunities_enabled: true } })).body;
    const other = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Fund" } })).body;
    const stages = `/v1/opportunity-types/${type.uuid}/stages`;
    const pitch = (await call(stages, { method: "POST", body: { name: "Pitch" } })).body;
    const hidden = (await call(stages, { method: "POST", body: { name: "Parked", is_hidden: true } })).body;

    const again = await call(stages, { method: "POST", body: { name: "PITCH" } });
    expect(again).toEqual({
      status: 409,
      body: { error: `the type already has a PARENT stage named 'Pitch' (${pitch.uuid}): stage names are unique in a pipeline, case aside` },
    });
    expect((await call(stages, { method: "POST", body: { name: "parked" } })).status).toBe(409);
    expect((await call(`${stages}/${hidden.uuid}`, { method: "PATCH", body: { name: "pitch" } })).status).toBe(409);
    // Another pipeline, the type's CHILD stages or another type's, may have the name.
    expect((await call(stages, { method: "POST", body: { name: "Pitch", stage_type: "CHILD" } })).status).toBe(201);
    expect((await call(`/v1/opportunity-types/${other.uuid}/stages`, { method: "POST", body: { name: "Pitch" } })).status).toBe(201);
    expect((await call(`${stages}/${pitch.uuid}`, { method: "PATCH", body: { name: "pitch" } })).body).toMatchObject({ name: "pitch" });

    // Two stages of one name from before the rule: each is written back as read, and one is renamed away.
    const database = new SqliteDatabase(context.databasePath);
    database.prepare("update opportunity_stages set name = 'Pitch' where uuid = ?").run(hidden.uuid);
    database.close();
    expect((await call(`${stages}/${hidden.uuid}`, { method: "PATCH", body: { name: "Pitch", percentage: 5 } })).status).toBe(200);
    expect((await call(`${stages}/${pitch.uuid}`, { method: "PATCH", body: { name: "Pitch" } })).status).toBe(200);
    expect((await call(`${stages}/${hidden.uuid}`, { method: "PATCH", body: { name: "Parked" } })).body).toMatchObject({ name: "Parked" });
    expect((await call(stages, { method: "POST", body: { name: "Pitch" } })).status).toBe(409);
  });
  it("answers 409 to a stage past the most a pipeline holds, which a reorder could not list", async () => {
    const type = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal", subopportunities_enabled: true } })).body;
    const stages = context.services.store.opportunityStages;
    for (let index = 0; index < MAX_PIPELINE_STAGES; index += 1) {
      await stages.create({ tenant_uuid: acme.tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: `Stage ${index}` });
    }
    const path = `/v1/opportunity-types/${type.uuid}/stages`;
    expect(await call(path, { method: "POST", body: { name: "One more" } })).toEqual({
      status: 409,
      body: { error: `the type's PARENT pipeline has ${MAX_PIPELINE_STAGES} stages, the most it may hold` },
    });
    expect((await call(path, { method: "POST", body: { name: "One more", stage_type: "CHILD" } })).status).toBe(201);
  });
});

describe("opportunity custom fields", () => {
  it("defines, renames and deletes fields; keys are unique; select fields need choices", async () => {
    const created = await call("/v1/opportunity-custom-fields", {
      method: "POST",
      body: { key: "fund_vehicle", name: "Fund vehicle", type: "single_select", choices: ["Fund I", "Fund II"] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: "fund_vehicle", type: "single_select", choices: ["Fund I", "Fund II"] });
    const taken = await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "fund_vehicle", name: "Again", type: "text" } });
    expect(taken.status).toBe(409);
    const noChoices = await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "stage_gate", name: "Gate", type: "multi_select" } });
    expect(noChoices.status).toBe(400);
    const badKey = await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "Fund Vehicle", name: "X", type: "text" } });
    expect(badKey.status).toBe(400);

    const renamed = await call(`/v1/opportunity-custom-fields/${created.body.uuid}`, { method: "PATCH", body: { name: "Vehicle", choices: ["Fund III"] } });
    expect(renamed.body).toMatchObject({ name: "Vehicle", key: "fund_vehicle", choices: ["Fund III"] });
    expect((await call("/v1/opportunity-custom-fields")).body.total).toBe(1);

    const member = await call(`/v1/opportunity-custom-fields/${created.body.uuid}`, { key: acme.memberKey, method: "DELETE" });
    expect(member.status).toBe(403);
    const removed = await context.request(`/v1/opportunity-custom-fields/${created.body.uuid}`, { key: acme.key, method: "DELETE" });
    expect(removed.status).toBe(204);
    expect((await context.request(`/v1/opportunity-custom-fields/${created.body.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(404);
    expect((await call("/v1/opportunity-custom-fields")).body.total).toBe(0);
  });

  it("answers 409 to the second of two creations of one key at once, not 500", async () => {
    const body = { key: "fund_vehicle", name: "Fund vehicle", type: "text" };
    const both = await Promise.all([0, 1].map(() => call("/v1/opportunity-custom-fields", { method: "POST", body })));
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(both.find((answer) => answer.status === 409)!.body).toEqual({ error: "a custom field with key 'fund_vehicle' already exists" });
    expect((await call("/v1/opportunity-custom-fields")).body.total).toBe(1);
  });

  it("answers 404, not 500, for a field deleted while it is being renamed", async () => {
    const created = (await call("/v1/opportunity-custom-fields", { method: "POST", body: { key: "fund_vehicle", name: "Fund vehicle", type: "text" } })).body;
    const fields = context.services.store.opportunityCustomFields;
    const update = fields.update.bind(fields);
    // The deletion lands after the route found the field and before the rename is written.
    const renaming = vi.spyOn(fields, "update").mockImplementation(async (tenantUuid, fieldUuid, changes) => {
      await fields.delete(tenantUuid, fieldUuid);
      return update(tenantUuid, fieldUuid, changes);
    });
    const renamed = await call(`/v1/opportunity-custom-fields/${created.uuid}`, { method: "PATCH", body: { name: "Vehicle" } });
    expect(renaming).toHaveBeenCalledOnce();
    renaming.mockRestore();
    expect(renamed).toEqual({ status: 404, body: { error: `custom field ${created.uuid} not found` } });
  });

  it("answers 409 to a field past the most a tenant defines, whose values a write could not all carry back", async () => {
    const fields = context.services.store.opportunityCustomFields;
    for (let index = 0; index < MAX_CUSTOM_FIELDS_PER_RECORD; index += 1) {
      await fields.create({ tenant_uuid: acme.tenant.uuid, key: `field_${index}`, name: `Field ${index}`, type: "text" });
    }
    const body = { key: "one_more", name: "One more", type: "text" };
    expect(await call("/v1/opportunity-custom-fields", { method: "POST", body })).toEqual({
      status: 409,
      body: { error: `the tenant has ${MAX_CUSTOM_FIELDS_PER_RECORD} opportunity custom fields, the most it may define: delete one first` },
    });
    await context.request(`/v1/opportunity-custom-fields/${(await fields.list(acme.tenant.uuid))[0]!.uuid}`, { key: acme.key, method: "DELETE" });
    expect((await call("/v1/opportunity-custom-fields", { method: "POST", body })).status).toBe(201);
  });
});
