/**
 * After an erasure, over REST: a person is not created or given the erased address (409, or an ERROR item of a
 * batch), mail naming it leaves it out or is SKIPPED, and another tenant is neither affected nor told anything.
 */
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;
let dan: string;

const REFUSAL = "email zelda@quintero.example was erased on a data subject's request: it is not stored again unless an operator allows it (rapport persons allow-address)";

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  other = await buildTenant(context.services, { name: "Other" });
  const { store } = context.services;
  const zelda = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Zelda Quintero", emails: ["zelda@quintero.example"] });
  dan = (await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Dan Ortiz", emails: ["dan@initech.example"] })).uuid;
  expect((await context.json(`/v1/persons/${zelda.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
});
afterAll(() => context.close());

describe("erased addresses over REST", () => {
  it("POST /v1/persons and PUT /v1/persons/{uuid} refuse the address with a 409 that says why", async () => {
    const created = await context.json("/v1/persons", { key: acme.key, method: "POST", body: { name: "Zelda", emails: ["Zelda@Quintero.example"] } });
    expect(created).toEqual({ status: 409, body: { error: REFUSAL } });
    const updated = await context.json(`/v1/persons/${dan}`, { key: acme.key, method: "PUT", body: { emails: ["dan@initech.example", "zelda@quintero.example"] } });
    expect(updated).toEqual({ status: 409, body: { error: REFUSAL } });
    // Another tenant stores it as any address, and learns nothing of the erasure.
    expect((await context.json("/v1/persons", { key: other.key, method: "POST", body: { name: "Zelda", emails: ["zelda@quintero.example"] } })).status).toBe(201);
  });

  it("PUT /v1/persons/{uuid} keeps the LinkedIn profile the person holds when another person of it is erased; no one else is given it", async () => {
    const { store } = context.services;
    const tenant_uuid = acme.tenant.uuid;
    const gus = await store.persons.create({ tenant_uuid, name: "Gus Hale", linkedin_url: "https://www.linkedin.com/in/gus-hale" });
    const page = "https://www.linkedin.com/in/gus-hale/en";
    const again = await store.persons.create({ tenant_uuid, name: "Gus Hale", linkedin_url: page });
    // Left on the profile's key of before store migration 0063, as the migration leaves a second person of a profile.
    const sqlite = new SqliteDatabase(context.databasePath);
    sqlite.prepare("update persons set linkedin_key = 'linkedin.com/in/gus-hale/en' where uuid = ?").run(again.uuid);
    sqlite.close();
    expect((await context.json(`/v1/persons/${gus.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    const resent = await context.json(`/v1/persons/${again.uuid}`, { key: acme.key, method: "PUT", body: { name: "Gus H.", linkedin_url: page } });
    expect(resent).toMatchObject({ status: 200, body: { name: "Gus H.", linkedin_url: page } });
    const given = await context.json(`/v1/persons/${dan}`, { key: acme.key, method: "PUT", body: { linkedin_url: page } });
    expect(given).toMatchObject({ status: 409, body: { error: `linkedin_url ${page} was erased on a data subject's request: it is not stored again unless an operator allows it (rapport persons allow-address)` } });
  });

  it("POST /v1/persons/batch answers such an item ERROR, the others as ever", async () => {
    const batch = await context.json("/v1/persons/batch", {
      key: acme.key,
      method: "POST",
      body: { persons: [{ name: "Zelda", emails: ["zelda@quintero.example"] }, { name: "Dan", emails: ["dan@initech.example"] }, { name: "Sam", emails: ["sam@globex.example"] }] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body!.results.map((result: { status: string }) => result.status)).toEqual(["ERROR", "MATCHED", "CREATED"]);
    expect(batch.body!.results[0]).toMatchObject({ error: REFUSAL, person: null });
    expect(batch.body).toMatchObject({ created: 1, matched: 1, errors: 1 });
  });

  it("POST /v1/emails/batch leaves the address out, and SKIPS an email it sent or shared with one person", async () => {
    const message = (id: string, from: string, to: string[]) => ({ message_id: id, sent_at: TEST_START - 1_000, from, to });
    const ingested = await context.json("/v1/emails/batch", {
      key: acme.key,
      method: "POST",
      body: {
        messages: [
          message("<e1@x.example>", "zelda@quintero.example", ["dan@initech.example"]),
          message("<e2@x.example>", "dan@initech.example", ["zelda@quintero.example"]),
          message("<e3@x.example>", "dan@initech.example", ["zelda@quintero.example", "sam@globex.example"]),
        ],
      },
    });
    expect(ingested.status).toBe(200);
    const [sent, alone, shared] = ingested.body!.results;
    expect(sent).toEqual({ index: 0, message_id: "<e1@x.example>", status: "SKIPPED", email_uuid: null, from_person_uuid: null, participant_person_uuids: [], error: "not stored: its sender's address was erased on a data subject's request" });
    expect(alone).toMatchObject({ status: "SKIPPED", error: "not stored: without the addresses that were erased on a data subject's request, it names fewer than two persons" });
    expect(shared).toMatchObject({ status: "CREATED", from_person_uuid: dan, participant_person_uuids: [expect.any(String)], error: null });
    const lookup = await context.json("/v1/persons/lookup/batch", { key: acme.key, method: "POST", body: { criteria: [{ email: "zelda@quintero.example" }] } });
    expect(lookup.body!.results[0]).toMatchObject({ status: "NOT_FOUND" });
    // Another tenant's mail from the same address is stored as ever.
    const elsewhere = await context.json("/v1/emails/batch", { key: other.key, method: "POST", body: { messages: [message("<e1@x.example>", "zelda@quintero.example", ["dan@initech.example"])] } });
    expect(elsewhere.body!.results[0]).toMatchObject({ status: "CREATED" });
  });
});
