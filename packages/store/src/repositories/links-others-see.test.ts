/**
 * A link to a PERSONAL task is its creator's alone: made (with the task or afterwards), removed, or gone with the
 * task's deletion, it leaves the `updated_at` of the opportunity and the note on its other side, which every other
 * user reads, and moves the task's own. A WORKSPACE task's links move both sides, as every link does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-links-others-see-"));
let store: Store;
let clock = Date.UTC(2026, 10, 1);
let tenantUuid: string;
let creator: { user_uuid: string };
let dealUuid: string;
let noteUuid: string;

beforeAll(async () => {
  store = await createSqliteStore({ path: join(folder, "links.db"), now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const user = await store.users.create({ tenant_uuid: tenantUuid, name: "Mike", email: "mike@acme.example", role: "member" });
  creator = { user_uuid: user.uuid };
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  dealUuid = (await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Series A", type_uuid: type.uuid, stage_uuid: stage.uuid }, { user_uuid: null })).uuid;
  noteUuid = (await store.notes.create({ tenant_uuid: tenantUuid, content: "Call back" }, { user_uuid: null })).uuid;
});
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The opportunity's and the note's `updated_at`, as every user reads them. */
async function sharedStamps(): Promise<[number, number]> {
  const deal = await store.opportunities.get(tenantUuid, dealUuid, { user_uuid: null });
  const note = await store.notes.get(tenantUuid, noteUuid, { user_uuid: null });
  return [deal!.updated_at, note!.updated_at];
}

const toBoth = [
  { entity_type: "OPPORTUNITY" as const, entity_uuid: "" },
  { entity_type: "NOTE" as const, entity_uuid: "" },
];
const links = () => toBoth.map((link) => ({ ...link, entity_uuid: link.entity_type === "OPPORTUNITY" ? dealUuid : noteUuid }));

describe.each(["PERSONAL", "WORKSPACE"] as const)("a %s task's links", (scope) => {
  const moves = scope === "WORKSPACE";

  it(`${moves ? "move" : "leave"} the linked opportunity's and note's updated_at when made with the task, and move the task's`, async () => {
    const before = await sharedStamps();
    clock += 60_000;
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Follow up", scope, created_by_user_uuid: creator.user_uuid, associations: links() }, creator);
    expect(await sharedStamps()).toEqual(moves ? [clock, clock] : before);
    expect(task.updated_at).toBe(clock);
  });

  it(`${moves ? "move" : "leave"} them when made and removed afterwards, and move the task's`, async () => {
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Follow up", scope, created_by_user_uuid: creator.user_uuid }, creator);
    const before = await sharedStamps();
    clock += 60_000;
    const { link } = await store.associations.link(tenantUuid, { type: "TASK", uuid: task.uuid }, { type: "OPPORTUNITY", uuid: dealUuid }, creator);
    await store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: dealUuid }, { type: "TASK", uuid: task.uuid }, creator);
    await store.associations.link(tenantUuid, { type: "NOTE", uuid: noteUuid }, { type: "TASK", uuid: task.uuid }, creator);
    expect(await sharedStamps()).toEqual(moves ? [clock, clock] : before);
    clock += 60_000;
    expect(await store.associations.unlink(tenantUuid, "TASK", task.uuid, link.uuid, creator)).toBe(true);
    expect(await sharedStamps()).toEqual(moves ? [clock, clock - 60_000] : before);
    expect((await store.tasks.get(tenantUuid, task.uuid, creator))!.updated_at).toBe(clock);
  });

  it(`${moves ? "move" : "leave"} them when they go with the task's deletion`, async () => {
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Follow up", scope, created_by_user_uuid: creator.user_uuid, associations: links() }, creator);
    const before = await sharedStamps();
    clock += 60_000;
    await store.tasks.delete(tenantUuid, task.uuid, creator);
    expect(await sharedStamps()).toEqual(moves ? [clock, clock] : before);
  });
});
