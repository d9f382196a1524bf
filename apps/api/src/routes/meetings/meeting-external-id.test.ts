import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

const call = (path: string, options: { method?: string; body?: unknown; key?: string } = {}) => context.json(path, { ...options, key: options.key ?? acme.key });
const post = (fields: object, key?: string) => call("/v1/meetings", { method: "POST", key, body: { title: "Sync", starts_at: "2026-11-25T15:00:00Z", attendees: [], ...fields } });

describe("a meeting's external_id", () => {
  it("is refused with 409 naming the meeting that has it, on POST and on a PUT setting it, and nothing is written", async () => {
    const first = await post({ external_id: "uid-1@calendar.example" });
    expect(first.status).toBe(201);
    const again = await post({ title: "Copy", external_id: "uid-1@calendar.example", attendees: ["new.person@northwind.example"] });
    expect(again).toEqual({ status: 409, body: { error: `a meeting with external_id 'uid-1@calendar.example' exists: ${first.body!.uuid}` } });
    expect((await call("/v1/meetings")).body!.total).toBe(1);
    expect(await context.services.store.persons.findByEmails(acme.tenant.uuid, ["new.person@northwind.example"])).toEqual(new Map());

    const second = await post({ external_id: "uid-2@calendar.example" });
    const taken = await call(`/v1/meetings/${second.body!.uuid}`, { method: "PUT", body: { title: "Renamed", external_id: "uid-1@calendar.example" } });
    expect(taken).toEqual({ status: 409, body: { error: `a meeting with external_id 'uid-1@calendar.example' exists: ${first.body!.uuid}` } });
    expect((await call(`/v1/meetings/${second.body!.uuid}`)).body).toMatchObject({ title: "Sync", external_id: "uid-2@calendar.example" });
  });

  it("lets a meeting keep or clear its own external_id, and several meetings have none", async () => {
    const meeting = await post({ external_id: "uid-1@calendar.example" });
    const kept = await call(`/v1/meetings/${meeting.body!.uuid}`, { method: "PUT", body: { title: "Kept", external_id: "uid-1@calendar.example" } });
    expect([kept.status, kept.body!.title]).toEqual([200, "Kept"]);
    expect((await call(`/v1/meetings/${meeting.body!.uuid}`, { method: "PUT", body: { external_id: null } })).body!.external_id).toBeNull();
    expect((await post({ external_id: null })).status).toBe(201);
    expect((await post({})).status).toBe(201);
    // A blank id is none, as blank text is null elsewhere: "" was stored as a key, and a second meeting sent with "" was a 409.
    for (const blank of ["", " "]) expect(await post({ external_id: blank })).toMatchObject({ status: 201, body: { external_id: null } });
    expect((await post({ external_id: "uid-1@calendar.example" })).status).toBe(201);
  });

  it("is free again once the meeting that had it is deleted, as the calendar import treats it", async () => {
    const deleted = await post({ external_id: "uid-1@calendar.example" });
    expect((await call(`/v1/meetings/${deleted.body!.uuid}`, { method: "DELETE" })).status).toBe(204);
    expect((await post({ external_id: "uid-1@calendar.example" })).status).toBe(201);
  });

  it("is no conflict with another tenant's meeting, whose uuid is never shown", async () => {
    const globex = await buildTenant(context.services, { name: "Globex" });
    expect((await post({ external_id: "uid-1@calendar.example" }, globex.key)).status).toBe(201);
    expect((await post({ external_id: "uid-1@calendar.example" })).status).toBe(201);
  });

  it("lets only one of two concurrent POSTs with the same external_id through", async () => {
    const answers = await Promise.all([post({ title: "A", external_id: "uid-1@calendar.example" }), post({ title: "B", external_id: "uid-1@calendar.example" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const listed = (await call("/v1/meetings")).body!;
    expect(listed.total).toBe(1);
    expect(answers.find((answer) => answer.status === 409)!.body!.error).toBe(`a meeting with external_id 'uid-1@calendar.example' exists: ${listed.items[0].uuid}`);
  });
});
