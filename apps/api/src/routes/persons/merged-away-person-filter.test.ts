/**
 * A list filtered by a merged-away person (`person_uuid` of the activity feed, emails and meetings; the person filters
 * of opportunities; `entity_type=PERSON&entity_uuid=` of notes and tasks; the user filters that take a user's person)
 * answers the 404 naming the canonical person, as `GET /v1/persons/{uuid}/activity` does; an unknown uuid, or another
 * tenant's merged-away person, still filters to no items (a user filter still refuses it as no user).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let keep: string;
let gone: string;
let theirGone: string;

async function mergedPair(tenant_uuid: string, marker: string) {
  const { store } = context.services;
  const kept = (await store.persons.create({ tenant_uuid, name: `${marker} Kept`, emails: [`kept@${marker}.example`] })).uuid;
  const duplicate = (await store.persons.create({ tenant_uuid, name: `${marker} Duplicate`, emails: [`dup@${marker}.example`] })).uuid;
  await store.personMerges.merge({ tenant_uuid, canonical_uuid: kept, superseded_uuid: duplicate, preview: false, merged_by_user_uuid: null });
  return { kept, duplicate };
}

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  ({ kept: keep, duplicate: gone } = await mergedPair(acme.tenant.uuid, "acme"));
  const globex = await buildTenant(context.services, { name: "Globex" });
  theirGone = (await mergedPair(globex.tenant.uuid, "globex")).duplicate;
});
afterAll(() => context.close());

const LISTS = ["/v1/activity", "/v1/emails", "/v1/meetings"];

async function get(path: string) {
  const response = await context.request(path, { key: acme.key });
  return { status: response.status, body: (await response.json()) as { error?: string; items?: unknown[] } };
}

describe.each(LISTS)("%s?person_uuid=", (list) => {
  it("answers 404 naming the person a merged-away person went into, as the person's own path does", async () => {
    const filtered = await get(`${list}?person_uuid=${gone}`);
    expect(filtered.status).toBe(404);
    expect(filtered.body.error).toBe(`person_uuid: person ${gone} was merged into person ${keep}; filter by that person`);
    const path = await get(`/v1/persons/${gone}/activity`);
    expect(path.status).toBe(404);
    expect(path.body.error).toContain(`merged into person ${keep}`);
  });

  it("lists the canonical person, and no items for an unknown uuid or another tenant's merged-away person", async () => {
    expect((await get(`${list}?person_uuid=${keep}`)).status).toBe(200);
    for (const uuid of ["00000000-0000-4000-8000-000000000000", theirGone]) {
      const filtered = await get(`${list}?person_uuid=${uuid}`);
      expect(filtered.status, uuid).toBe(200);
      expect(filtered.body.items).toEqual([]);
    }
  });
});

describe("/v1/opportunities by person", () => {
  const FILTERS = ["person_uuid", "intro_person_uuid", "related_person_uuid"];

  it.each(FILTERS)("%s of a merged-away person answers 404 naming the person it went into", async (filter) => {
    const filtered = await get(`/v1/opportunities?${filter}=${gone}`);
    expect(filtered.status).toBe(404);
    expect(filtered.body.error).toBe(`${filter}: person ${gone} was merged into person ${keep}; filter by that person`);
  });

  it("answers 404 for a merged-away person among the persons of a union", async () => {
    const filtered = await get(`/v1/opportunities?person_uuid=${keep},${gone}`);
    expect(filtered.status).toBe(404);
    expect(filtered.body.error).toContain(`person ${gone} was merged into person ${keep}`);
  });

  it.each(FILTERS)("%s of the canonical person, an unknown uuid or another tenant's merged-away person lists", async (filter) => {
    for (const uuid of [keep, "00000000-0000-4000-8000-000000000000", theirGone]) {
      const filtered = await get(`/v1/opportunities?${filter}=${uuid}`);
      expect(filtered.status, uuid).toBe(200);
      expect(filtered.body.items).toEqual([]);
    }
  });
});

describe.each(["/v1/notes", "/v1/tasks"])("%s?entity_type=PERSON&entity_uuid=", (list) => {
  it("answers 404 naming the person a merged-away person went into", async () => {
    const filtered = await get(`${list}?entity_type=PERSON&entity_uuid=${gone}`);
    expect(filtered.status).toBe(404);
    expect(filtered.body.error).toBe(`entity_uuid: person ${gone} was merged into person ${keep}; filter by that person`);
  });

  it("lists the canonical person, and no items for an unknown uuid or another tenant's merged-away person", async () => {
    for (const uuid of [keep, "00000000-0000-4000-8000-000000000000", theirGone]) {
      const filtered = await get(`${list}?entity_type=PERSON&entity_uuid=${uuid}`);
      expect(filtered.status, uuid).toBe(200);
      expect(filtered.body.items).toEqual([]);
    }
  });

  it("leaves a company filter alone, even with a merged-away person's uuid", async () => {
    const filtered = await get(`${list}?entity_type=COMPANY&entity_uuid=${gone}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.items).toEqual([]);
  });
});

describe("user filters given a user's person merged away", () => {
  let tenantKey: string;
  let oldPerson: string;
  let newPerson: string;

  beforeAll(async () => {
    const { store } = context.services;
    const initech = await buildTenant(context.services, { name: "Initech" });
    const tenant_uuid = initech.tenant.uuid;
    tenantKey = initech.key;
    // A deactivated user's person merged into a contact: the user moves to it, and is reactivated on it.
    oldPerson = initech.member.person_uuid;
    newPerson = (await store.persons.create({ tenant_uuid, name: "Mike Contact", emails: ["mike@initech.example"] })).uuid;
    await store.users.deactivate(tenant_uuid, initech.member.uuid);
    await store.personMerges.merge({ tenant_uuid, canonical_uuid: newPerson, superseded_uuid: oldPerson, preview: false, merged_by_user_uuid: null });
    await store.users.reactivate(tenant_uuid, initech.member.uuid);
  });

  it.each([
    ["/v1/opportunities", "owner_user_uuid"],
    ["/v1/tasks", "assignee_user_uuid"],
  ])("%s?%s= of the old person answers 404 naming the user's person now; that one lists", async (list, filter) => {
    const filtered = await context.json(`${list}?${filter}=${oldPerson}`, { key: tenantKey });
    expect(filtered).toEqual({ status: 404, body: { error: `${filter}: person ${oldPerson} was merged into person ${newPerson}; filter by that person` } });
    const current = await context.json(`${list}?${filter}=${newPerson}`, { key: tenantKey });
    expect(current.status).toBe(200);
    expect(current.body!.items).toEqual([]);
  });

  it("owner_user_uuid with the old person among live users' uuids answers the same 404, not a narrower list", async () => {
    const filtered = await context.json(`/v1/opportunities?owner_user_uuid=${newPerson},${oldPerson}`, { key: tenantKey });
    expect(filtered.status).toBe(404);
    expect(filtered.body!.error).toContain(`person ${oldPerson} was merged into person ${newPerson}`);
  });

  it.each([
    ["/v1/opportunities", "owner_user_uuid"],
    ["/v1/tasks", "assignee_user_uuid"],
  ])("%s?%s= of a contact merged into another contact is refused as no user, with no advice leading to that refusal", async (list, filter) => {
    const filtered = await get(`${list}?${filter}=${gone}`);
    expect(filtered.status).toBe(400);
    expect(filtered.body.error).not.toContain("filter by that person");
  });

  it.each([
    ["/v1/opportunities", "owner_user_uuid"],
    ["/v1/tasks", "assignee_user_uuid"],
  ])("%s?%s= of another tenant's merged-away person is refused as a stranger, naming no one", async (list, filter) => {
    const filtered = await get(`${list}?${filter}=${oldPerson}`);
    expect(filtered.status).toBe(400);
    expect(filtered.body.error).not.toContain("merged");
  });
});
