/**
 * A merged-away person named in a request body (a list member, a link, a note's person, a participant, an intro
 * person, an opportunity's owner or a task's assignee) is refused as before, and the refusal names the person it was
 * merged into, as its own 404s do. Another tenant's merged-away person stays a plain "not found".
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildPipeline } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

/** Two persons of the tenant, the second merged into the first through the API. */
async function mergedPair(tenant: TestTenant) {
  const { store } = context.services;
  const canonical = await store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: "Jordan Blake", emails: ["jordan@globex.example"] });
  const superseded = await store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: "J. Blake", emails: ["jblake@initech.example"] });
  const merged = await context.json(`/v1/persons/${canonical.uuid}/merge`, { key: tenant.key, method: "POST", body: { superseded_person_uuid: superseded.uuid } });
  expect(merged.status).toBe(200);
  return { canonical: canonical.uuid, superseded: superseded.uuid };
}

/** Every body that names one person, each with the endpoint's own refusal status. */
async function refusalsNaming(personUuid: string, tenant: TestTenant) {
  const { store } = context.services;
  const key = tenant.key;
  const list = await context.json("/v1/lists", { key, method: "POST", body: { name: "Targets", kind: "persons" } });
  const pipeline = await buildPipeline(context.services, tenant);
  const deal = { name: "Series A", type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid };
  const opportunity = await store.opportunities.create({ tenant_uuid: tenant.tenant.uuid, ...deal }, { user_uuid: null });
  const task = (await context.json("/v1/tasks", { key, method: "POST", body: { title: "Follow up" } })).body!;
  const link = { entity_type: "PERSON", entity_uuid: personUuid };
  const post = (path: string, body: unknown) => context.json(path, { key, method: "POST", body });
  return {
    listMember: await post(`/v1/lists/${list.body!.uuid}/entities`, { entity_type: "PERSON", entity_uuids: [personUuid] }),
    opportunityLink: await post(`/v1/opportunities/${opportunity.uuid}/associations`, link),
    noteWithLink: await post("/v1/notes", { content: "Met at the summit", associations: [link] }),
    notesBatch: await post("/v1/notes/batch", { items: [{ person_uuid: personUuid, content: "Imported" }] }),
    meetingAttendee: await post("/v1/meetings", { title: "Intro", starts_at: "2026-11-20T10:00:00Z", attendees: [{ person_uuid: personUuid }, "ada@acme.example"] }),
    emailSender: await post("/v1/emails/batch", { messages: [{ message_id: "<m1@example.com>", sent_at: "2026-11-20T10:00:00Z", from: { person_uuid: personUuid }, to: ["ada@acme.example"] }] }),
    introPerson: await post("/v1/opportunities", { ...deal, name: "Series B", intro_person_uuid: personUuid }),
    opportunityWithLink: await post("/v1/opportunities", { ...deal, name: "Series C", associations: [link] }),
    opportunityOwner: await post("/v1/opportunities", { ...deal, name: "Series D", owner_user_uuid: personUuid }),
    opportunityNewOwner: await context.json(`/v1/opportunities/${opportunity.uuid}`, { key, method: "PATCH", body: { owner_user_uuid: personUuid } }),
    taskAssignee: await post("/v1/tasks", { title: "Call back", assignee_user_uuid: personUuid }),
    taskNewAssignee: await context.json(`/v1/tasks/${task.uuid}`, { key, method: "PATCH", body: { assignee_user_uuid: personUuid } }),
  };
}

describe("a merged-away person named in a body", () => {
  it("is refused with a message naming the person it was merged into, wherever it is named", async () => {
    const { canonical, superseded } = await mergedPair(acme);
    const refusals = await refusalsNaming(superseded, acme);
    expect(Object.keys(refusals)).toHaveLength(12);
    for (const [where, refusal] of Object.entries(refusals)) {
      const text = JSON.stringify(refusal.body);
      expect(text, where).toContain(superseded);
      expect(text, where).toContain(`merged into person ${canonical}`);
    }
    expect(refusals.listMember.status).toBe(404);
    expect(refusals.opportunityLink).toEqual({ status: 404, body: { error: `PERSON ${superseded} not found: it was merged into person ${canonical}` } });
    expect(refusals.noteWithLink).toEqual({ status: 400, body: { error: `associations: PERSON ${superseded} not found: it was merged into person ${canonical}` } });
    expect(refusals.notesBatch.body!.results[0]).toMatchObject({ status: "ERROR", error: `person ${superseded} not found: it was merged into person ${canonical}` });
    expect(refusals.meetingAttendee.status).toBe(400);
    expect(refusals.emailSender.status).toBe(200);
    expect(refusals.introPerson.status).toBe(400);
    expect(refusals.opportunityWithLink.status).toBe(400);
    const owner = `owner ${superseded} is not an active user of this tenant (a user UUID or a user's person UUID): it was merged into person ${canonical}`;
    expect(refusals.opportunityOwner).toEqual({ status: 400, body: { error: owner } });
    expect(refusals.opportunityNewOwner).toEqual({ status: 400, body: { error: owner } });
    const assignee = `assignee ${superseded} is not an active user of this tenant: it was merged into person ${canonical}`;
    expect(refusals.taskAssignee).toEqual({ status: 400, body: { error: assignee } });
    expect(refusals.taskNewAssignee).toEqual({ status: 400, body: { error: assignee } });
  });

  it("says only 'not found' for another tenant's merged-away person", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const { superseded } = await mergedPair(other);
    const refusals = await refusalsNaming(superseded, acme);
    for (const [where, refusal] of Object.entries(refusals)) {
      const text = JSON.stringify(refusal.body);
      expect(text, where).toContain(superseded);
      expect(text, where).not.toContain("merged");
    }
  });
});
