/** Notes: create, read, list by linked record, update and delete by the owner or an administrator (403 otherwise), and the import batch. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_NOTE_TITLE_LENGTH } from "../../platform/request/field-limits.js";
import { apiCaller } from "../../testing/api-call.js";
import { secondConnection } from "../../testing/change-after-read.js";
import { buildOpportunity, buildPipeline, personLink } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
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
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

const person = (name: string, tenantUuid = acme.tenant.uuid) => context.services.store.persons.create({ tenant_uuid: tenantUuid, name });

describe("notes", () => {
  it("creates a note owned by the caller with its links, reads and lists it by linked record", async () => {
    const ada = await person("Ada");
    const bob = await person("Bob");
    const created = await call("/v1/notes", {
      method: "POST",
      key: acme.memberKey,
      body: { title: "Intro", content: "Met Ada at the offsite.", associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Intro",
      content: "Met Ada at the offsite.",
      owner: { uuid: acme.member.uuid, name: "Mike", type: "USER" },
      associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid, association_type: "NOTE_TO_PERSON" }],
    });
    context.clock.advance(1);
    const second = (await call("/v1/notes", { method: "POST", body: { content: "About Bob", associations: [{ entity_type: "PERSON", entity_uuid: bob.uuid }] } })).body;
    expect(second.owner).toBeNull();

    expect((await call(`/v1/notes/${created.body.uuid}`)).body.content).toBe("Met Ada at the offsite.");
    const all = await call("/v1/notes");
    expect(all.body.items.map((note: { uuid: string }) => note.uuid)).toEqual([second.uuid, created.body.uuid]);
    expect((await call("/v1/notes?order=asc")).body.items[0].uuid).toBe(created.body.uuid);
    const forAda = await call(`/v1/notes?entity_type=PERSON&entity_uuid=${ada.uuid}`);
    expect(forAda.body.items.map((note: { uuid: string }) => note.uuid)).toEqual([created.body.uuid]);
    expect(forAda.body.total).toBe(1);

    // A note linked from an opportunity's side is listed for the opportunity too.
    const pipeline = await buildPipeline(context.services, acme);
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    await call(`/v1/opportunities/${deal.uuid}/associations`, { method: "POST", body: { entity_type: "NOTE", entity_uuid: second.uuid } });
    expect((await call(`/v1/notes?entity_type=OPPORTUNITY&entity_uuid=${deal.uuid}`)).body.items.map((note: { uuid: string }) => note.uuid)).toEqual([second.uuid]);
  });

  it("lists no note by another user's PERSONAL task, as for a task that does not exist", async () => {
    const personal = (await call("/v1/tasks", { method: "POST", key: acme.memberKey, body: { title: "Private", scope: "PERSONAL" } })).body;
    const note = await call("/v1/notes", { method: "POST", key: acme.memberKey, body: { content: "About it", associations: [{ entity_type: "TASK", entity_uuid: personal.uuid }] } });
    expect(note.status).toBe(201);
    const byTask = (key: string) => call(`/v1/notes?entity_type=TASK&entity_uuid=${personal.uuid}`, { key });
    expect((await byTask(acme.memberKey)).body.items.map((item: { uuid: string }) => item.uuid)).toEqual([note.body.uuid]);
    const missing = (await call(`/v1/notes?entity_type=TASK&entity_uuid=${MISSING}`, { key: acme.adminKey })).body;
    expect(missing).toMatchObject({ items: [], total: 0 });
    for (const key of [acme.adminKey, acme.key]) expect((await byTask(key)).body).toEqual(missing);
    // The note itself stays the tenant's, without the link.
    expect((await call(`/v1/notes/${note.body.uuid}`, { key: acme.adminKey })).body.associations).toEqual([]);
  });

  it("answers 400 for bad bodies and half entity filters, 404 for missing notes", async () => {
    expect((await call("/v1/notes", { method: "POST", body: { content: "" } })).status).toBe(400);
    const badLink = await call("/v1/notes", { method: "POST", body: { content: "x", associations: [{ entity_type: "PERSON", entity_uuid: MISSING }] } });
    expect(badLink.status).toBe(400);
    expect(badLink.body.error).toMatch(/PERSON .* not found/);
    const noteToNote = await call("/v1/notes", { method: "POST", body: { content: "x", associations: [{ entity_type: "NOTE", entity_uuid: MISSING }] } });
    expect(noteToNote.status).toBe(400);
    expect((await call("/v1/notes")).body.total).toBe(0);
    const half = await call(`/v1/notes?entity_uuid=${MISSING}`);
    expect(half.status).toBe(400);
    expect(half.body.error).toMatch(/entity_type and entity_uuid together/);
    expect((await call(`/v1/notes/${MISSING}`)).status).toBe(404);
    expect((await call(`/v1/notes/${MISSING}`, { method: "PATCH", body: { content: "x" } })).status).toBe(404);
  });

  it("lets only the owner or an administrator change or delete a note: 403 for other users", async () => {
    const note = (await call("/v1/notes", { method: "POST", key: acme.memberKey, body: { content: "Mike's note" } })).body;
    const zoe = await context.services.store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Zoe", email: "zoe@acme.example", role: "member" });
    const asZoe = { key: acme.key, userUuid: zoe.uuid };
    const denied = await call(`/v1/notes/${note.uuid}`, { ...asZoe, method: "PATCH", body: { content: "Zoe was here" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatch(/owner or an administrator/);
    expect((await call(`/v1/notes/${note.uuid}`, { ...asZoe, method: "DELETE" })).status).toBe(403);
    expect((await call(`/v1/notes/${note.uuid}`)).body.content).toBe("Mike's note");

    const byOwner = await call(`/v1/notes/${note.uuid}`, { key: acme.memberKey, method: "PATCH", body: { title: "Renamed" } });
    expect(byOwner.body).toMatchObject({ title: "Renamed", content: "Mike's note" });
    const byAdmin = await call(`/v1/notes/${note.uuid}`, { key: acme.adminKey, method: "PATCH", body: { content: "Edited by Alice" } });
    expect(byAdmin.body.content).toBe("Edited by Alice");
    expect(byAdmin.body.owner.uuid).toBe(acme.member.uuid);

    // A note written with a tenant-wide key has no owner: members may not change it, administrators may.
    const unowned = (await call("/v1/notes", { method: "POST", body: { content: "Imported" } })).body;
    expect((await call(`/v1/notes/${unowned.uuid}`, { key: acme.memberKey, method: "DELETE" })).status).toBe(403);
    expect((await call(`/v1/notes/${unowned.uuid}`, { key: acme.adminKey, method: "DELETE" })).status).toBe(204);
    expect((await call(`/v1/notes/${note.uuid}`, { key: acme.memberKey, method: "DELETE" })).status).toBe(204);
    expect((await call(`/v1/notes/${note.uuid}`)).status).toBe(404);
    expect((await call("/v1/notes")).body.total).toBe(0);
  });

  it("refuses a member's write to a note, meeting, file or opportunity given to another user between its check and its write", async () => {
    const { store } = context.services;
    const [tenantUuid, mike, alice] = [acme.tenant.uuid, acme.member, acme.admin];
    const note = await store.notes.create({ tenant_uuid: tenantUuid, content: "Mike's", owner_user_uuid: mike.uuid }, { user_uuid: null });
    const meeting = await store.meetings.create(tenantUuid, { title: "Mike's call", starts_at: TEST_START, organizer: { person_uuid: mike.person_uuid }, attendees: [] });
    const file = await store.files.create({ tenant_uuid: tenantUuid, filename: "a.txt", content_type: "text/plain", content: new Uint8Array(1), uploaded_by_user_uuid: mike.uuid });
    const deal = await buildOpportunity(context.services, acme, await buildPipeline(context.services, acme), { name: "Mike's deal", owner_user_uuid: mike.uuid });
    // A second connection gives the record to Alice right after the handler's read: only the write's own check sees it.
    const other = secondConnection(context.databasePath);
    const names = { alice: alice.uuid, alicePerson: alice.person_uuid };
    const writes = [
      { read: () => other.afterNextRead(store.notes, "get", "update notes set owner_user_uuid = :alice where uuid = :uuid", { ...names, uuid: note.uuid }), path: `/v1/notes/${note.uuid}`, method: "PATCH", body: { content: "x" } },
      { read: () => other.afterNextRead(store.meetings, "get", "update meetings set organizer_person_uuid = :alicePerson where uuid = :uuid", { ...names, uuid: meeting.uuid }), path: `/v1/meetings/${meeting.uuid}`, method: "PUT", body: { title: "x" } },
      { read: () => other.afterNextRead(store.files, "get", "update files set uploaded_by_user_uuid = :alice where uuid = :uuid", { ...names, uuid: file.uuid }), path: `/v1/files/${file.uuid}`, method: "DELETE" },
      { read: () => other.afterNextRead(store.opportunities, "get", "update opportunities set owner_user_uuid = :alice where uuid = :uuid", { ...names, uuid: deal.uuid }), path: `/v1/opportunities/${deal.uuid}`, method: "PATCH", body: { name: "x" } },
    ];
    try {
      for (const write of writes) {
        write.read();
        const refused = await call(write.path, { key: acme.memberKey, method: write.method, body: write.body });
        expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      }
      // Given back to Mike, the note's deletion is refused the same way when Alice takes it in between.
      other.run("update notes set owner_user_uuid = :mike where uuid = :uuid", { mike: mike.uuid, uuid: note.uuid });
      other.afterNextRead(store.notes, "get", "update notes set owner_user_uuid = :alice where uuid = :uuid", { ...names, uuid: note.uuid });
      expect((await call(`/v1/notes/${note.uuid}`, { key: acme.memberKey, method: "DELETE" })).status).toBe(403);
      other.run("update meetings set organizer_person_uuid = :mikePerson where uuid = :uuid", { mikePerson: mike.person_uuid, uuid: meeting.uuid });
      other.afterNextRead(store.meetings, "get", "update meetings set organizer_person_uuid = :alicePerson where uuid = :uuid", { ...names, uuid: meeting.uuid });
      expect((await call(`/v1/meetings/${meeting.uuid}`, { key: acme.memberKey, method: "DELETE" })).status).toBe(403);
    } finally {
      other.close();
    }
    expect((await store.notes.get(tenantUuid, note.uuid, { user_uuid: null }))!.content).toBe("Mike's");
    expect((await store.meetings.get(tenantUuid, meeting.uuid))!.title).toBe("Mike's call");
    expect(await store.files.get(tenantUuid, file.uuid)).not.toBeNull();
    expect((await store.opportunities.get(tenantUuid, deal.uuid, { user_uuid: null }))!.name).toBe("Mike's deal");
  });

  it("refuses a member's link or unlink on a note or opportunity given to another user between its check and its write", async () => {
    const { store } = context.services;
    const [tenantUuid, mike, alice] = [acme.tenant.uuid, acme.member, acme.admin];
    const [ada, bob] = [await person("Ada"), await person("Bob")];
    const linkToAda = [personLink(ada.uuid)];
    const note = await store.notes.create({ tenant_uuid: tenantUuid, content: "Mike's", owner_user_uuid: mike.uuid, associations: linkToAda }, { user_uuid: null });
    const deal = await buildOpportunity(context.services, acme, await buildPipeline(context.services, acme), { name: "Mike's deal", owner_user_uuid: mike.uuid, associations: linkToAda });
    const linkOf = async (type: "NOTE" | "OPPORTUNITY", uuid: string) => (await store.associations.list(tenantUuid, type, uuid, { user_uuid: null }))[0]!.uuid;
    const records = [
      { path: `/v1/notes/${note.uuid}`, type: "NOTE" as const, uuid: note.uuid, repository: store.notes, table: "notes", link: await linkOf("NOTE", note.uuid) },
      { path: `/v1/opportunities/${deal.uuid}`, type: "OPPORTUNITY" as const, uuid: deal.uuid, repository: store.opportunities, table: "opportunities", link: await linkOf("OPPORTUNITY", deal.uuid) },
    ];
    const other = secondConnection(context.databasePath);
    try {
      for (const record of records) {
        const handOver = `update ${record.table} set owner_user_uuid = :alice where uuid = :uuid`;
        const giveBack = () => other.run(`update ${record.table} set owner_user_uuid = :mike where uuid = :uuid`, { mike: mike.uuid, uuid: record.uuid });
        other.afterNextRead(record.repository, "get", handOver, { alice: alice.uuid, uuid: record.uuid });
        const linked = await call(`${record.path}/associations`, { key: acme.memberKey, method: "POST", body: { entity_type: "PERSON", entity_uuid: bob.uuid } });
        expect(linked.status, JSON.stringify(linked.body)).toBe(403);
        giveBack();
        other.afterNextRead(record.repository, "get", handOver, { alice: alice.uuid, uuid: record.uuid });
        const unlinked = await call(`${record.path}/associations/${record.link}`, { key: acme.memberKey, method: "DELETE" });
        expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(403);
        expect((await store.associations.list(tenantUuid, record.type, record.uuid, { user_uuid: null })).map((link) => link.entity_uuid)).toEqual([ada.uuid]);
      }
    } finally {
      other.close();
    }
  });

  it("stores a title that is only white space as null, like other optional text, on create, update and per batch item", async () => {
    const ada = await person("Ada");
    const created = await call("/v1/notes", { method: "POST", body: { title: " \t ", content: "Untitled" } });
    expect(created.status).toBe(201);
    expect(created.body.title).toBeNull();
    expect((await call(`/v1/notes/${created.body.uuid}`)).body.title).toBeNull();

    const titled = (await call("/v1/notes", { method: "POST", body: { title: "  Intro  ", content: "Titled" } })).body;
    expect(titled.title).toBe("Intro");
    const cleared = await call(`/v1/notes/${titled.uuid}`, { method: "PATCH", body: { title: "   " } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ title: null, content: "Titled" });
    expect((await call(`/v1/notes/${titled.uuid}`)).body.title).toBeNull();

    const batch = await call("/v1/notes/batch", { method: "POST", body: { items: [{ person_uuid: ada.uuid, title: "\n", content: "Imported" }] } });
    expect(batch.body).toMatchObject({ created: 1, errors: 0 });
    expect(batch.body.results[0].note.title).toBeNull();
    expect((await call(`/v1/notes?entity_type=PERSON&entity_uuid=${ada.uuid}`)).body.items[0]).toMatchObject({ title: null, content: "Imported" });
  });

  it("holds a title to its limit once trimmed, as it is stored: the longest title with spaces around is taken, a longer one is a 400", async () => {
    const longest = "T".repeat(MAX_NOTE_TITLE_LENGTH);
    const created = await call("/v1/notes", { method: "POST", body: { title: `  ${longest}\n`, content: "Long title" } });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe(longest);
    const renamed = await call(`/v1/notes/${created.body.uuid}`, { method: "PATCH", body: { title: ` ${longest} ` } });
    expect(renamed.status).toBe(200);

    const tooLong = await call("/v1/notes", { method: "POST", body: { title: ` ${longest}T `, content: "Too long" } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(new RegExp(`title.*at most ${MAX_NOTE_TITLE_LENGTH} characters`));
    expect((await call("/v1/notes")).body.total).toBe(1);
  });

  it("drops a deleted note from its opportunity's notes_and_files_count", async () => {
    const pipeline = await buildPipeline(context.services, acme);
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const note = (await call("/v1/notes", { method: "POST", body: { content: "x", associations: [{ entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }] } })).body;
    expect((await call(`/v1/opportunities/${deal.uuid}`)).body.notes_and_files_count).toBe(1);
    await call(`/v1/notes/${note.uuid}`, { method: "DELETE" });
    expect((await call(`/v1/opportunities/${deal.uuid}`)).body.notes_and_files_count).toBe(0);
    expect((await call(`/v1/opportunities/${deal.uuid}/associations`)).body.items).toEqual([]);
  });

  it("never shows another tenant's notes", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = (await call("/v1/notes", { key: other.key, method: "POST", body: { content: "Their secret" } })).body;
    expect((await call(`/v1/notes/${theirs.uuid}`)).status).toBe(404);
    expect((await call(`/v1/notes/${theirs.uuid}`, { method: "DELETE" })).status).toBe(404);
    expect(JSON.stringify((await call("/v1/notes")).body)).not.toContain("Their secret");
  });
});

describe("POST /v1/notes/batch", () => {
  it("attaches notes to persons, item by item, in input order, without failing on a bad item", async () => {
    const ada = await person("Ada");
    const bob = await person("Bob");
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await person("Theirs", other.tenant.uuid);
    const response = await call("/v1/notes/batch", {
      method: "POST",
      key: acme.memberKey,
      body: {
        items: [
          { person_uuid: ada.uuid, content: "Imported: Ada" },
          { person_uuid: theirs.uuid, content: "Not ours" },
          { person_uuid: bob.uuid, title: "CRM", content: "Imported: Bob" },
          { person_uuid: MISSING, content: "Nobody" },
        ],
      },
    });
    expect(response.status).toBe(200);
    const results = response.body.results as Array<{ status: string; person_uuid: string; note: { content: string; owner: { uuid: string } } | null; error: string | null }>;
    expect(results.map((result) => [result.status, result.person_uuid])).toEqual([
      ["CREATED", ada.uuid],
      ["ERROR", theirs.uuid],
      ["CREATED", bob.uuid],
      ["ERROR", MISSING],
    ]);
    expect(response.body).toMatchObject({ created: 2, errors: 2 });
    expect(results[0]!.note).toMatchObject({ content: "Imported: Ada", owner: { uuid: acme.member.uuid }, associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] });
    expect(results[1]).toMatchObject({ note: null, error: `person ${theirs.uuid} not found` });
    expect(results[2]!.error).toBeNull();
    expect((await call(`/v1/notes?entity_type=PERSON&entity_uuid=${bob.uuid}`)).body.items[0]).toMatchObject({ title: "CRM", content: "Imported: Bob" });
    expect((await call("/v1/notes")).body.total).toBe(2);
    // Nothing leaked into the other tenant.
    expect((await call("/v1/notes", { key: other.key })).body.total).toBe(0);
  });

  it("reports ERROR, writing no note, for a person erased after the batch checked it, and goes on", async () => {
    const ada = await person("Ada");
    const bob = await person("Bob");
    const cleo = await person("Cleo");
    const { store } = context.services;
    // Bob is erased between the batch's existence check and the writing of his note. The batch is one transaction,
    // so no other writer can come between the two: the erasure is made in the batch's transaction, after the check.
    const transaction = store.transaction.bind(store);
    let checked = false;
    const batch = vi.spyOn(store, "transaction").mockImplementation((work) =>
      transaction(async (inBatch) => {
        const existing = inBatch.records.existing.bind(inBatch.records);
        vi.spyOn(inBatch.records, "existing").mockImplementation(async (...args) => {
          const found = await existing(...args);
          await inBatch.persons.erase(acme.tenant.uuid, bob.uuid);
          checked = true;
          return found;
        });
        return work(inBatch);
      }),
    );
    const items = [ada, bob, cleo].map((subject) => ({ person_uuid: subject.uuid, content: `About ${subject.name}` }));
    const response = await call("/v1/notes/batch", { method: "POST", body: { items } });
    batch.mockRestore();
    expect(checked).toBe(true);
    expect(response.status).toBe(200);
    expect(response.body.results.map((result: { status: string; error: string | null }) => [result.status, result.error])).toEqual([
      ["CREATED", null],
      ["ERROR", `person ${bob.uuid} not found`],
      ["CREATED", null],
    ]);
    expect(response.body).toMatchObject({ created: 2, errors: 1 });
    expect((await call("/v1/notes")).body.items.map((note: { content: string }) => note.content).sort()).toEqual(["About Ada", "About Cleo"]);
  });

  it("refuses content that is only white space on create, update and per batch item, and keeps content as written", async () => {
    const ada = await person("Ada");
    const blankCreate = await call("/v1/notes", { method: "POST", body: { content: " \n\t ", associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] } });
    expect(blankCreate.status).toBe(400);
    expect(blankCreate.body.error).toBe("body field 'content': must not be blank");
    expect((await call("/v1/notes")).body.total).toBe(0);

    const note = (await call("/v1/notes", { method: "POST", body: { content: "Original" } })).body;
    const blankUpdate = await call(`/v1/notes/${note.uuid}`, { method: "PATCH", body: { content: "   " } });
    expect(blankUpdate.status).toBe(400);
    expect(blankUpdate.body.error).toBe("body field 'content': must not be blank");
    expect((await call(`/v1/notes/${note.uuid}`)).body.content).toBe("Original");
    const laidOut = await call(`/v1/notes/${note.uuid}`, { method: "PATCH", body: { content: "\n  - call back\n" } });
    expect(laidOut.body.content).toBe("\n  - call back\n");

    const batch = await call("/v1/notes/batch", { method: "POST", body: { items: [{ person_uuid: ada.uuid, content: "\t" }, { person_uuid: ada.uuid, content: "Kept" }] } });
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ created: 1, errors: 1 });
    expect(batch.body.results[0]).toMatchObject({ status: "ERROR", person_uuid: ada.uuid, note: null, error: "field 'content': must not be blank" });
    expect(batch.body.results[1]).toMatchObject({ status: "CREATED", note: { content: "Kept" } });
    expect((await call(`/v1/notes?entity_type=PERSON&entity_uuid=${ada.uuid}`)).body.items.map((item: { content: string }) => item.content)).toEqual(["Kept"]);
  });

  it("reports a malformed item as its ERROR and writes the other items", async () => {
    const ada = await person("Ada");
    const response = await call("/v1/notes/batch", {
      method: "POST",
      body: {
        items: [
          { person_uuid: ada.uuid },
          { person_uuid: "ada", content: "Not a UUID" },
          { person_uuid: ada.uuid, content: "Kept" },
          "just text",
          { person_uuid: ada.uuid, content: "Misnamed", personUuid: "x" },
          { person_uuid: 42, content: "A number" },
        ],
      },
    });
    expect(response.status).toBe(200);
    const results = response.body.results as Array<{ index: number; status: string; person_uuid: string | null; note: unknown; error: string | null }>;
    expect(results.map((result) => [result.index, result.status, result.person_uuid])).toEqual([
      [0, "ERROR", ada.uuid],
      [1, "ERROR", "ada"],
      [2, "CREATED", ada.uuid],
      [3, "ERROR", null],
      [4, "ERROR", ada.uuid],
      [5, "ERROR", null],
    ]);
    expect(response.body).toMatchObject({ created: 1, errors: 5 });
    expect(results[0]).toMatchObject({ note: null, error: expect.stringMatching(/^field 'content': /) });
    expect(results[1]!.error).toMatch(/^field 'person_uuid': .*UUID/);
    expect(results[3]!.error).toMatch(/expected object/);
    expect(results[4]!.error).toMatch(/^unknown field 'personUuid' \(did you mean 'person_uuid'\?\); accepted here: person_uuid, title, content$/);
    expect(results[5]!.error).toMatch(/^field 'person_uuid': /);
    const notes = (await call("/v1/notes")).body;
    expect(notes.items.map((note: { content: string }) => note.content)).toEqual(["Kept"]);
  });

  it("answers 400 for a body without an items array of 1 to 100 entries", async () => {
    const ada = await person("Ada");
    expect((await call("/v1/notes/batch", { method: "POST", body: { items: [] } })).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => ({ person_uuid: ada.uuid, content: "x" }));
    const oversized = await call("/v1/notes/batch", { method: "POST", body: { items: tooMany } });
    expect(oversized.status).toBe(400);
    expect(oversized.body.error).toMatch(/items/);
    for (const body of [{}, { items: { person_uuid: ada.uuid, content: "x" } }, [{ person_uuid: ada.uuid, content: "x" }], "items"]) {
      const refused = await call("/v1/notes/batch", { method: "POST", body });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    expect((await call("/v1/notes")).body.total).toBe(0);
    const hundred = await call("/v1/notes/batch", { method: "POST", body: { items: tooMany.slice(0, 100) } });
    expect(hundred.body.results).toHaveLength(100);
    expect(hundred.body).toMatchObject({ created: 100, errors: 0 });
  });
});
