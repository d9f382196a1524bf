/**
 * A member cursor of `GET /v1/lists/{list_uuid}/entities` serves its own list only: another list's scan, the lists
 * and another tenant refuse it, and once the list is deleted the scan is the list's 404. One of the order before store
 * migration 0079 is a 400 that says to start again.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { queryFingerprint } from "../../platform/listing/cursor-codec.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
});
afterEach(() => context.close());

async function call(method: string, path: string, key = acme.key, body?: unknown) {
  const response = await context.request(path, { key, method, body });
  return { status: response.status, body: response.status === 204 ? {} : ((await response.json()) as Record<string, any>) };
}

async function personsList(name: string, members: number) {
  const list = (await call("POST", "/v1/lists", acme.key, { name, kind: "persons" })).body.uuid as string;
  const uuids = [];
  for (let index = 0; index < members; index++) uuids.push((await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: `${name} ${index}` })).uuid);
  expect((await call("POST", `/v1/lists/${list}/entities`, acme.key, { entity_type: "PERSON", entity_uuids: uuids })).status).toBe(200);
  return list;
}

describe("a list's member cursor", () => {
  it("goes on with its own list only, and ends with the list", async () => {
    const founders = await personsList("Founders", 3);
    const targets = await personsList("Targets", 3);
    const first = await call("GET", `/v1/lists/${founders}/entities?per_page=0`);
    expect(first.body).toMatchObject({ per_page: 1, has_more: true });
    const cursor = encodeURIComponent(first.body.next_cursor as string);

    expect((await call("GET", `/v1/lists/${founders}/entities?per_page=500&cursor=${cursor}`)).body).toMatchObject({ per_page: 50, page: 2, total: null, has_more: false });
    for (const path of [`/v1/lists/${targets}/entities`, "/v1/lists", "/v1/persons"]) {
      const refused = await call("GET", `${path}?cursor=${cursor}`);
      expect(refused.status, path).toBe(400);
      expect(refused.body.error, path).toMatch(/cursor is for another scan/);
    }
    // A cursor issued before the members' order became the order sent (its key: added_at and uuid).
    const before = (await cursorCodecFor(context.services.store)).encode({
      query: queryFingerprint({ operation: "listEntityListEntities", tenant: acme.tenant.uuid, list: founders }),
      key: [context.clock.now(), first.body.items[0].entity_uuid],
      page: 2,
    });
    const refused = await call("GET", `/v1/lists/${founders}/entities?cursor=${encodeURIComponent(before)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/start a new scan without cursor/);
    const theirs = await call("GET", `/v1/lists/${founders}/entities?cursor=${cursor}`, globex.key);
    expect(theirs).toEqual({ status: 404, body: { error: `list ${founders} not found` } });

    expect((await call("DELETE", `/v1/lists/${founders}`)).status).toBe(204);
    expect(await call("GET", `/v1/lists/${founders}/entities?cursor=${cursor}`)).toEqual({ status: 404, body: { error: `list ${founders} not found` } });
  });
});
