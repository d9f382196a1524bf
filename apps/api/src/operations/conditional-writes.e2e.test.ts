/**
 * Two writers on one person over a real port (the server as `rapport serve` runs it, kept-answer lane included): both
 * read the person and send their change of its emails with the tag they read; exactly one is done, the other is a 412
 * that keeps the winner's address, and the loser, reading again, writes both. A kept answer's If-None-Match is a 304.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";

let context: TestContext;
let server: RunningServer;
let acme: TestTenant;
let personPath: string;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const person = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Ada Lovelace", emails: ["ada@example.com"] });
  personPath = `/v1/persons/${person.uuid}`;
  server = await startServer(context.services, { port: 0 });
});
afterAll(async () => {
  await server.close(100);
  await context.close();
});

const send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { "x-api-key": acme.key, ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function readPerson() {
  const response = await send(personPath);
  expect(response.status).toBe(200);
  const person = (await response.json()) as { emails: Array<{ address: string }> };
  return { tag: response.headers.get("etag")!, addresses: person.emails.map((email) => email.address) };
}

describe("two writers on one person, over a real port", () => {
  it("lets exactly one of two writes with the same tag through; the other is a 412, and after reading again keeps both changes", async () => {
    const [crm, mailSync] = await Promise.all([readPerson(), readPerson()]);
    expect(crm.tag).toMatch(/^"[0-9a-f]{16}\.[0-9a-f]{16}"$/);
    expect(mailSync.tag).toBe(crm.tag);

    const [crmWrite, mailSyncWrite] = await Promise.all([
      send(personPath, { method: "PUT", headers: { "if-match": crm.tag }, body: { emails: [...crm.addresses, "ada@crm.example"] } }),
      send(personPath, { method: "PUT", headers: { "if-match": mailSync.tag }, body: { emails: [...mailSync.addresses, "ada@mail.example"] } }),
    ]);
    expect([crmWrite.status, mailSyncWrite.status].sort()).toEqual([200, 412]);
    const [winner, loser] = crmWrite.status === 200 ? [crmWrite, mailSyncWrite] : [mailSyncWrite, crmWrite];
    const refusal = (await loser.json()) as { error: string };
    expect(refusal.error).toMatch(/^person [0-9a-f-]{36} changed since it was read: .* Read it again \(GET \/v1\/persons\/[0-9a-f-]{36}\)/);
    await winner.arrayBuffer();

    const again = await readPerson();
    expect(again.tag).toBe(winner.headers.get("etag"));
    const loserAddress = crmWrite.status === 200 ? "ada@mail.example" : "ada@crm.example";
    expect(again.addresses).not.toContain(loserAddress);
    const retried = await send(personPath, { method: "PUT", headers: { "if-match": again.tag }, body: { emails: [...again.addresses, loserAddress] } });
    expect(retried.status).toBe(200);
    expect((await readPerson()).addresses.sort()).toEqual(["ada@crm.example", "ada@example.com", "ada@mail.example"]);
  });

  it("answers a kept answer's If-None-Match with a 304 carrying its tag and no body, and a stale one with the answer", async () => {
    const first = await send(personPath);
    const tag = first.headers.get("etag")!;
    await first.arrayBuffer();
    // Fetch adds `Cache-Control: no-cache` to a request carrying If-None-Match unless it has a Cache-Control of its own.
    const kept = await send(personPath, { headers: { "if-none-match": tag, "cache-control": "max-age=60" } });
    expect(kept.status).toBe(304);
    expect(kept.headers.get("age")).not.toBeNull();
    expect(kept.headers.get("etag")).toBe(tag);
    expect(kept.headers.get("content-type")).toBeNull();
    expect(kept.headers.get("x-ratelimit-limit")).not.toBeNull();
    expect(await kept.text()).toBe("");
    const stale = await send(personPath, { headers: { "if-none-match": '"0000000000000000.0000000000000000"' } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("etag")).toBe(tag);
    expect(((await stale.json()) as { uuid: string }).uuid).toBe(personPath.split("/").pop());
  });
});
