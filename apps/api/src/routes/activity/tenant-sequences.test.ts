/**
 * Over a real port: a tenant's `sequence` in `GET /v1/activity` and `GET /v1/deletions` is its own (store migration
 * 0062), so another tenant's writes leave no gap a poller could read their volume or timing from.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let server: RunningServer;
let acme: TestTenant;
let globex: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
  server = await startServer(context.services, { port: 0 });
});
afterEach(async () => {
  await server.close(100);
  await context.close();
});

async function call(path: string, key: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { "x-api-key": key, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>) };
}

let messages = 0;
async function email(tenant: TestTenant) {
  messages += 1;
  const message = { message_id: `<${messages}@x>`, sent_at: "2026-11-20T09:00:00Z", subject: `m${messages}`, from: "jordan@northwind.example", to: [tenant.admin.email] };
  expect((await call("/v1/emails/batch", tenant.key, { method: "POST", body: { messages: [message] } })).status).toBe(200);
}

async function deletedNote(tenant: TestTenant) {
  const created = await call("/v1/notes", tenant.key, { method: "POST", body: { content: "Call notes" } });
  expect(created.status).toBe(201);
  expect((await call(`/v1/notes/${String(created.body!.uuid)}`, tenant.key, { method: "DELETE" })).status).toBe(204);
}

const sequences = async (path: string, tenant: TestTenant) => {
  const { status, body } = await call(path, tenant.key);
  expect(status).toBe(200);
  return (body!.items as Array<{ sequence: number }>).map((item) => item.sequence);
};

describe("each tenant's sequences", () => {
  it("do not move when another tenant writes: Globex's feed and deletions log go 1, 2, 3 while Acme writes in between", async () => {
    await email(globex);
    await deletedNote(globex);
    const before = { feed: await sequences("/v1/activity", globex), deletions: await sequences("/v1/deletions", globex) };
    expect(before).toEqual({ feed: [1], deletions: [1] });
    for (let round = 0; round < 3; round += 1) {
      await email(acme);
      await deletedNote(acme);
    }
    // Acme's writes took no number of Globex's: a poller of Globex reads nothing new, and its next item is 2.
    expect(await sequences("/v1/activity?after_sequence=1", globex)).toEqual([]);
    expect(await sequences("/v1/deletions?after_sequence=1", globex)).toEqual([]);
    await email(globex);
    await deletedNote(globex);
    expect(await sequences("/v1/activity?after_sequence=1", globex)).toEqual([2]);
    expect(await sequences("/v1/deletions?after_sequence=1", globex)).toEqual([2]);
    expect(await sequences("/v1/activity", acme)).toEqual([1, 2, 3]);
    expect(await sequences("/v1/deletions", acme)).toEqual([1, 2, 3]);
  });
});
