/**
 * Keeping a copy of entity lists, their members and the users: GET /v1/lists polled with updated_after (a rename, a
 * membership change, a merge), and cursor scans of the lists, a list's members and the users that neither skip nor
 * repeat a row when rows come and go mid-scan, where page numbers shift.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

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

const iso = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString();
const person = (name: string) => context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name });
async function createList(name: string) {
  context.clock.advance(10);
  const answer = await call("/v1/lists", { method: "POST", body: { name, kind: "persons" } });
  expect(answer.status).toBe(201);
  return answer.body as { uuid: string; updated_at: number };
}
async function addMembers(listUuid: string, uuids: string[]) {
  context.clock.advance(10);
  expect((await call(`/v1/lists/${listUuid}/entities`, { method: "POST", body: { entity_type: "PERSON", entity_uuids: uuids } })).status).toBe(200);
}

/** Every item of a cursor scan from `path`, `perPage` a page, running `between` after each page. */
async function scan(path: string, perPage: number, between: (page: number) => Promise<void> = async () => {}) {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  for (let page = 1; ; page++) {
    const separator = path.includes("?") ? "&" : "?";
    const answer = await call(`${path}${separator}per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    items.push(...(answer.body.items as Array<Record<string, unknown>>));
    cursor = answer.body.next_cursor as string | null;
    if (!answer.body.has_more) return items;
    await between(page);
  }
}

describe("GET /v1/lists for a sync", () => {
  it("brings with updated_after the lists renamed or whose members changed, a merge's included, and gives the watermark", async () => {
    const [ada, duplicate] = [await person("Ada"), await person("Ada L.")];
    const [prospects, partners, untouched] = [await createList("Prospects"), await createList("Partners"), await createList("Untouched")];
    await addMembers(partners.uuid, [duplicate.uuid]);
    const newest = (await call("/v1/lists?sort_by=updated_at&order=desc&per_page=1")).body.items[0] as { uuid: string; updated_at: number };
    expect(newest.uuid).toBe(partners.uuid);
    const watermark = newest.updated_at + 1;

    context.clock.advance(10);
    expect((await call(`/v1/lists/${prospects.uuid}`, { method: "PUT", body: { name: "Leads" } })).status).toBe(200);
    context.clock.advance(10);
    await call(`/v1/persons/${ada.uuid}/merge`, { method: "POST", body: { superseded_person_uuid: duplicate.uuid } });
    const pulled = await scan(`/v1/lists?updated_after=${iso(watermark)}&sort_by=updated_at`, 1);
    expect(pulled.map((list) => list.uuid)).toEqual([prospects.uuid, partners.uuid]);
    expect(pulled.map((list) => list.uuid)).not.toContain(untouched.uuid);
    const members = (await call(`/v1/lists/${partners.uuid}/entities`)).body.items as Array<{ entity_uuid: string }>;
    expect(members.map((member) => member.entity_uuid)).toEqual([ada.uuid]);
  });

  it("binds a cursor to the filters and the sort: another updated_after or sort_by is a 400", async () => {
    for (const name of ["A", "B", "C"]) await createList(name);
    const first = await call("/v1/lists?per_page=2&sort_by=updated_at");
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const cursor = encodeURIComponent(first.body.next_cursor as string);
    expect((await call(`/v1/lists?per_page=2&sort_by=updated_at&cursor=${cursor}`)).body.items).toHaveLength(1);
    expect((await call(`/v1/lists?per_page=2&cursor=${cursor}`)).status).toBe(400);
    expect((await call(`/v1/lists?per_page=2&sort_by=updated_at&updated_after=2000-01-01&cursor=${cursor}`)).status).toBe(400);
    expect((await call(`/v1/users?cursor=${cursor}`)).status).toBe(400);
    // Another tenant's key cannot use it, and never sees these lists.
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = apiCaller(context, () => globex.key);
    expect((await theirs(`/v1/lists?per_page=2&sort_by=updated_at&cursor=${cursor}`)).status).toBe(400);
    expect((await theirs("/v1/lists?updated_after=2000-01-01")).body.items).toEqual([]);
  });
});

describe("cursor scans of a list's members and of the users", () => {
  it("reads every member that stays, once, while members before the scan's position leave and others join", async () => {
    const people: Array<{ uuid: string }> = [];
    for (let index = 0; index < 9; index++) people.push(await person(`P${index}`));
    const list = await createList("Big");
    for (const member of people) await addMembers(list.uuid, [member.uuid]);
    const scanned = await scan(`/v1/lists/${list.uuid}/entities`, 3, async (page) => {
      if (page !== 1) return;
      // Two members already read leave; one joins: page numbers would now skip two members.
      for (const gone of people.slice(0, 2)) expect((await call(`/v1/lists/${list.uuid}/entities/${gone.uuid}`, { method: "DELETE" })).status).toBe(204);
      const late = await person("Late");
      await addMembers(list.uuid, [late.uuid]);
    });
    const uuids = scanned.map((member) => member.entity_uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
    for (const stayed of people.slice(2)) expect(uuids).toContain(stayed.uuid);
    expect(uuids).toHaveLength(10);
  });

  it("scans the users by change time with cursors", async () => {
    const { store } = context.services;
    for (const name of ["Zed", "Yan", "Xia"]) {
      context.clock.advance(10);
      await store.users.create({ tenant_uuid: acme.tenant.uuid, name, email: `${name.toLowerCase()}@acme.example`, role: "member" });
    }
    const scanned = await scan("/v1/users?sort_by=updated_at", 2);
    expect(scanned.map((user) => user.name).slice(-3)).toEqual(["Zed", "Yan", "Xia"]);
    expect(scanned).toHaveLength(5);
  });
});
