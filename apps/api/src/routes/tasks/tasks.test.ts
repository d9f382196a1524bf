/** Tasks: scopes and visibility, updates, and soft deletion per the spec's States table. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "@rapport/store";
import { apiCaller } from "../../testing/api-call.js";
import { buildOpportunity, buildPipeline } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let zoe: User;
let call: ReturnType<typeof apiCaller>;
const MISSING = "00000000-0000-4000-8000-000000000000";

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  zoe = await context.services.store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Zoe", email: "zoe@acme.example", role: "member" });
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

const asZoe = () => ({ key: acme.key, userUuid: zoe.uuid });
const ids = (items: Array<{ uuid: string }>) => items.map((item) => item.uuid);

describe("tasks", () => {
  it("creates WORKSPACE and PERSONAL tasks; a PERSONAL task exists for its creator only", async () => {
    const workspace = await call("/v1/tasks", {
      method: "POST",
      key: acme.memberKey,
      body: { title: "Prepare the IC memo", due_date: "2026-12-01", assignee_user_uuid: zoe.person_uuid },
    });
    expect(workspace.status).toBe(201);
    expect(workspace.body).toMatchObject({
      title: "Prepare the IC memo",
      status: "OPEN",
      scope: "WORKSPACE",
      due_date: "2026-12-01",
      assignee: { uuid: zoe.uuid, name: "Zoe", type: "USER" },
      created_by: { uuid: acme.member.uuid },
    });
    context.clock.advance(1);
    const personal = (await call("/v1/tasks", { method: "POST", key: acme.memberKey, body: { title: "Private reminder", scope: "PERSONAL" } })).body;

    expect(ids((await call("/v1/tasks", { key: acme.memberKey })).body.items)).toEqual([workspace.body.uuid, personal.uuid]);
    for (const viewer of [{ key: acme.adminKey }, { key: acme.key }, asZoe()]) {
      expect(ids((await call("/v1/tasks", viewer)).body.items)).toEqual([workspace.body.uuid]);
      expect((await call(`/v1/tasks/${personal.uuid}`, viewer)).status).toBe(404);
    }
    expect((await call(`/v1/tasks/${personal.uuid}`, { key: acme.memberKey })).body.title).toBe("Private reminder");
    expect(ids((await call("/v1/tasks?scope=PERSONAL", { key: acme.memberKey })).body.items)).toEqual([personal.uuid]);
    expect(ids((await call(`/v1/tasks?assignee_user_uuid=${zoe.uuid}`, { key: acme.memberKey })).body.items)).toEqual([workspace.body.uuid]);
  });

  it("answers 400 for a PERSONAL task without a user context or assigned to someone else, and for bad fields", async () => {
    const noUser = await call("/v1/tasks", { method: "POST", body: { title: "x", scope: "PERSONAL" } });
    expect(noUser.status).toBe(400);
    expect(noUser.body.error).toMatch(/PERSONAL task needs a user context/);
    const assigned = await call("/v1/tasks", { method: "POST", key: acme.memberKey, body: { title: "x", scope: "PERSONAL", assignee_user_uuid: zoe.uuid } });
    expect(assigned.status).toBe(400);
    expect(assigned.body.error).toMatch(/assigned to its creator or to nobody/);
    expect((await call("/v1/tasks", { method: "POST", body: { title: "x", assignee_user_uuid: MISSING } })).body.error).toMatch(/not an active user/);
    expect((await call("/v1/tasks", { method: "POST", body: { title: "x", status: "WAITING" } })).status).toBe(400);
    expect((await call("/v1/tasks", { method: "POST", body: { title: "x", due_date: "tomorrow" } })).status).toBe(400);
    expect((await call("/v1/tasks?status=OPEN,LATER")).status).toBe(400);
    expect((await call("/v1/tasks")).body.total).toBe(0);
  });

  it("updates status, due date and assignee; any member changes WORKSPACE tasks, only the creator PERSONAL ones", async () => {
    const task = (await call("/v1/tasks", { method: "POST", key: acme.memberKey, body: { title: "Call Ada", due_date: "2026-12-01" } })).body;
    const done = await call(`/v1/tasks/${task.uuid}`, { ...asZoe(), method: "PATCH", body: { status: "DONE", due_date: null, assignee_user_uuid: zoe.uuid } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "DONE", due_date: null, assignee: { uuid: zoe.uuid }, title: "Call Ada" });
    expect(ids((await call("/v1/tasks?status=DONE,CANCELLED")).body.items)).toEqual([task.uuid]);
    expect((await call("/v1/tasks?status=OPEN")).body.items).toEqual([]);

    const personal = (await call("/v1/tasks", { method: "POST", key: acme.memberKey, body: { title: "Mine", scope: "PERSONAL" } })).body;
    expect((await call(`/v1/tasks/${personal.uuid}`, { key: acme.adminKey, method: "PATCH", body: { status: "DONE" } })).status).toBe(404);
    expect((await call(`/v1/tasks/${personal.uuid}`, { key: acme.memberKey, method: "PATCH", body: { status: "IN_PROGRESS" } })).body.status).toBe("IN_PROGRESS");
    const reassigned = await call(`/v1/tasks/${personal.uuid}`, { key: acme.memberKey, method: "PATCH", body: { assignee_user_uuid: zoe.uuid } });
    expect(reassigned.status).toBe(400);
  });
});

describe("a task's description", () => {
  it("is stored as null when blank and as written otherwise, on create and update", async () => {
    const blank = await call("/v1/tasks", { method: "POST", body: { title: "Call Ada", description: " \n " } });
    expect(blank.status).toBe(201);
    expect(blank.body.description).toBeNull();
    expect((await call(`/v1/tasks/${blank.body.uuid}`)).body.description).toBeNull();

    const written = await call(`/v1/tasks/${blank.body.uuid}`, { method: "PATCH", body: { description: "  1. dial\n" } });
    expect(written.body.description).toBe("  1. dial\n");
    const cleared = await call(`/v1/tasks/${blank.body.uuid}`, { method: "PATCH", body: { description: "" } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.description).toBeNull();
    expect((await call(`/v1/tasks/${blank.body.uuid}`)).body.description).toBeNull();
  });
});

describe("DELETE /v1/tasks/{task_id}", () => {
  it("soft-deletes: 204 with no body, then 404 and never listed, and its associations are gone", async () => {
    const pipeline = await buildPipeline(context.services, acme);
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const task = (await call("/v1/tasks", { method: "POST", key: acme.memberKey, body: { title: "Follow up", associations: [{ entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }] } })).body;
    expect((await call(`/v1/opportunities/${deal.uuid}/associations`)).body.total).toBe(1);

    // WORKSPACE: any member may delete it, not only the creator.
    const response = await context.request(`/v1/tasks/${task.uuid}`, { key: acme.key, userUuid: zoe.uuid, method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await call(`/v1/tasks/${task.uuid}`)).status).toBe(404);
    expect((await call(`/v1/tasks/${task.uuid}`, { method: "PATCH", body: { status: "DONE" } })).status).toBe(404);
    expect((await call(`/v1/tasks/${task.uuid}`, { method: "DELETE" })).status).toBe(404);
    expect((await call("/v1/tasks")).body.items).toEqual([]);
    expect((await call(`/v1/tasks?entity_type=OPPORTUNITY&entity_uuid=${deal.uuid}`)).body.items).toEqual([]);
    expect((await call(`/v1/opportunities/${deal.uuid}/associations`)).body.total).toBe(0);
  });

  it("lets only the creator delete a PERSONAL task; for anyone else it is 404, as if missing", async () => {
    const personal = (await call("/v1/tasks", { method: "POST", key: acme.memberKey, body: { title: "Private", scope: "PERSONAL" } })).body;
    for (const other of [{ key: acme.adminKey }, { key: acme.key }, asZoe()]) {
      const answer = await call(`/v1/tasks/${personal.uuid}`, { ...other, method: "DELETE" });
      expect(answer.status).toBe(404);
      // Exactly the answer for a task that does not exist.
      expect(answer.body.error).toBe(`task ${personal.uuid} not found`);
    }
    expect((await call(`/v1/tasks/${MISSING}`, { method: "DELETE" })).body.error).toBe(`task ${MISSING} not found`);
    expect((await call(`/v1/tasks/${personal.uuid}`, { key: acme.memberKey })).status).toBe(200);
    expect((await call(`/v1/tasks/${personal.uuid}`, { key: acme.memberKey, method: "DELETE" })).status).toBe(204);
    expect((await call(`/v1/tasks/${personal.uuid}`, { key: acme.memberKey })).status).toBe(404);
    expect((await call("/v1/tasks", { key: acme.memberKey })).body.items).toEqual([]);
  });

  it("answers 404 for another tenant's task", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = (await call("/v1/tasks", { key: other.key, method: "POST", body: { title: "Their task" } })).body;
    expect((await call(`/v1/tasks/${theirs.uuid}`, { method: "DELETE" })).status).toBe(404);
    expect((await call(`/v1/tasks/${theirs.uuid}`)).status).toBe(404);
    expect((await call(`/v1/tasks/${theirs.uuid}`, { key: other.key })).status).toBe(200);
  });
});
