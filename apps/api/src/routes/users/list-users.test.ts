/**
 * GET /v1/users for a sync: each user's updated_at, and updated_after / sort_by=updated_at to learn which users were
 * deactivated or reactivated (their scores leave or rejoin every person and company they dealt with) since a poll.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { queryFingerprint } from "../../platform/listing/cursor-codec.js";
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

type UserItem = { uuid: string; name: string; is_active: boolean; updated_at: number };
const items = async (path: string) => {
  const answer = await call(path);
  expect(answer.status).toBe(200);
  return (answer.body as { items: UserItem[] }).items;
};
const iso = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString();

describe("GET /v1/users for change polling", () => {
  it("shows updated_at, and updated_after brings a user deactivated or reactivated since the watermark", async () => {
    const { store } = context.services;
    const [newest] = await items("/v1/users?sort_by=updated_at&order=desc&per_page=1");
    const watermark = newest!.updated_at;
    expect(typeof watermark).toBe("number");
    context.clock.advance(1_000);
    expect(await items(`/v1/users?updated_after=${iso(watermark + 1)}`)).toEqual([]);

    await store.users.deactivate(acme.tenant.uuid, acme.member.uuid);
    const changed = await items(`/v1/users?updated_after=${iso(watermark + 1)}`);
    expect(changed).toEqual([expect.objectContaining({ uuid: acme.member.uuid, is_active: false, updated_at: context.clock.now() })]);

    context.clock.advance(1_000);
    await store.users.reactivate(acme.tenant.uuid, acme.member.uuid);
    const next = changed[0]!.updated_at;
    expect(await items(`/v1/users?updated_after=${iso(next + 1)}`)).toEqual([
      expect.objectContaining({ uuid: acme.member.uuid, is_active: true, updated_at: context.clock.now() }),
    ]);
    // By change time: the watermark's user last.
    expect((await items("/v1/users?sort_by=updated_at")).map((user) => user.uuid).at(-1)).toBe(acme.member.uuid);
  });

  it("answers a 400 for a malformed updated_after or an unknown sort_by, and lists no other tenant's users", async () => {
    const epoch = await call("/v1/users?updated_after=1796445858584");
    expect(epoch.status).toBe(400);
    expect(epoch.body?.error).toContain("send the same instant as ISO 8601 with milliseconds");
    expect((await call("/v1/users?sort_by=email")).status).toBe(400);
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = (await apiCaller(context, () => globex.key)("/v1/users?updated_after=2000-01-01")).body as { items: UserItem[] };
    expect(theirs.items.map((user) => user.uuid).sort()).toEqual([globex.admin.uuid, globex.member.uuid].sort());
  });
});

describe("GET /v1/users by name", () => {
  it("lists alphabetically whatever the case and accents, cursor pages included, and refuses a name cursor of an earlier release", async () => {
    for (const [name, email] of [["Zeta Ops", "zeta@acme.test"], ["émile Durand", "emile@acme.test"], ["Ábel Kis", "abel@acme.test"]]) {
      await context.services.store.users.create({ tenant_uuid: acme.tenant.uuid, name: name!, email: email!, role: "member" });
    }
    const names = (await items("/v1/users?per_page=50")).map((user) => user.name);
    const expected = ["Ábel Kis", acme.admin.name, "émile Durand", acme.member.name, "Zeta Ops"];
    expect(names).toEqual(expected);
    expect((await items("/v1/users?order=desc&per_page=50")).map((user) => user.name)).toEqual([...expected].reverse());
    const walked: string[] = [];
    for (let cursor = ""; ; ) {
      const answer = await call(`/v1/users?per_page=2${cursor && `&cursor=${encodeURIComponent(cursor)}`}`);
      const body = answer.body as { items: UserItem[]; next_cursor: string | null };
      walked.push(...body.items.map((user) => user.name));
      if (!body.next_cursor) break;
      cursor = body.next_cursor;
    }
    expect(walked).toEqual(expected);

    const cursors = await cursorCodecFor(context.services.store);
    const earlier = (sortBy: string, key: unknown[]) =>
      encodeURIComponent(
        cursors.encode({ query: queryFingerprint({ operation: "listUsers", tenant: acme.tenant.uuid, sort_by: sortBy, order: "asc", updated_after: undefined }), key: key as never, page: 2 }),
      );
    const byName = await call(`/v1/users?per_page=2&cursor=${earlier("name", ["Zeta Ops", acme.admin.uuid])}`);
    expect(byName.status).toBe(400);
    expect(byName.body?.error).toMatch(/^cursor no longer valid: users are listed alphabetically by name since this version/);
    expect((await call(`/v1/users?sort_by=updated_at&per_page=2&cursor=${earlier("updated_at", [0, acme.admin.uuid])}`)).status).toBe(200);
  });
});
