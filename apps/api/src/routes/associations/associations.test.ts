/** The three association endpoints: allowed types, idempotency in both directions, 404s, roles, removal and pinning. */
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { buildOpportunity, buildPipeline, companyLink, personLink, type Pipeline } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let pipeline: Pipeline;
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
  pipeline = await buildPipeline(context.services, acme);
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

const person = (name = "Ada Lovelace") => context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name });
const company = (name = "Globex") => context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: name });

describe("POST /v1/opportunities/{uuid}/associations", () => {
  it("links every entity type, returns the existing association for a duplicate from either side, and fills persons and companies", async () => {
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const other = await buildOpportunity(context.services, acme, pipeline, { name: "Related deal" });
    const ada = await person();
    const globex = await company();
    const path = `/v1/opportunities/${deal.uuid}/associations`;

    const first = await call(path, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid, context: "champion" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ entity_type: "PERSON", entity_uuid: ada.uuid, context: "champion", association_type: "OPPORTUNITY_TO_PERSON" });
    const again = await call(path, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid, context: "changed" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    context.clock.advance(1);
    expect((await call(path, { method: "POST", body: { entity_type: "COMPANY", entity_uuid: globex.uuid } })).status).toBe(201);
    context.clock.advance(1);
    const linked = await call(path, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: other.uuid } });
    expect(linked.status).toBe(201);
    // The same link seen from the other opportunity is a duplicate too.
    const reverse = await call(`/v1/opportunities/${other.uuid}/associations`, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid } });
    expect(reverse.status).toBe(200);
    expect(reverse.body).toMatchObject({ uuid: linked.body.uuid, entity_type: "OPPORTUNITY", entity_uuid: deal.uuid });

    // A note linked from the note's side is the same link as one made from the opportunity's side.
    context.clock.advance(1);
    const note = (await call("/v1/notes", { method: "POST", body: { content: "Intro call", associations: [{ entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }] } })).body;
    const noteFromDeal = await call(path, { method: "POST", body: { entity_type: "NOTE", entity_uuid: note.uuid } });
    expect(noteFromDeal.status).toBe(200);
    expect(noteFromDeal.body.association_type).toBe("NOTE_TO_OPPORTUNITY");

    context.clock.advance(1);
    const task = (await call("/v1/tasks", { method: "POST", body: { title: "Follow up" } })).body;
    expect((await call(path, { method: "POST", body: { entity_type: "TASK", entity_uuid: task.uuid } })).status).toBe(201);

    const listed = await call(path);
    expect(listed.body.total).toBe(5);
    expect(listed.body.items.map((item: { entity_type: string }) => item.entity_type)).toEqual(["PERSON", "COMPANY", "OPPORTUNITY", "NOTE", "TASK"]);
    expect(listed.body.items[0].person).toMatchObject({ uuid: ada.uuid, name: "Ada Lovelace", type: "PERSON" });
    expect(listed.body.items[1].company).toMatchObject({ uuid: globex.uuid, name: "Globex", type: "COMPANY" });
    const detail = await call(`/v1/opportunities/${deal.uuid}`);
    expect(detail.body.notes_and_files_count).toBe(1);
    expect(detail.body.search_string).toBe("Deal Ada Lovelace Globex");
    expect((await call(`/v1/opportunities/${other.uuid}/associations`)).body.items).toEqual([
      expect.objectContaining({ uuid: linked.body.uuid, entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }),
    ]);
  });

  it("answers 404 for a missing opportunity or target, 400 for a self-link or bad type, 403 for a member who does not own it", async () => {
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const path = `/v1/opportunities/${deal.uuid}/associations`;
    const missingTarget = await call(path, { method: "POST", body: { entity_type: "COMPANY", entity_uuid: MISSING } });
    expect(missingTarget.status).toBe(404);
    expect(missingTarget.body.error).toMatch(/COMPANY .* not found/);
    const ada = await person();
    const missingOwner = await call(`/v1/opportunities/${MISSING}/associations`, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid } });
    expect(missingOwner.status).toBe(404);
    expect((await call(path, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid } })).status).toBe(400);
    expect((await call(path, { method: "POST", body: { entity_type: "person", entity_uuid: ada.uuid } })).status).toBe(400);
    // A person named as a company is a missing company.
    expect((await call(path, { method: "POST", body: { entity_type: "COMPANY", entity_uuid: ada.uuid } })).status).toBe(404);
    const member = await call(path, { key: acme.memberKey, method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid } });
    expect(member.status).toBe(403);

    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Their person" });
    expect((await call(path, { method: "POST", body: { entity_type: "PERSON", entity_uuid: theirs.uuid } })).status).toBe(404);
    expect((await call(path, { key: other.key, method: "POST", body: { entity_type: "PERSON", entity_uuid: theirs.uuid } })).status).toBe(404);
  });

  it("answers 404, linking nothing, for a note deleted while the link is being made, so notes_and_files_count does not count it", async () => {
    const raced = await buildOpportunity(context.services, acme, pipeline, { name: "Raced" });
    const other = await buildOpportunity(context.services, acme, pipeline, { name: "Other" });
    const { store } = context.services;
    const kept = (await call("/v1/notes", { method: "POST", body: { content: "kept" } })).body;
    await call(`/v1/opportunities/${other.uuid}/associations`, { method: "POST", body: { entity_type: "NOTE", entity_uuid: kept.uuid } });
    // The note goes after the route's checks and before the link is written.
    const link = store.associations.link.bind(store.associations);
    const linking = vi.spyOn(store.associations, "link").mockImplementation(async (tenantUuid, owner, target, viewer) => {
      await store.notes.delete(tenantUuid, target.uuid);
      return link(tenantUuid, owner, target, viewer);
    });
    for (const content of ["first", "second"]) {
      const note = (await call("/v1/notes", { method: "POST", body: { content } })).body;
      const refused = await call(`/v1/opportunities/${raced.uuid}/associations`, { method: "POST", body: { entity_type: "NOTE", entity_uuid: note.uuid } });
      expect(refused).toEqual({ status: 404, body: { error: `NOTE ${note.uuid} not found` } });
    }
    expect(linking).toHaveBeenCalledTimes(2);
    linking.mockRestore();
    const listed = await call("/v1/opportunities?sort_by=notes_and_files_count&order=desc");
    expect(listed.body.items.map((item: { name: string; notes_and_files_count: number }) => [item.name, item.notes_and_files_count])).toEqual([
      ["Other", 1],
      ["Raced", 0],
    ]);
  });

  it("leaves links to a note or file gone before links checked their sides out of notes_and_files_count, in the sort as in the count shown", async () => {
    const raced = await buildOpportunity(context.services, acme, pipeline, { name: "Raced" });
    const other = await buildOpportunity(context.services, acme, pipeline, { name: "Other" });
    const kept = (await call("/v1/notes", { method: "POST", body: { content: "kept" } })).body;
    await call(`/v1/opportunities/${other.uuid}/associations`, { method: "POST", body: { entity_type: "NOTE", entity_uuid: kept.uuid } });
    const linkedNote = (await call("/v1/notes", { method: "POST", body: { content: "linked from the deal" } })).body;
    await call(`/v1/opportunities/${raced.uuid}/associations`, { method: "POST", body: { entity_type: "NOTE", entity_uuid: linkedNote.uuid } });
    const linkingNote = (await call("/v1/notes", { method: "POST", body: { content: "linking the deal", associations: [{ entity_type: "OPPORTUNITY", entity_uuid: raced.uuid }] } })).body;
    const file = await context.services.store.files.create({ tenant_uuid: acme.tenant.uuid, filename: "deck.pdf", content_type: "application/pdf", content: new Uint8Array([1]) });
    await call(`/v1/opportunities/${raced.uuid}/associations`, { method: "POST", body: { entity_type: "FILE", entity_uuid: file.uuid } });
    // What the race left in a database written before the fix: the records gone, their link rows kept.
    const sqlite = new SqliteDatabase(context.databasePath);
    try {
      sqlite.prepare("update notes set deleted_at = 1 where uuid in (?, ?)").run(linkedNote.uuid, linkingNote.uuid);
      sqlite.prepare("delete from file_contents where file_uuid = ?").run(file.uuid);
      sqlite.prepare("delete from files where uuid = ?").run(file.uuid);
    } finally {
      sqlite.close();
    }
    for (const order of ["desc", "asc"]) {
      const listed = await call(`/v1/opportunities?sort_by=notes_and_files_count&order=${order}`);
      const counts = listed.body.items.map((item: { name: string; notes_and_files_count: number }) => [item.name, item.notes_and_files_count]);
      expect(counts).toEqual(order === "desc" ? [["Other", 1], ["Raced", 0]] : [["Raced", 0], ["Other", 1]]);
    }
  });

  it("tells a client that sent a kind in lower case to send it upper case, not that the kind is refused", async () => {
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const ada = await person();
    const lower = await call(`/v1/opportunities/${deal.uuid}/associations`, { method: "POST", body: { entity_type: "person", entity_uuid: ada.uuid } });
    expect(lower.status).toBe(400);
    expect(lower.body.error).toBe("body field 'entity_type': values are case-sensitive: send 'PERSON' for 'person'");
    // A kind the owner cannot link to keeps its own message, whatever its case.
    const note = (await call("/v1/notes", { method: "POST", body: { content: "x" } })).body;
    const noteToNote = await call(`/v1/notes/${note.uuid}/associations`, { method: "POST", body: { entity_type: "note", entity_uuid: note.uuid } });
    expect(noteToNote.body.error).toMatch(/a note cannot be associated with a note: entity_type must be one of PERSON, COMPANY, FILE, TASK, OPPORTUNITY/);
    // An unknown kind is repeated cut, and a blank one called so ("associated with a : ..." before).
    const long = await call(`/v1/notes/${note.uuid}/associations`, { method: "POST", body: { entity_type: "X".repeat(100_000), entity_uuid: ada.uuid } });
    expect(long.body.error).toBe(`body field 'entity_type': a note cannot be associated with a ${"X".repeat(60)}…: entity_type must be one of PERSON, COMPANY, FILE, TASK, OPPORTUNITY`);
    const blank = await call(`/v1/notes/${note.uuid}/associations`, { method: "POST", body: { entity_type: " ", entity_uuid: ada.uuid } });
    expect(blank.body.error).toBe("body field 'entity_type': a note cannot be associated with a blank entity_type: entity_type must be one of PERSON, COMPANY, FILE, TASK, OPPORTUNITY");
  });

  it("removes associations, refusing the last one the type's pinning requires", async () => {
    const pinned = await buildPipeline(context.services, acme, { label: "Pinned", pinning: { company_required: true } });
    const globex = await company("Globex");
    const initech = await company("Initech");
    const ada = await person();
    const deal = await buildOpportunity(context.services, acme, pinned, { name: "Pinned deal", associations: [companyLink(globex.uuid), personLink(ada.uuid)] });
    const items = (await call(`/v1/opportunities/${deal.uuid}/associations`)).body.items as Array<{ uuid: string; entity_uuid: string }>;
    const globexLink = items.find((item) => item.entity_uuid === globex.uuid)!;
    const adaLink = items.find((item) => item.entity_uuid === ada.uuid)!;

    const refused = await context.request(`/v1/opportunities/${deal.uuid}/associations/${globexLink.uuid}`, { key: acme.key, method: "DELETE" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/requires a COMPANY association/);
    expect((await call(`/v1/opportunities/${deal.uuid}/associations`)).body.total).toBe(2);

    await call(`/v1/opportunities/${deal.uuid}/associations`, { method: "POST", body: { entity_type: "COMPANY", entity_uuid: initech.uuid } });
    expect((await context.request(`/v1/opportunities/${deal.uuid}/associations/${globexLink.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    expect((await context.request(`/v1/opportunities/${deal.uuid}/associations/${adaLink.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    expect((await context.request(`/v1/opportunities/${deal.uuid}/associations/${adaLink.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(404);
    const remaining = (await call(`/v1/opportunities/${deal.uuid}/associations`)).body.items;
    expect(remaining.map((item: { entity_uuid: string }) => item.entity_uuid)).toEqual([initech.uuid]);

    // An association of another opportunity is not this one's to remove.
    const other = await buildOpportunity(context.services, acme, pipeline, { name: "Other", associations: [personLink(ada.uuid)] });
    const otherLink = (await call(`/v1/opportunities/${other.uuid}/associations`)).body.items[0];
    expect((await context.request(`/v1/opportunities/${deal.uuid}/associations/${otherLink.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(404);
  });

  it("removes a link of a kind the type does not pin, even when the opportunity lacks a kind pinned later", async () => {
    const globex = await company("Globex");
    const initech = await company("Initech");
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal", associations: [companyLink(globex.uuid), companyLink(initech.uuid)] });
    // An administrator pins persons after the deal was made without one.
    expect((await call(`/v1/opportunity-types/${pipeline.type.uuid}`, { method: "PATCH", body: { pinning_config: { person_required: true } } })).status).toBe(200);
    const globexLink = deal.associations.find((association) => association.entity_uuid === globex.uuid)!;
    const removed = await context.request(`/v1/opportunities/${deal.uuid}/associations/${globexLink.uuid}`, { key: acme.key, method: "DELETE" });
    expect(removed.status).toBe(204);
    const remaining = (await call(`/v1/opportunities/${deal.uuid}/associations`)).body.items;
    expect(remaining.map((item: { entity_uuid: string }) => item.entity_uuid)).toEqual([initech.uuid]);
  });
});

describe("POST /v1/notes/{uuid}/associations", () => {
  it("answers 201 for a new link and for a duplicate, with the same association", async () => {
    const note = (await call("/v1/notes", { method: "POST", body: { content: "Hello" }, key: acme.memberKey })).body;
    const ada = await person();
    const path = `/v1/notes/${note.uuid}/associations`;
    const first = await call(path, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid }, key: acme.memberKey });
    const second = await call(path, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid }, key: acme.memberKey });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.uuid).toBe(first.body.uuid);
    expect(first.body).toMatchObject({ entity_type: "PERSON", entity_uuid: ada.uuid, association_type: "NOTE_TO_PERSON" });
    expect((await call(path)).body.total).toBe(1);
    expect((await call(`/v1/notes/${note.uuid}`)).body.associations).toHaveLength(1);
  });

  it("documents only the kinds a note or task links to, and refuses another in a create's associations, writing nothing", async () => {
    const documented = (await call("/v1/openapi.json")).body as { paths: Record<string, any> };
    const linkSchema = documented.paths["/v1/notes/{note_uuid}/associations"].post.requestBody.content["application/json"].schema;
    expect(linkSchema.properties.entity_type.enum).toEqual(["PERSON", "COMPANY", "FILE", "TASK", "OPPORTUNITY"]);
    const createTask = documented.paths["/v1/tasks"].post.requestBody.content["application/json"].schema;
    expect(createTask.properties.associations.items.properties.entity_type.enum).toEqual(["PERSON", "COMPANY", "NOTE", "FILE", "OPPORTUNITY"]);
    const before = (await call("/v1/notes")).body.total;
    const noteToNote = await call("/v1/notes", { method: "POST", body: { content: "x", associations: [{ entity_type: "NOTE", entity_uuid: MISSING }] } });
    expect(noteToNote.status).toBe(400);
    expect(noteToNote.body.error).toBe(
      "body field 'associations.0.entity_type': a note cannot be associated with a NOTE: entity_type must be one of PERSON, COMPANY, FILE, TASK, OPPORTUNITY",
    );
    expect((await call("/v1/notes")).body.total).toBe(before);
    const taskToTask = await call("/v1/tasks", { method: "POST", body: { title: "x", associations: [{ entity_type: "TASK", entity_uuid: MISSING }] } });
    expect(taskToTask.status).toBe(400);
    expect(taskToTask.body.error).toMatch(/^body field 'associations\.0\.entity_type': a task cannot be associated with a TASK/);
  });

  it("refuses NOTE links (400), missing notes and targets (404), and non-owners (403)", async () => {
    const note = (await call("/v1/notes", { method: "POST", body: { content: "Mine" }, key: acme.memberKey })).body;
    const other = (await call("/v1/notes", { method: "POST", body: { content: "Other" } })).body;
    const path = `/v1/notes/${note.uuid}/associations`;
    const noteToNote = await call(path, { method: "POST", body: { entity_type: "NOTE", entity_uuid: other.uuid }, key: acme.memberKey });
    expect(noteToNote.status).toBe(400);
    expect(noteToNote.body.error).toMatch(/a note cannot be associated with a NOTE/);
    expect((await call(path, { method: "POST", body: { entity_type: "FILE", entity_uuid: MISSING }, key: acme.memberKey })).status).toBe(404);
    expect((await call(`/v1/notes/${MISSING}/associations`, { method: "POST", body: { entity_type: "FILE", entity_uuid: MISSING } })).status).toBe(404);
    const ada = await person();
    const notOwner = await call(`/v1/notes/${other.uuid}/associations`, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid }, key: acme.memberKey });
    expect(notOwner.status).toBe(403);
    const byAdmin = await call(path, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid }, key: acme.adminKey });
    expect(byAdmin.status).toBe(201);
    const removed = await context.request(`${path}/${byAdmin.body.uuid}`, { key: acme.memberKey, method: "DELETE" });
    expect(removed.status).toBe(204);
    expect((await call(path)).body.total).toBe(0);
  });
});

describe("POST /v1/tasks/{task_id}/associations", () => {
  it("links records idempotently and refuses TASK-to-TASK links", async () => {
    const task = (await call("/v1/tasks", { method: "POST", body: { title: "Call Ada" } })).body;
    const second = (await call("/v1/tasks", { method: "POST", body: { title: "Other" } })).body;
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const path = `/v1/tasks/${task.uuid}/associations`;
    const first = await call(path, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid } });
    const again = await call(path, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid } });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.uuid).toBe(first.body.uuid);
    const taskToTask = await call(path, { method: "POST", body: { entity_type: "TASK", entity_uuid: second.uuid } });
    expect(taskToTask.status).toBe(400);
    expect(taskToTask.body.error).toMatch(/a task cannot be associated with a TASK/);
    expect((await call(`/v1/opportunities/${deal.uuid}/associations`)).body.items).toEqual([
      expect.objectContaining({ entity_type: "TASK", entity_uuid: task.uuid, association_type: "TASK_TO_OPPORTUNITY" }),
    ]);
    expect((await context.request(`${path}/${first.body.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    expect((await call(path)).body.items).toEqual([]);
  });

  it("answers 404 for a task the caller cannot see, and hides links to another user's PERSONAL task", async () => {
    const personal = (await call("/v1/tasks", { method: "POST", body: { title: "Private", scope: "PERSONAL" }, key: acme.memberKey })).body;
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const byOther = await call(`/v1/tasks/${personal.uuid}/associations`, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }, key: acme.adminKey });
    expect(byOther.status).toBe(404);
    expect((await call(`/v1/tasks/${MISSING}/associations`, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid } })).status).toBe(404);
    // Another user's PERSONAL task is no valid target either.
    const asTarget = await call(`/v1/opportunities/${deal.uuid}/associations`, { method: "POST", body: { entity_type: "TASK", entity_uuid: personal.uuid }, key: acme.adminKey });
    expect(asTarget.status).toBe(404);

    const byCreator = await call(`/v1/tasks/${personal.uuid}/associations`, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }, key: acme.memberKey });
    expect(byCreator.status).toBe(201);
    expect((await call(`/v1/opportunities/${deal.uuid}/associations`, { key: acme.memberKey })).body.total).toBe(1);
    expect((await call(`/v1/opportunities/${deal.uuid}/associations`, { key: acme.adminKey })).body.total).toBe(0);
  });
});

describe("DELETE .../associations/{association_uuid}", () => {
  it("answers 404, removing nothing, for a link to another user's PERSONAL task, which the caller's lists leave out", async () => {
    const personal = (await call("/v1/tasks", { method: "POST", body: { title: "Private", scope: "PERSONAL" }, key: acme.memberKey })).body;
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const fromTask = await call(`/v1/tasks/${personal.uuid}/associations`, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }, key: acme.memberKey });
    const note = (await call("/v1/notes", { method: "POST", key: acme.memberKey, body: { content: "n", associations: [{ entity_type: "TASK", entity_uuid: personal.uuid }] } })).body;
    const removals = [
      {
        path: `/v1/opportunities/${deal.uuid}/associations/${fromTask.body.uuid}`,
        list: `/v1/opportunities/${deal.uuid}/associations`,
        // The member may not change the deal: the link goes from the task's side.
        byCreator: `/v1/tasks/${personal.uuid}/associations/${fromTask.body.uuid}`,
      },
      { path: `/v1/notes/${note.uuid}/associations/${note.associations[0].uuid}`, list: `/v1/notes/${note.uuid}/associations` },
    ];
    for (const { path, list } of removals) {
      const refused = await call(path, { method: "DELETE", key: acme.adminKey });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatch(/^association .* not found$/);
      expect((await call(list, { key: acme.memberKey })).body.total).toBe(1);
    }
    for (const { path, list, byCreator } of removals) {
      expect((await call(byCreator ?? path, { method: "DELETE", key: acme.memberKey })).status).toBe(204);
      expect((await call(list, { key: acme.memberKey })).body.total).toBe(0);
    }
  });
});

describe("an opportunity's updated_at follows its associations", () => {
  /** The opportunities an `updated_after` poll from `since` brings. */
  const polled = async (since: number) =>
    ((await call(`/v1/opportunities?updated_after=${new Date(since).toISOString()}&per_page=50`)).body.items as Array<{ uuid: string; updated_at: number }>).map(
      (item) => item.uuid,
    );

  it("moves when a link is made or removed from either side, or a linked note or task is deleted, so an updated_after poll brings it", async () => {
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const bystander = await buildOpportunity(context.services, acme, pipeline, { name: "Untouched deal" });
    const ada = await person();
    const note = (await call("/v1/notes", { method: "POST", body: { content: "Intro call" } })).body;
    const task = (await call("/v1/tasks", { method: "POST", body: { title: "Follow up" } })).body;

    const steps: Array<[string, () => Promise<{ status: number }>]> = [
      ["a person linked from the opportunity", () => call(`/v1/opportunities/${deal.uuid}/associations`, { method: "POST", body: { entity_type: "PERSON", entity_uuid: ada.uuid } })],
      ["a note linked from the note", () => call(`/v1/notes/${note.uuid}/associations`, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid } })],
      ["a task linked from the task", () => call(`/v1/tasks/${task.uuid}/associations`, { method: "POST", body: { entity_type: "OPPORTUNITY", entity_uuid: deal.uuid } })],
      [
        "the person's link removed",
        async () => {
          const links = (await call(`/v1/opportunities/${deal.uuid}/associations`)).body.items as Array<{ uuid: string; entity_type: string }>;
          const link = links.find((item) => item.entity_type === "PERSON")!;
          return call(`/v1/opportunities/${deal.uuid}/associations/${link.uuid}`, { method: "DELETE" });
        },
      ],
      ["the linked note deleted", () => call(`/v1/notes/${note.uuid}`, { method: "DELETE" })],
      ["a note created linked to it", () => call("/v1/notes", { method: "POST", body: { content: "Memo", associations: [{ entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }] } })],
      ["the linked task deleted", () => call(`/v1/tasks/${task.uuid}`, { method: "DELETE" })],
    ];
    for (const [label, step] of steps) {
      context.clock.advance(60_000);
      const since = context.clock.now();
      expect((await step()).status, label).toBeLessThan(300);
      expect(await polled(since), label).toEqual([deal.uuid]);
      expect((await call(`/v1/opportunities/${deal.uuid}`)).body.updated_at, label).toBe(since);
    }
    expect((await call(`/v1/opportunities/${bystander.uuid}`)).body.updated_at).toBe(bystander.updated_at);
  });

  it("moves when a person merge moves the opportunity's link to the canonical person", async () => {
    const [kept, duplicate] = [await person("Ada Lovelace"), await person("A. Lovelace")];
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal", associations: [personLink(duplicate.uuid)] });
    context.clock.advance(60_000);
    const since = context.clock.now();
    expect((await call(`/v1/persons/${kept.uuid}/merge`, { method: "POST", body: { superseded_person_uuid: duplicate.uuid } })).status).toBe(200);
    expect(await polled(since)).toEqual([deal.uuid]);
  });
});
