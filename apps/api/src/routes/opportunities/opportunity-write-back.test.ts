/**
 * An opportunity read and written back as read (the read-modify-write of an integration or an agent) is taken: a
 * select choice since removed from its field, a value of every other custom field type, an owner since deactivated.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

const call = (path: string, options: { method?: string; body?: unknown } = {}) => context.json(path, { key: acme.key, ...options });

/** The writable fields of an opportunity as GET shows them, in the shape PATCH takes. */
function asWritten(read: Record<string, any>) {
  return {
    name: read["name"],
    details: read["details"],
    next_step: read["next_step"],
    value: read["value"],
    probability: read["probability"],
    owner_user_uuid: read["owner"]?.uuid ?? null,
    intro_person_uuid: read["intro_person"]?.uuid ?? null,
    source_date: read["source_date"],
    intro_date: read["intro_date"],
    close_date: read["close_date"],
    type_uuid: read["type"].uuid,
    stage_uuid: read["stage"].uuid,
    custom_fields: Object.fromEntries(read["custom_fields"].map((field: { uuid: string; value: unknown }) => [field.uuid, field.value])),
  };
}

describe("an opportunity written back as read", () => {
  it("is taken with choices since removed from its select fields; a removed choice set anew is a 400", async () => {
    const type = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal" } })).body!;
    const stage = (await call(`/v1/opportunity-types/${type["uuid"]}/stages`, { method: "POST", body: { name: "Lead" } })).body!;
    const define = async (body: Record<string, unknown>) => (await call("/v1/opportunity-custom-fields", { method: "POST", body })).body!;
    const vehicle = await define({ key: "vehicle", name: "Vehicle", type: "single_select", choices: ["Fund I", "Fund II"] });
    const sectors = await define({ key: "sectors", name: "Sectors", type: "multi_select", choices: ["AI", "Bio", "Fintech"] });
    for (const [key, type_] of [["memo", "text"], ["amount", "number"], ["signed", "date"], ["lead", "boolean"]]) await define({ key, name: key, type: type_ });
    const opportunity = await call("/v1/opportunities", {
      method: "POST",
      body: {
        name: "Series A",
        type_uuid: type["uuid"],
        stage_uuid: stage["uuid"],
        details: "  two\n  lines\n",
        value: 2_500_000,
        probability: 33.5,
        owner_user_uuid: acme.member.uuid,
        close_date: "2027-03-31",
        custom_fields: { vehicle: "Fund I", sectors: ["Fintech", "AI"], memo: " a\r\n\tb ", amount: -0.25, signed: "2028-02-29", lead: false },
      },
    });
    expect(opportunity.status, JSON.stringify(opportunity.body)).toBe(201);
    const path = `/v1/opportunities/${opportunity.body!["uuid"]}`;

    await call(`/v1/opportunity-custom-fields/${vehicle["uuid"]}`, { method: "PATCH", body: { choices: ["Fund II"] } });
    await call(`/v1/opportunity-custom-fields/${sectors["uuid"]}`, { method: "PATCH", body: { choices: ["AI", "Bio"] } });

    const read = (await call(path)).body!;
    const written = await call(path, { method: "PATCH", body: asWritten(read) });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(asWritten(written.body!)).toEqual(asWritten(read));
    // A removed choice the opportunity holds stays beside current ones; one it does not hold is refused.
    const added = await call(path, { method: "PATCH", body: { custom_fields: { sectors: ["Fintech", "Bio"] } } });
    expect(added.body!["custom_fields"]).toContainEqual(expect.objectContaining({ key: "sectors", value: ["Fintech", "Bio"] }));

    const other = await call("/v1/opportunities", { method: "POST", body: { name: "Seed", type_uuid: type["uuid"], stage_uuid: stage["uuid"] } });
    const otherPath = `/v1/opportunities/${other.body!["uuid"]}`;
    expect(await call(otherPath, { method: "PATCH", body: { custom_fields: { vehicle: "Fund I" } } })).toEqual({
      status: 400,
      body: { error: `custom field 'vehicle' (single_select) needs one of ["Fund II"], got "Fund I"` },
    });
    expect((await call(otherPath, { method: "PATCH", body: { custom_fields: { sectors: ["Fintech"] } } })).status).toBe(400);
    expect((await call(path, { method: "PATCH", body: { custom_fields: { vehicle: "Fund II" } } })).status).toBe(200);
    expect((await call(path, { method: "PATCH", body: { custom_fields: { vehicle: "Fund I" } } })).status).toBe(400);
  });

  it("is taken with an owner since deactivated, who is refused as a new owner", async () => {
    const type = (await call("/v1/opportunity-types", { method: "POST", body: { label: "Deal" } })).body!;
    const stage = (await call(`/v1/opportunity-types/${type["uuid"]}/stages`, { method: "POST", body: { name: "Lead" } })).body!;
    const create = (owner: string | null) =>
      call("/v1/opportunities", { method: "POST", body: { name: "Seed", type_uuid: type["uuid"], stage_uuid: stage["uuid"], owner_user_uuid: owner } });
    const owned = (await create(acme.member.uuid)).body!;
    const unowned = (await create(null)).body!;
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid);

    const read = (await call(`/v1/opportunities/${owned["uuid"]}`)).body!;
    const written = await call(`/v1/opportunities/${owned["uuid"]}`, { method: "PATCH", body: asWritten(read) });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body!["owner"]).toMatchObject({ uuid: acme.member.uuid, type: "USER" });
    const given = await call(`/v1/opportunities/${unowned["uuid"]}`, { method: "PATCH", body: { owner_user_uuid: acme.member.uuid } });
    expect(given.status).toBe(400);
    expect(given.body!["error"]).toMatch(/is not an active user/);
  });
});
