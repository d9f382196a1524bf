import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesNothing } from "../../operations/operation.js";
import { operations } from "../../routes/operations.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../../testing/test-harness.js";

let context: TestContext;
let tenant: PopulatedTenant;

beforeAll(async () => {
  context = await createTestContext();
  tenant = await buildPopulatedTenant(context.services, "Conditional");
});
afterAll(() => context.close());

const companyPath = () => `/v1/companies/${tenant.pathIds.company_uuid}`;
const meetingPath = () => `/v1/meetings/${tenant.pathIds.meeting_uuid}`;

describe("If-Match on a write", () => {
  it("is a 412 naming it on a record read without an ETag, the record left as it was, where the write was done as if unconditional", async () => {
    const before = await context.json(meetingPath(), { key: tenant.key });
    expect((await context.request(meetingPath(), { key: tenant.key })).headers.get("etag")).toBeNull();
    const refused = await context.json(meetingPath(), { key: tenant.key, method: "PUT", body: { title: "Overwritten" }, headers: { "If-Match": '"17"' } });
    expect(refused.status).toBe(412);
    expect(refused.body?.error).toMatch(/^If-Match "17" matches nothing: only persons, companies and opportunities are read with an ETag/);
    expect((await context.json(meetingPath(), { key: tenant.key })).body).toEqual(before.body);
  });

  it("is a 412 saying the record changed on a tagged record, the record left as it was", async () => {
    const before = await context.json(companyPath(), { key: tenant.key });
    const refused = await context.json(companyPath(), { key: tenant.key, method: "PUT", body: { sector: "Overwritten" }, headers: { "If-Match": '"17"' } });
    expect(refused.status).toBe(412);
    expect(refused.body?.error).toMatch(/^company [0-9a-f-]{36} changed since it was read: If-Match "17" is not its current ETag/);
    expect((await context.json(companyPath(), { key: tenant.key })).body).toEqual(before.body);
  });

  it("is a 412 for a weak tag and a list of tags alike", async () => {
    for (const ifMatch of ['W/"17"', '"a", "b"']) {
      const refused = await context.request(companyPath(), { key: tenant.key, method: "PUT", body: { sector: "Overwritten" }, headers: { "If-Match": ifMatch } });
      expect(refused.status, ifMatch).toBe(412);
    }
  });

  it("holds as * for a record that exists, and is a 404 for one that does not", async () => {
    const written = await context.json(companyPath(), { key: tenant.key, method: "PUT", body: { sector: "Robotics" }, headers: { "If-Match": "*" } });
    expect(written.status).toBe(200);
    const missing = await context.request("/v1/companies/00000000-0000-4000-8000-000000000000", { key: tenant.key, method: "PUT", body: { sector: "Robotics" }, headers: { "If-Match": "*" } });
    expect(missing.status).toBe(404);
  });

  it("leaves a read answered as it would be (a read evaluates If-None-Match only)", async () => {
    const read = await context.request(companyPath(), { key: tenant.key, headers: { "If-Match": '"17"' } });
    expect(read.status).toBe(200);
  });

  // Every write of the table, its example sent: a new write is covered with no edit here. A merge's If-Match names
  // both records' tags, refused only once both exist (its example's superseded record does not): tested by
  // operations/conditional-writes.other-writers.test.ts.
  const writes = operations.filter((operation) => !changesNothing(operation) && operation.mergeOf === undefined);
  it.each(writes.map((operation) => [operation.operationId, operation] as const))("%s answers 412", async (_id, operation) => {
    context.clock.advance(1_000);
    const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(tenant.pathIds[name] ?? "00000000-0000-4000-8000-000000000000"));
    const response = await context.request(path, {
      key: tenant.key,
      method: operation.method.toUpperCase(),
      body: operation.body ? (operation.example?.body ?? {}) : undefined,
      headers: { "If-Match": '"1"' },
    });
    expect(response.status, await response.clone().text()).toBe(412);
  });
});
