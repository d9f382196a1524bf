/**
 * A write tool's `idempotency_key` argument over a real port, with the SDK's client: an agent calling a write again
 * after a lost result (a timeout) with the same key and arguments gets the first result, and nothing is written twice.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_CLAIM_STALE_MS, IDEMPOTENCY_KEY_KEPT_MS, idempotencyCaller, requestFingerprint } from "../operations/idempotent-writes.js";
import { startServer, type RunningServer } from "../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";

let context: TestContext;
let server: RunningServer;
let acme: TestTenant;
const clients: Client[] = [];

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  server = await startServer(context.services, { port: 0 });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close(100);
  await context?.close();
});

async function connect(key: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = await connectMcpClient(server.url, key, "rapport-idempotency-test", { headers });
  clients.push(client);
  return client;
}

type CallResult = { isError?: boolean; structuredContent?: Record<string, any>; content: Array<{ type: string; text: string }> };
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallResult;

/** The tenant's notes whose content is `content`. */
async function notesWith(content: string): Promise<number> {
  const response = await context.request("/v1/notes?per_page=50", { key: acme.key });
  return ((await response.json()) as { items: Array<{ content: string }> }).items.filter((note) => note.content === content).length;
}

describe("a write tool's idempotency_key", () => {
  it("is an argument of every write tool, the two uploads included, and of no read tool", async () => {
    const { tools } = await (await connect(acme.key)).listTools();
    const withKey = tools.filter((tool) => (tool.inputSchema.properties as Record<string, unknown> | undefined)?.idempotency_key !== undefined).map((tool) => tool.name);
    const writes = tools.filter((tool) => tool.annotations?.readOnlyHint === false).map((tool) => tool.name);
    expect(writes).toEqual(expect.arrayContaining(["createNote", "createImport", "uploadFile"]));
    expect(writes.filter((name) => !withKey.includes(name))).toEqual([]);
    expect(withKey.sort()).toEqual(writes.sort());
    const createNote = tools.find((tool) => tool.name === "createNote")!;
    expect((createNote.inputSchema.properties as Record<string, { description: string }>).idempotency_key!.description).toMatch(/reuse it to retry the call: the first result, no second write/);
  });

  it("gives a call made again with the same key and arguments its first result, writing once; without a key each call writes", async () => {
    const client = await connect(acme.key);
    const first = await call(client, "createNote", { idempotency_key: "f3b1-retry", body: { title: "Intro", content: "Met Ada at the offsite." } });
    expect(first.isError).toBeFalsy();
    context.clock.advance(60_000);
    // The agent's retry: arguments in another order, the body as JSON text, over another connection.
    const again = await call(await connect(acme.key), "createNote", { body: JSON.stringify({ content: "Met Ada at the offsite.", title: "Intro" }), idempotency_key: "f3b1-retry" });
    expect(again).toEqual(first);
    expect(await notesWith("Met Ada at the offsite.")).toBe(1);
    await call(client, "createNote", { body: { content: "Met Ada at the offsite." } });
    await call(client, "createNote", { body: { content: "Met Ada at the offsite." } });
    expect(await notesWith("Met Ada at the offsite.")).toBe(3);
  });

  it("answers the key sent with other arguments or another tool with a tool error naming the argument, writing nothing", async () => {
    const client = await connect(acme.key);
    expect((await call(client, "createNote", { idempotency_key: "k-other", body: { content: "First words" } })).isError).toBeFalsy();
    const other = await call(client, "createNote", { idempotency_key: "k-other", body: { content: "Second words" } });
    expect(other.isError).toBe(true);
    expect(other.structuredContent).toMatchObject({ status: 422 });
    expect(other.structuredContent!.error).toBe('idempotency_key "k-other" was sent in the last 24 hours with another call (another tool or other arguments): send a new key for a new write');
    expect((await call(client, "createTask", { idempotency_key: "k-other", body: { title: "Call Ada" } })).structuredContent).toMatchObject({ status: 422 });
    expect(await notesWith("Second words")).toBe(0);
    const tasks = await context.request("/v1/tasks", { key: acme.key });
    expect(((await tasks.json()) as { total: number }).total).toBe(0);
  });

  it("answers a call whose first is still being processed with a tool error to call again shortly, then the first result", async () => {
    const body = { content: "Slow words" };
    const [tenantKey] = (await context.services.store.apiKeys.list(acme.tenant.uuid)).filter((key) => key.user_uuid === null);
    // Another server took the key for this very call (same caller and request) and has not answered yet.
    await context.services.store.idempotentRequests.claim(acme.tenant.uuid, {
      caller: idempotencyCaller({ key: tenantKey!, user: null }),
      key: "k-busy",
      fingerprint: requestFingerprint("POST", `${server.url}/v1/notes`, body),
      at: context.clock.now(),
      keepForMs: IDEMPOTENCY_KEY_KEPT_MS,
      staleAfterMs: IDEMPOTENCY_CLAIM_STALE_MS,
    });
    const client = await connect(acme.key);
    const busy = await call(client, "createNote", { idempotency_key: "k-busy", body });
    expect(busy.isError).toBe(true);
    expect(busy.structuredContent).toEqual({
      status: 409,
      error: 'a call with idempotency_key "k-busy" is still being processed: call again in a moment with the same key and arguments to get its result',
      retry_after_seconds: 1,
    });
    expect(await notesWith("Slow words")).toBe(0);
    // That server died: five minutes on, the call runs once and its result is kept.
    context.clock.advance(IDEMPOTENCY_CLAIM_STALE_MS);
    const ran = await call(client, "createNote", { idempotency_key: "k-busy", body });
    expect(ran.isError).toBeFalsy();
    expect(await call(client, "createNote", { idempotency_key: "k-busy", body })).toEqual(ran);
    expect(await notesWith("Slow words")).toBe(1);
  });

  it("keeps a key per caller, as the header: another API key, or the same key acting as another user, writes its own", async () => {
    const body = { content: "Shared key words" };
    const results = [
      await call(await connect(acme.key), "createNote", { idempotency_key: "k-shared", body }),
      await call(await connect(acme.adminKey), "createNote", { idempotency_key: "k-shared", body }),
      await call(await connect(acme.key, { "x-service-user-id": acme.member.uuid }), "createNote", { idempotency_key: "k-shared", body }),
      await call(await connect(acme.key, { "x-service-user-id": acme.member.uuid }), "createNote", { idempotency_key: "k-shared", body }),
    ];
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false, false, false]);
    expect(new Set(results.map((result) => result.structuredContent!.uuid)).size).toBe(3);
    expect(results[3]).toEqual(results[2]);
    expect(await notesWith("Shared key words")).toBe(3);
  });

  it("is shared with the REST header: a call made again over REST with the same key and request gets the tool's answer", async () => {
    const body = { content: "Across words" };
    const result = await call(await connect(acme.key), "createNote", { idempotency_key: "k-across", body });
    const rest = await context.request("/v1/notes", { method: "POST", key: acme.key, body, headers: { "idempotency-key": "k-across" } });
    expect(rest.headers.get("idempotent-replayed")).toBe("true");
    expect(await rest.json()).toEqual(result.structuredContent);
    expect(await notesWith("Across words")).toBe(1);
  });

  it("refuses a key no client should send with a tool error naming the argument, writing nothing", async () => {
    const client = await connect(acme.key);
    for (const key of [42, "", "a,b", "x".repeat(256), "clé", "k 1"]) {
      const refused = await call(client, "createNote", { idempotency_key: key, body: { content: "Refused words" } });
      expect(refused.isError, JSON.stringify(key)).toBe(true);
      expect(refused.content[0]!.text).toMatch(/^argument 'idempotency_key' must be text of 1 to 255 visible ASCII characters without commas/);
    }
    expect(await notesWith("Refused words")).toBe(0);
    // A read tool takes no key: the argument is an unknown query parameter there, as any other.
    const read = await call(client, "listNotes", { idempotency_key: "k-read" });
    expect(read.isError).toBe(true);
    expect(read.content[0]!.text).toMatch(/idempotency_key/);
  });
});
