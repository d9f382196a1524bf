import { describe, expect, it } from "vitest";
import { useFreshStore } from "../testing/fresh-store.js";
import { planOnMigratedSchema, readDuring } from "../testing/sqlite-plans.js";

const fresh = useFreshStore();

describe("records.resolveUsers", () => {
  it("maps users' uuids and their persons' uuids to the users, of the tenant only, and nothing else", async () => {
    const { store, tenantUuid } = fresh;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const bob = await store.users.create({ tenant_uuid: tenantUuid, name: "Bob", email: "bob@acme.example", role: "member" });
    const contact = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cy", emails: ["cy@globex.example"] });
    const other = await store.tenants.create({ name: "Globex", tier: "standard" });
    const eve = await store.users.create({ tenant_uuid: other.uuid, name: "Eve", email: "eve@globex.example", role: "member" });
    const resolved = await store.records.resolveUsers(tenantUuid, [ada.uuid, bob.person_uuid, contact.uuid, eve.uuid, eve.person_uuid, ada.person_uuid]);
    expect(resolved).toEqual(
      new Map([
        [ada.uuid, ada.uuid],
        [bob.person_uuid, bob.uuid],
        [ada.person_uuid, ada.uuid],
      ]),
    );
    expect(await store.records.resolveUsers(tenantUuid, [])).toEqual(new Map());
  });

  it("seeks the users by uuid and by person, reading no other user of the tenant", async () => {
    const { store, tenantUuid } = fresh;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const sources = await readDuring(() => store.records.resolveUsers(tenantUuid, [ada.uuid, ada.person_uuid]));
    const statement = sources.find((source) => /from "users"/.test(source) && /"person_uuid" in/.test(source));
    expect(statement).toBeDefined();
    const plan = await planOnMigratedSchema(statement!);
    expect(plan).toContain("SEARCH users USING INDEX users_by_person (person_uuid=? AND tenant_uuid=?)");
    expect(plan).toMatch(/SEARCH users USING INDEX sqlite_autoindex_users_\d \(uuid=\?\)/);
    expect(plan).not.toContain("users_tenant_email");
  });
});
