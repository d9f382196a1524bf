import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildOpportunity, buildPipeline, type Pipeline } from "../../testing/deal-builders.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let pipeline: Pipeline;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  pipeline = await buildPipeline(context.services, acme);
});
afterAll(() => context.close());

interface Deletion {
  sequence: number;
  entity_type: string;
  uuid: string;
  deleted_at: number;
  reason: "DELETED" | "MERGED" | "ERASED";
  merged_into_uuid: string | null;
}
interface DeletionsPage {
  items: Deletion[];
  page: number;
  per_page: number;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
  error?: string;
}

async function deletions(query = "", key = acme.key): Promise<{ status: number; body: DeletionsPage }> {
  const response = await context.request(`/v1/deletions${query}`, { key });
  return { status: response.status, body: (await response.json()) as DeletionsPage };
}

/** Every entry from `query` on, following next_cursor with `perPage` entries a page. */
async function scan(query: string, perPage: number, key = acme.key): Promise<Deletion[]> {
  const separator = query ? "&" : "?";
  let { body } = await deletions(`${query}${separator}per_page=${perPage}`, key);
  const entries = [...body.items];
  while (body.next_cursor) {
    ({ body } = await deletions(`${query}${separator}per_page=${perPage}&cursor=${encodeURIComponent(body.next_cursor)}`, key));
    expect(body.total).toBeNull();
    entries.push(...body.items);
  }
  expect(body.has_more).toBe(false);
  return entries;
}

async function created(path: string, body: unknown, key = acme.key): Promise<string> {
  const response = await context.request(path, { key, method: "POST", body });
  expect(response.status, path).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function uploaded(key = acme.key): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob(["memo"], { type: "text/plain" }), "memo.txt");
  const response = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": key }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function deleted(path: string, key = acme.key) {
  const response = await context.request(path, { key, method: "DELETE" });
  expect(response.status, path).toBe(204);
  context.clock.advance(1_000);
}

const person = (name: string, email: string) => created("/v1/persons", { name, emails: [email] });
const kinds = (entries: readonly Deletion[]) => entries.map((entry) => [entry.entity_type, entry.uuid]);

describe("GET /v1/deletions", () => {
  it("lists every kind of record the API removes, in the order they went: a parent's sub-opportunities, merges and erasures included", async () => {
    const parent = await buildOpportunity(context.services, acme, pipeline, { name: "Series B" });
    const tranche = await buildOpportunity(context.services, acme, pipeline, { name: "Tranche 1", parent_uuid: parent.uuid });
    const note = await created("/v1/notes", { content: "Call notes" });
    const task = await created("/v1/tasks", { title: "Follow up" });
    const file = await uploaded();
    const list = await created("/v1/lists", { name: "Targets", kind: "persons" });
    const kept = await person("Zelda Quintero", "zelda@quintero.example");
    const duplicate = await person("Z. Quintero", "zq@oldmail.example");
    const erased = await person("Dan Ortiz", "dan@initech.example");
    expect((await deletions()).body).toMatchObject({ items: [], total: 0, has_more: false, next_cursor: null });

    const start = context.clock.now();
    await deleted(`/v1/notes/${note}`);
    await deleted(`/v1/opportunities/${parent.uuid}`);
    await deleted(`/v1/tasks/${task}`);
    await deleted(`/v1/files/${file}`);
    await deleted(`/v1/lists/${list}`);
    const merged = await context.request(`/v1/persons/${kept}/merge`, { key: acme.key, method: "POST", body: { superseded_person_uuid: duplicate } });
    expect(merged.status).toBe(200);
    await deleted(`/v1/persons/${erased}`);

    const { status, body } = await deletions();
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, per_page: 10, total: 8, has_more: false, next_cursor: null });
    const entries = body.items;
    expect(kinds(entries.slice(0, 1))).toEqual([["NOTE", note]]);
    expect(kinds(entries.slice(1, 3)).sort()).toEqual(
      [
        ["OPPORTUNITY", parent.uuid],
        ["OPPORTUNITY", tranche.uuid],
      ].sort(),
    );
    expect(kinds(entries.slice(3))).toEqual([
      ["TASK", task],
      ["FILE", file],
      ["ENTITY_LIST", list],
      ["PERSON", duplicate],
      ["PERSON", erased],
    ]);
    expect(entries.map((entry) => entry.sequence)).toEqual([...entries.map((entry) => entry.sequence)].sort((a, b) => a - b));
    expect(Object.keys(entries[0]!).sort()).toEqual(["deleted_at", "entity_type", "merged_into_uuid", "reason", "sequence", "uuid"]);
    expect(entries[0]).toMatchObject({ reason: "DELETED", merged_into_uuid: null, deleted_at: start });
    expect(entries.find((entry) => entry.uuid === duplicate)).toMatchObject({ reason: "MERGED", merged_into_uuid: kept });
    expect(entries.find((entry) => entry.uuid === erased)).toMatchObject({ reason: "ERASED", merged_into_uuid: null });
    // The records answer 404: the log is what tells a copy they are gone.
    expect((await context.request(`/v1/opportunities/${tranche.uuid}`, { key: acme.key })).status).toBe(404);
  });

  it("filters by entity_type, since and after_sequence, and pages by cursor while deletions go on", async () => {
    const notes: string[] = [];
    for (let index = 0; index < 5; index += 1) notes.push(await created("/v1/notes", { content: `Note ${index}` }));
    const task = await created("/v1/tasks", { title: "Follow up" });
    await deleted(`/v1/notes/${notes[0]}`);
    await deleted(`/v1/tasks/${task}`);
    await deleted(`/v1/notes/${notes[1]}`);
    const since = new Date(context.clock.now()).toISOString();
    await deleted(`/v1/notes/${notes[2]}`);

    expect((await scan("?entity_type=NOTE", 1)).map((entry) => entry.uuid)).toEqual(notes.slice(0, 3));
    expect((await scan("?entity_type=TASK,%20NOTE", 2)).map((entry) => entry.uuid)).toEqual([notes[0], task, notes[1], notes[2]]);
    expect((await scan(`?since=${since}`, 10)).map((entry) => entry.uuid)).toEqual([notes[2]]);
    const all = await scan("", 10);
    expect((await scan(`?after_sequence=${all[1]!.sequence}`, 10)).map((entry) => entry.uuid)).toEqual([notes[1], notes[2]]);

    // Deleted between pages: comes at the end, once.
    let { body } = await deletions("?per_page=2");
    const seen = [...body.items];
    await deleted(`/v1/notes/${notes[3]}`);
    while (body.next_cursor) {
      ({ body } = await deletions(`?per_page=2&cursor=${encodeURIComponent(body.next_cursor)}`));
      seen.push(...body.items);
    }
    expect(seen.map((entry) => entry.uuid)).toEqual([notes[0], task, notes[1], notes[2], notes[3]]);
    const last = seen.at(-1)!.sequence;
    expect((await deletions(`?after_sequence=${last}`)).body).toMatchObject({ items: [], total: 0, has_more: false });
    await deleted(`/v1/notes/${notes[4]}`);
    expect((await deletions(`?after_sequence=${last}`)).body.items.map((entry) => entry.uuid)).toEqual([notes[4]]);
  });

  it("clamps per_page and answers 400 for bad filters, a changed filter during a scan, and page with cursor", async () => {
    for (let index = 0; index < 3; index += 1) await deleted(`/v1/notes/${await created("/v1/notes", { content: `Note ${index}` })}`);
    expect((await deletions("?per_page=500")).body).toMatchObject({ per_page: 50 });
    expect((await deletions("?per_page=0")).body).toMatchObject({ per_page: 1, has_more: true });
    for (const query of ["?entity_type=EMAIL", "?entity_type=note", "?entity_type=,", "?after_sequence=-1", "?after_sequence=ten", "?since=yesterday", "?per_page=ten"]) {
      const { status, body } = await deletions(query);
      expect(status, query).toBe(400);
      expect(typeof body.error, query).toBe("string");
    }
    const first = (await deletions("?per_page=1&entity_type=NOTE")).body;
    const cursor = encodeURIComponent(first.next_cursor!);
    expect((await deletions(`?per_page=1&entity_type=NOTE&cursor=${cursor}`)).status).toBe(200);
    expect((await deletions(`?per_page=1&entity_type=NOTE,TASK&cursor=${cursor}`)).status).toBe(400);
    expect((await deletions(`?per_page=1&entity_type=NOTE&page=2&cursor=${cursor}`)).status).toBe(400);
    // A cursor is the caller's: another user context cannot take it.
    expect((await deletions(`?per_page=1&entity_type=NOTE&cursor=${cursor}`, acme.adminKey)).status).toBe(400);
  });

  it("shows a PERSONAL task's deletion to its creator alone, and another tenant's deletions to nobody", async () => {
    const personal = await created("/v1/tasks", { title: "Mine", scope: "PERSONAL" }, acme.memberKey);
    const shared = await created("/v1/tasks", { title: "Ours" }, acme.memberKey);
    await deleted(`/v1/tasks/${personal}`, acme.memberKey);
    await deleted(`/v1/tasks/${shared}`, acme.memberKey);
    expect((await scan("", 10, acme.memberKey)).map((entry) => entry.uuid)).toEqual([personal, shared]);
    expect((await scan("", 10, acme.adminKey)).map((entry) => entry.uuid)).toEqual([shared]);
    expect((await deletions()).body).toMatchObject({ total: 1, items: [{ uuid: shared }] });

    const globex = await buildTenant(context.services, { name: "Globex" });
    expect((await deletions("", globex.key)).body).toMatchObject({ items: [], total: 0 });
    expect((await deletions("", globex.adminKey)).body).toMatchObject({ items: [], total: 0 });
    // Another tenant's cursor is a 400, not a way in.
    const cursor = (await deletions("?per_page=1", acme.memberKey)).body.next_cursor!;
    expect((await deletions(`?per_page=1&cursor=${encodeURIComponent(cursor)}`, globex.key)).status).toBe(400);
  });

  it("stamps a hard-deleted record's entry (and an erased email's in the feed) by the store's clock: a poll since the tenant's latest stamp lists them after the clock stepped back", async () => {
    // Past the database's own clock, which these entries followed before migration 0092.
    const watermark = Date.UTC(2031, 0, 1, 12, 0, 0);
    context.clock.set(watermark);
    const file = await uploaded();
    const list = await created("/v1/lists", { name: "Targets", kind: "persons" });
    const erased = await person("Dan Ortiz", "dan@initech.example");
    const message = { message_id: "<erased@initech.example>", sent_at: "2026-11-02T09:30:00Z", from: "dan@initech.example", to: [acme.admin.email] };
    const email = (await context.json("/v1/emails/batch", { key: acme.key, method: "POST", body: { messages: [message] } })).body!.results[0].email_uuid as string;
    context.clock.set(watermark - 60_000);
    await deleted(`/v1/files/${file}`);
    await deleted(`/v1/lists/${list}`);
    await deleted(`/v1/persons/${erased}`);
    const since = new Date(watermark).toISOString();
    const { body } = await deletions(`?since=${since}`);
    expect(body.items.map((entry) => [entry.entity_type, entry.uuid, entry.deleted_at])).toEqual([
      ["FILE", file, watermark],
      ["ENTITY_LIST", list, watermark],
      ["PERSON", erased, watermark],
    ]);
    const feed = await context.json(`/v1/activity?since=${since}`, { key: acme.key });
    expect(feed.body!.items).toEqual([expect.objectContaining({ kind: "email", uuid: email, removed: true, recorded_at: watermark })]);
  });

  it("is an MCP read tool that lists the same entries", async () => {
    const note = await created("/v1/notes", { content: "Call notes" });
    await deleted(`/v1/notes/${note}`);
    const result = await callMcpTool(context, { name: "listDeletions", args: { entity_type: ["NOTE"], per_page: 5 }, headers: { "x-api-key": acme.key } });
    expect(result.isError ?? false).toBe(false);
    const page = JSON.parse((result.content[0] as { text: string }).text) as DeletionsPage;
    expect(page.items).toEqual([expect.objectContaining({ entity_type: "NOTE", uuid: note, reason: "DELETED" })]);
    const listed = await context.app.request("/mcp?read_only=true", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", "x-api-key": acme.key },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(await listed.text()).toContain('"name":"listDeletions"');
  });
});
