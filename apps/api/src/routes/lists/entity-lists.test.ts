/** Entity lists: create, read, rename, delete, members; the owner-or-administrator rule with 404. */
import type { User } from "@rapport/store";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueApiKey } from "../../platform/auth/issue-api-key.js";
import { MAX_LIST_NAME_LENGTH } from "../../platform/request/field-limits.js";
import { secondConnection } from "../../testing/change-after-read.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
/** A second member, who owns nothing. */
let otherMember: User;
let otherMemberKey: string;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  otherMember = await context.services.store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Nora", email: "nora@example.com", role: "member" });
  otherMemberKey = (await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, userUuid: otherMember.uuid })).plaintext;
});
afterAll(() => context.close());

const json = async (response: Response) => (await response.json()) as Record<string, any>;

async function call(method: string, path: string, options: { key?: string; body?: unknown; userUuid?: string } = {}) {
  const response = await context.request(path, { key: options.key ?? acme.key, method, body: options.body, userUuid: options.userUuid });
  // A 204 has no body; an empty object keeps the assertions below simple.
  return { status: response.status, body: response.status === 204 ? {} : await json(response) };
}

const person = (name: string) => context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name });

async function createList(key: string, name = "Founders", kind = "persons") {
  const { status, body } = await call("POST", "/v1/lists", { key, body: { name, kind } });
  expect(status).toBe(201);
  return body as { uuid: string; owner_user_uuid: string | null };
}

describe("entity lists", () => {
  it("creates lists owned by the caller and lists them by name with kind and member count", async () => {
    const founders = await createList(acme.memberKey, "  Founders ");
    const targets = await createList(acme.key, "Targets", "companies");
    expect(founders).toMatchObject({ name: "Founders", kind: "persons", owner_user_uuid: acme.member.uuid, member_count: 0, created_at: context.clock.now() });
    expect(targets.owner_user_uuid).toBeNull();
    const jane = await person("Jane");
    await call("POST", `/v1/lists/${founders.uuid}/entities`, { key: acme.memberKey, body: { entity_type: "PERSON", entity_uuids: [jane.uuid] } });

    const all = await call("GET", "/v1/lists", { key: otherMemberKey });
    expect(all.body).toMatchObject({ total: 2, next_cursor: null });
    expect(all.body.items.map((list: { name: string; kind: string; member_count: number }) => [list.name, list.kind, list.member_count])).toEqual([
      ["Founders", "persons", 1],
      ["Targets", "companies", 0],
    ]);
    const companiesOnly = await call("GET", "/v1/lists?kind=companies");
    expect(companiesOnly.body.items.map((list: { uuid: string }) => list.uuid)).toEqual([targets.uuid]);
    expect((await call("GET", "/v1/lists?kind=deals")).status).toBe(400);
    // Cursors are accepted (since 2026-12-05); a damaged one is a 400.
    expect((await call("GET", "/v1/lists?cursor=abc")).status).toBe(400);
  });

  it("holds a name to its limit once trimmed, as it is stored", async () => {
    const name = "L".repeat(MAX_LIST_NAME_LENGTH);
    const created = await call("POST", "/v1/lists", { key: acme.memberKey, body: { name: `  ${name} `, kind: "persons" } });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(name);
    const tooLong = await call("POST", "/v1/lists", { key: acme.memberKey, body: { name: ` ${name}L `, kind: "persons" } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(new RegExp(`name.*at most ${MAX_LIST_NAME_LENGTH} characters`));
  });

  it("validates names and kinds", async () => {
    for (const body of [{ name: "  ", kind: "persons" }, { name: "X", kind: "people" }, { name: "X" }, { name: "X", kind: "persons", owner: "me" }]) {
      expect((await call("POST", "/v1/lists", { body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("pages members in the order they were added, one call's as sent, each typed by the list's kind, ready to hydrate", async () => {
    const list = await createList(acme.memberKey);
    const persons = [];
    for (let index = 0; index < 12; index++) {
      persons.push(await person(`P${index}`));
      context.clock.advance(1);
    }
    // A ranked shortlist: against uuid order within each call, a repeat keeping its first place.
    persons.sort((left, right) => right.uuid.localeCompare(left.uuid));
    for (const chunk of [persons.slice(0, 7), persons.slice(7)]) {
      context.clock.advance(1_000);
      const entity_uuids = [...chunk.map((item) => item.uuid), chunk[0]!.uuid];
      const added = await call("POST", `/v1/lists/${list.uuid}/entities`, { key: acme.memberKey, body: { entity_type: "PERSON", entity_uuids } });
      expect(added.status).toBe(200);
    }
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await call("GET", `/v1/lists/${list.uuid}/entities?per_page=5&page=${page}`, { key: otherMemberKey });
      expect(body).toMatchObject({ page, per_page: 5, total: 12, has_more: page < 3 });
      // A page number may switch to cursors: every page but the last offers one.
      expect(body.next_cursor === null).toBe(page === 3);
      for (const item of body.items) expect(item.entity_type).toBe("PERSON");
      seen.push(...body.items.map((item: { entity_uuid: string }) => item.entity_uuid));
    }
    expect(seen).toEqual(persons.map((item) => item.uuid));
    const hydrated = await call("GET", `/v1/persons?uuids=${seen.slice(0, 5).join(",")}`);
    expect(hydrated.body.total).toBe(5);
  });

  it("adds members all or nothing: the type must match the kind, every entity must exist in the tenant", async () => {
    const list = await createList(acme.memberKey);
    const jane = await person("Jane");
    const company = await context.services.store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Acme" });
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await context.services.store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Theirs" });
    const add = (body: unknown) => call("POST", `/v1/lists/${list.uuid}/entities`, { key: acme.memberKey, body });

    const wrongType = await add({ entity_type: "COMPANY", entity_uuids: [company.uuid] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe(`list ${list.uuid} holds persons: entity_type must be PERSON, not COMPANY`);
    const companyAsPerson = await add({ entity_type: "PERSON", entity_uuids: [jane.uuid, company.uuid] });
    expect(companyAsPerson.status).toBe(400);
    expect(companyAsPerson.body.error).toBe(`${company.uuid} is a company, and this list holds persons`);
    const foreign = await add({ entity_type: "PERSON", entity_uuids: [jane.uuid, theirs.uuid] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(`no person ${theirs.uuid} in this tenant`);
    expect((await add({ entity_type: "PERSON", entity_uuids: Array.from({ length: 101 }, () => jane.uuid) })).status).toBe(400);
    expect((await call("GET", `/v1/lists/${list.uuid}/entities`)).body.total).toBe(0);

    expect((await add({ entity_type: "PERSON", entity_uuids: [jane.uuid] })).body).toEqual({ added: 1, already_members: 0, member_count: 1 });
    expect((await add({ entity_type: "PERSON", entity_uuids: [jane.uuid] })).body).toEqual({ added: 0, already_members: 1, member_count: 1 });
    const companies = await createList(acme.memberKey, "Targets", "companies");
    const addCompany = await call("POST", `/v1/lists/${companies.uuid}/entities`, { key: acme.memberKey, body: { entity_type: "COMPANY", entity_uuids: [company.uuid] } });
    expect(addCompany.body).toMatchObject({ added: 1, member_count: 1 });
    expect((await call("GET", `/v1/lists/${companies.uuid}/entities`)).body.items[0]).toMatchObject({ entity_uuid: company.uuid, entity_type: "COMPANY" });
  });

  it("removes a member, and answers 404 for one that is not a member", async () => {
    const list = await createList(acme.memberKey);
    const jane = await person("Jane");
    await call("POST", `/v1/lists/${list.uuid}/entities`, { key: acme.memberKey, body: { entity_type: "PERSON", entity_uuids: [jane.uuid] } });
    expect((await call("DELETE", `/v1/lists/${list.uuid}/entities/${jane.uuid}`, { key: acme.memberKey })).status).toBe(204);
    const again = await call("DELETE", `/v1/lists/${list.uuid}/entities/${jane.uuid}`, { key: acme.memberKey });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(`${jane.uuid} is not a member of list ${list.uuid}`);
    expect((await context.services.store.persons.get(acme.tenant.uuid, jane.uuid))?.name).toBe("Jane");
  });
});

describe("the owner-or-administrator rule", () => {
  it("lets a member who is not the owner read the list but answers 404 to every modification", async () => {
    const list = await createList(acme.memberKey);
    const jane = await person("Jane");
    await call("POST", `/v1/lists/${list.uuid}/entities`, { key: acme.memberKey, body: { entity_type: "PERSON", entity_uuids: [jane.uuid] } });
    const bob = await person("Bob");
    const notFound = `list ${list.uuid} not found`;
    // The same 404 whether through a user-bound key or a tenant key acting as the member.
    for (const caller of [{ key: otherMemberKey }, { key: acme.key, userUuid: otherMember.uuid }]) {
      const attempts = [
        await call("PUT", `/v1/lists/${list.uuid}`, { ...caller, body: { name: "Mine now" } }),
        await call("POST", `/v1/lists/${list.uuid}/entities`, { ...caller, body: { entity_type: "PERSON", entity_uuids: [bob.uuid] } }),
        await call("DELETE", `/v1/lists/${list.uuid}/entities/${jane.uuid}`, caller),
        await call("DELETE", `/v1/lists/${list.uuid}`, caller),
      ];
      for (const attempt of attempts) expect(attempt).toEqual({ status: 404, body: { error: notFound } });
      expect((await call("GET", `/v1/lists/${list.uuid}/entities`, caller)).body.total).toBe(1);
    }
    const unchanged = (await call("GET", "/v1/lists")).body.items[0];
    expect(unchanged).toMatchObject({ name: "Founders", member_count: 1 });
  });

  it("answers the owner a list given to another user between the check and the write with the same 404, writing nothing", async () => {
    const { store } = context.services;
    const list = await createList(acme.memberKey);
    const [jane, bob] = [await person("Jane"), await person("Bob")];
    await store.entityLists.addMembers(acme.tenant.uuid, list.uuid, [jane.uuid], acme.member.uuid);
    const before = await store.entityLists.get(acme.tenant.uuid, list.uuid);
    // A second connection gives the list to Nora right after the handler's read: only the write's own check sees it.
    const other = secondConnection(context.databasePath);
    try {
      for (const [method, path, body] of [
        ["PUT", `/v1/lists/${list.uuid}`, { name: "Mine still" }],
        ["POST", `/v1/lists/${list.uuid}/entities`, { entity_type: "PERSON", entity_uuids: [bob.uuid] }],
        ["DELETE", `/v1/lists/${list.uuid}/entities/${jane.uuid}`, undefined],
        ["DELETE", `/v1/lists/${list.uuid}`, undefined],
      ] as const) {
        other.run("update entity_lists set owner_user_uuid = :mike where uuid = :uuid", { mike: acme.member.uuid, uuid: list.uuid });
        other.afterNextRead(store.entityLists, "get", "update entity_lists set owner_user_uuid = :nora where uuid = :uuid", { nora: otherMember.uuid, uuid: list.uuid });
        expect(await call(method, path, { key: acme.memberKey, body }), `${method} ${path}`).toEqual({ status: 404, body: { error: `list ${list.uuid} not found` } });
      }
    } finally {
      other.close();
    }
    expect(await store.entityLists.get(acme.tenant.uuid, list.uuid)).toEqual({ ...before, owner_user_uuid: otherMember.uuid });
  });

  it("lets the owner and an administrator modify it, and a tenant-wide key without user context", async () => {
    const list = await createList(acme.memberKey);
    const jane = await person("Jane");
    const bob = await person("Bob");
    expect((await call("PUT", `/v1/lists/${list.uuid}`, { key: acme.memberKey, body: { name: "By owner" } })).body.name).toBe("By owner");
    expect((await call("PUT", `/v1/lists/${list.uuid}`, { key: acme.adminKey, body: { name: "By admin" } })).body.name).toBe("By admin");
    expect((await call("PUT", `/v1/lists/${list.uuid}`, { key: acme.key, body: { name: "By integration" } })).body.name).toBe("By integration");
    expect((await call("POST", `/v1/lists/${list.uuid}/entities`, { key: acme.adminKey, body: { entity_type: "PERSON", entity_uuids: [jane.uuid, bob.uuid] } })).status).toBe(200);
    expect((await call("DELETE", `/v1/lists/${list.uuid}/entities/${bob.uuid}`, { key: acme.key, userUuid: acme.admin.uuid })).status).toBe(204);
    expect((await call("DELETE", `/v1/lists/${list.uuid}`, { key: acme.adminKey })).status).toBe(204);
    expect((await call("GET", `/v1/lists/${list.uuid}/entities`)).status).toBe(404);
    expect((await call("GET", "/v1/lists")).body.total).toBe(0);
  });

  it("lets an administrator hand a leaver's list to an active user, and its owner give it away; anyone else gets 404", async () => {
    const list = await createList(acme.memberKey);
    const handTo = (owner_user_uuid: string, key: string, name?: string) => call("PUT", `/v1/lists/${list.uuid}`, { key, body: { owner_user_uuid, name } });
    expect(await handTo(otherMember.uuid, otherMemberKey)).toEqual({ status: 404, body: { error: `list ${list.uuid} not found` } });
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const refused = await handTo(unknown, acme.adminKey, "Renamed");
    expect(refused).toEqual({ status: 400, body: { error: `owner ${unknown} is not an active user of this tenant (a user UUID or a user's person UUID)` } });
    expect((await call("PUT", `/v1/lists/${list.uuid}`, { key: acme.adminKey, body: {} })).status).toBe(400);
    // The leaver's ownership as read goes back unchanged (GET then PUT); a new owner must be active.
    expect((await handTo(acme.member.uuid, acme.adminKey)).body).toMatchObject({ name: "Founders", owner_user_uuid: acme.member.uuid });
    const handed = await handTo(otherMember.person_uuid, acme.adminKey);
    expect(handed).toMatchObject({ status: 200, body: { name: "Founders", owner_user_uuid: otherMember.uuid } });
    expect((await handTo(acme.member.uuid, acme.adminKey)).status).toBe(400);
    expect((await handTo(acme.admin.uuid, otherMemberKey, "Given away")).body).toMatchObject({ name: "Given away", owner_user_uuid: acme.admin.uuid });
    expect((await call("PUT", `/v1/lists/${list.uuid}`, { key: otherMemberKey, body: { name: "Back" } })).status).toBe(404);
  });

  it("keeps a list created without user context modifiable only by administrators and tenant-wide calls", async () => {
    const list = await createList(acme.key);
    expect((await call("PUT", `/v1/lists/${list.uuid}`, { key: acme.memberKey, body: { name: "X" } })).status).toBe(404);
    expect((await call("PUT", `/v1/lists/${list.uuid}`, { key: acme.adminKey, body: { name: "Y" } })).status).toBe(200);
    expect((await call("DELETE", `/v1/lists/${list.uuid}`, { key: acme.key })).status).toBe(204);
  });

  it("answers 404 for another tenant's list to every caller, administrator included", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await createList(other.key, "Their list");
    for (const [method, path, body] of [
      ["GET", `/v1/lists/${theirs.uuid}/entities`, undefined],
      ["PUT", `/v1/lists/${theirs.uuid}`, { name: "Stolen" }],
      ["POST", `/v1/lists/${theirs.uuid}/entities`, { entity_type: "PERSON", entity_uuids: [acme.member.person_uuid] }],
      ["DELETE", `/v1/lists/${theirs.uuid}`, undefined],
    ] as const) {
      expect((await call(method, path, { key: acme.adminKey, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await call("GET", "/v1/lists", { key: acme.key })).body.total).toBe(0);
    expect((await call("GET", "/v1/lists", { key: other.key })).body.items[0].name).toBe("Their list");
  });
});
