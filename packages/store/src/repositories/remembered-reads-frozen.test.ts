/** What the store remembers is shared by every later caller: users, user pages and opportunity-link signals come back frozen. */
import { describe, expect, it } from "vitest";
import { useFreshStore } from "../testing/fresh-store.js";

const fresh = useFreshStore();

describe("remembered reads", () => {
  it("hand out a user and a page of users frozen, so no caller changes what the next one reads", async () => {
    const { store, tenantUuid } = fresh;
    const created = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "administrator" });
    const user = (await store.users.get(tenantUuid, created.uuid))!;
    expect(() => {
      (user as { role: string }).role = "member";
    }).toThrow(TypeError);
    expect((await store.users.get(tenantUuid, created.uuid))!.role).toBe("administrator");

    const page = await store.users.list(tenantUuid, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(() => page.rows.push(page.rows[0]!)).toThrow(TypeError);
    expect(() => {
      (page.rows[0] as { name: string }).name = "Changed";
    }).toThrow(TypeError);
    expect((await store.users.list(tenantUuid, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 })).rows.map((row) => row.name)).toEqual(["Ada"]);
  });

  it("hand out opportunity-link signals frozen", async () => {
    const { store, tenantUuid } = fresh;
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const person = await store.persons.create({ tenant_uuid: tenantUuid, name: "Grace" });
    await store.opportunities.create(
      { tenant_uuid: tenantUuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: person.uuid }] },
      { user_uuid: null },
    );
    const first = (await store.associations.recentOpportunitiesOf(tenantUuid, "PERSON", [person.uuid], 3)).get(person.uuid)!;
    expect(() => first.recent.push("made up")).toThrow(TypeError);
    expect(() => {
      (first as { total: number }).total = 42;
    }).toThrow(TypeError);
    expect((await store.associations.recentOpportunitiesOf(tenantUuid, "PERSON", [person.uuid], 3)).get(person.uuid)).toMatchObject({ total: 1, recent: [expect.any(String)] });
  });
});
