/**
 * Every operation with a person in its path answers a merged-away person's uuid with a 404 that names the person
 * it was merged into (docs/api-decisions.md, Person merge), derived from the operation table so a new one is held
 * to it with no edit here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../operations.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let keep: string;
let gone: string;
let bystander: string;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenant_uuid = acme.tenant.uuid;
  keep = (await store.persons.create({ tenant_uuid, name: "Ada Kept", emails: ["ada@kept.example"] })).uuid;
  gone = (await store.persons.create({ tenant_uuid, name: "Ada Duplicate", emails: ["ada@dup.example"] })).uuid;
  bystander = (await store.persons.create({ tenant_uuid, name: "Bo Bystander" })).uuid;
  await store.personMerges.merge({ tenant_uuid, canonical_uuid: keep, superseded_uuid: gone, preview: false, merged_by_user_uuid: null });
});
afterAll(() => context.close());

/** The smallest valid body each method's person operation takes. */
const bodyFor = (operationId: string, method: string): unknown =>
  operationId === "mergePerson" ? { superseded_person_uuid: bystander, preview: true } : method === "put" || method === "patch" ? {} : undefined;

const personPathOperations = operations.filter((operation) => operation.path.startsWith("/v1/persons/{person_uuid}"));

describe("a merged-away person's uuid in the path", () => {
  it("covers the person operations of the table", () => {
    expect(personPathOperations.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(["getPerson", "getPersonRecommendedPaths", "listPersonActivity", "getPersonAiSummary"]),
    );
  });

  it.each(personPathOperations.map((operation) => [operation.operationId, operation] as const))("%s answers 404 naming the person it was merged into", async (_id, operation) => {
    const response = await context.request(operation.path.replace("{person_uuid}", gone), {
      key: acme.adminKey,
      method: operation.method.toUpperCase(),
      body: bodyFor(operation.operationId, operation.method),
    });
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain(`person ${gone}`);
    expect(error).toContain(`merged into person ${keep}`);
  });
});

describe("a merged-away person's uuid as the member in DELETE /v1/lists/{list_uuid}/entities/{entity_uuid}", () => {
  it("answers 404 naming the person it was merged into, the member the merge left on the list", async () => {
    const key = acme.adminKey;
    const list = await context.json("/v1/lists", { key, method: "POST", body: { name: "Targets", kind: "persons" } });
    const members = `/v1/lists/${list.body!.uuid}/entities`;
    expect((await context.json(members, { key, method: "POST", body: { entity_type: "PERSON", entity_uuids: [keep] } })).status).toBe(200);
    expect(await context.json(`${members}/${gone}`, { key, method: "DELETE" })).toEqual({
      status: 404,
      body: { error: `${gone} is not a member of list ${list.body!.uuid}: it was merged into person ${keep}` },
    });
    expect((await context.json(`${members}/${bystander}`, { key, method: "DELETE" })).body).toEqual({ error: `${bystander} is not a member of list ${list.body!.uuid}` });
    expect((await context.json(`${members}/${keep}`, { key, method: "DELETE" })).status).toBe(204);
  });
});
