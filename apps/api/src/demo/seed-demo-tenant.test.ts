import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TENANT_UUID, demoUuid } from "./demo-ids.js";
import { DEMO_MEETINGS, DEMO_PERSONS } from "./demo-tenant-data.js";
import { hashApiKey } from "../platform/auth/api-key-secret.js";
import { issueDemoKeys, seedDemoTenant } from "./seed-demo-tenant.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-demo-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("seedDemoTenant", () => {
  it("creates the same records with the same UUIDs on every machine, once", async () => {
    const path = join(folder, "demo.db");
    const first = await seedDemoTenant(path);
    expect(first.created).toBe(true);
    expect(first.tenant_uuid).toBe("ecb70ba2-5c7e-40ce-aaca-a5e77a0e8004");
    expect(first.users[0]).toMatchObject({ uuid: demoUuid("user-avery"), role: "administrator" });
    const second = await seedDemoTenant(path);
    expect(second).toEqual({ ...first, created: false });

    const store = await createSqliteStore({ path });
    const jordan = await store.persons.get(DEMO_TENANT_UUID, demoUuid("person-jordan"));
    expect(jordan).toMatchObject({ name: "Jordan Blake", primary_company_uuid: demoUuid("company-northwind") });
    const avery = await store.users.get(DEMO_TENANT_UUID, demoUuid("user-avery"));
    expect(avery?.person_uuid).toBe(demoUuid("user-avery-person"));
    const page = await store.persons.list(DEMO_TENANT_UUID, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 });
    expect(page.total).toBe(DEMO_PERSONS.length + 3);
    // Jordan: four emails and three confirmed meetings (one of them upcoming).
    const timeline = await store.interactions.timeline(DEMO_TENANT_UUID, [demoUuid("person-jordan")], { position: { kind: "offset", offset: 0 }, limit: 50 });
    expect(timeline.rows.map((row) => row.kind).sort()).toEqual(["email", "email", "email", "email", "meeting", "meeting", "meeting"]);
    const deal = await store.opportunities.get(DEMO_TENANT_UUID, demoUuid("deal-northwind"), { user_uuid: null });
    expect(deal).toMatchObject({ name: "Northwind Robotics Series A", value: 4_000_000, stage: { name: "Diligence" } });
    expect(deal?.associations.filter((link) => link.entity_type !== "NOTE").map((link) => link.entity_uuid).sort()).toEqual(
      [demoUuid("person-jordan"), demoUuid("person-sam"), demoUuid("company-northwind")].sort(),
    );
    // Each meeting is on its organizer's calendar: organized and created by an internal user, so that a member's key
    // changes its own meetings and not its colleagues' (the member rule).
    const meetings = await store.meetings.list(DEMO_TENANT_UUID, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 50 });
    expect(meetings.rows.map(({ title, organizer_person_uuid, created_by_user_uuid }) => ({ title, organizer_person_uuid, created_by_user_uuid })).sort((a, b) => a.title.localeCompare(b.title))).toEqual(
      DEMO_MEETINGS.map(({ title, organizer }) => ({ title, organizer_person_uuid: demoUuid(`${organizer}-person`), created_by_user_uuid: demoUuid(organizer) })).sort((a, b) => a.title.localeCompare(b.title)),
    );
    const founders = await store.entityLists.get(DEMO_TENANT_UUID, demoUuid("list-founders"));
    expect(founders).toMatchObject({ name: "Founders to meet", kind: "persons", owner_user_uuid: demoUuid("user-avery"), member_count: 3 });
    await store.close();
  });

  it("issues fresh demo keys and revokes the previous ones", async () => {
    const path = join(folder, "keys.db");
    await seedDemoTenant(path);
    const store = await createSqliteStore({ path });
    const first = await issueDemoKeys(store);
    const second = await issueDemoKeys(store);
    expect(second.tenant_key).not.toBe(first.tenant_key);
    const keys = await store.apiKeys.list(DEMO_TENANT_UUID);
    expect(keys.filter((key) => key.revoked_at === null)).toHaveLength(4);
    expect(keys.filter((key) => key.revoked_at !== null)).toHaveLength(4);
    // One of the live keys is the read-only one, tenant-wide.
    expect((await store.apiKeys.findActiveByHash(hashApiKey(second.read_only_key)))?.key).toMatchObject({ read_only: true, user_uuid: null });
    expect((await store.apiKeys.findActiveByHash(hashApiKey(second.tenant_key)))?.key.read_only).toBe(false);
    await store.close();
  });
});

describe("the README's demo examples", () => {
  it("name records that the demo tenant really has", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../../../README.md", import.meta.url)), "utf8");
    expect(readme).toContain(`/v1/persons/${demoUuid("person-jordan")}`);
    expect(readme).toContain(`x-service-user-id: ${demoUuid("user-avery")}`);
    expect(readme).toContain(`/v1/lists/${demoUuid("list-founders")}/entities`);
    expect(readme).toContain(`/v1/companies/${demoUuid("company-globex")}/ai-summary`);
  });
});
