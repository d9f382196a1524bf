/**
 * A key's last use, recorded from requests through the real app: REST calls, MCP requests (a tool call stays an MCP
 * use), answers of the kept-answer lane; kept in memory (no write per request) and written when the store closes.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createSqliteStore, type ListedApiKey } from "@rapport/store";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { operations } from "../../routes/operations.js";
import { callMcpTool, postMcpMessage } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { keptAnswerLane } from "../response-cache/kept-answer-lane.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme" });
});
afterEach(() => context.close());

/** The listed key whose plaintext is `plaintext` (a key's prefix is its first ten characters). */
async function listedKey(plaintext: string, store = context.services.store): Promise<ListedApiKey> {
  const found = (await store.apiKeys.list(acme.tenant.uuid)).find((key) => key.key_prefix === plaintext.slice(0, 10));
  if (!found) throw new Error("no such key");
  return found;
}

function storedUseCount(databasePath: string): number {
  const reader = new SqliteDatabase(databasePath, { readonly: true });
  try {
    return reader.prepare("select count(*) from api_key_uses").pluck().get() as number;
  } finally {
    reader.close();
  }
}

describe("a key's last use", () => {
  it("is the time of its latest REST call, a refused one (403) included, and never for a key not used", async () => {
    expect(await listedKey(acme.key)).toMatchObject({ last_used_at: null, last_used_via: null });
    expect((await context.request("/v1/persons", { key: acme.key })).status).toBe(200);
    expect(await listedKey(acme.key)).toMatchObject({ last_used_at: TEST_START, last_used_via: "rest" });
    context.clock.advance(90_000);
    const refused = await context.request("/v1/persons", { key: acme.key, userUuid: "00000000-0000-4000-8000-000000000000" });
    expect(refused.status).toBe(403);
    expect((await listedKey(acme.key)).last_used_at).toBe(TEST_START + 90_000);
    expect(await listedKey(acme.memberKey)).toMatchObject({ last_used_at: null });
  });

  it("is written without a write per request: nothing is stored until the store closes, then the latest use is", async () => {
    for (let request = 0; request < 5; request += 1) {
      expect((await context.request("/v1/persons", { key: acme.key })).status).toBe(200);
      context.clock.advance(1_000);
    }
    expect(storedUseCount(context.databasePath)).toBe(0);
    await context.services.store.close();
    expect(storedUseCount(context.databasePath)).toBe(1);
    const reopened = await createSqliteStore({ path: context.databasePath });
    try {
      expect(await listedKey(acme.key, reopened)).toMatchObject({ last_used_at: TEST_START + 4_000, last_used_via: "rest" });
    } finally {
      await reopened.close();
    }
  });

  it("is an MCP use for an MCP request, a tool call included (its operation does not make it a REST use)", async () => {
    await postMcpMessage(context, { method: "tools/list" }, { "x-api-key": acme.key });
    expect(await listedKey(acme.key)).toMatchObject({ last_used_at: TEST_START, last_used_via: "mcp" });
    expect((await context.request("/v1/persons", { key: acme.key })).status).toBe(200);
    expect((await listedKey(acme.key)).last_used_via).toBe("rest");
    context.clock.advance(5_000);
    const result = await callMcpTool(context, { name: "listPersons", args: {}, headers: { "x-api-key": acme.key } });
    expect(result.isError).toBeFalsy();
    expect(await listedKey(acme.key)).toMatchObject({ last_used_at: TEST_START + 5_000, last_used_via: "mcp" });
  });

  it("is recorded for an answer of the kept-answer lane, which never reaches the app", async () => {
    const grace = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper" });
    let reachedApp = 0;
    const appListener = getRequestListener(context.app.fetch);
    const server: Server = createServer(
      keptAnswerLane(context.services, operations, (incoming, outgoing) => {
        reachedApp += 1;
        return appListener(incoming, outgoing);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/persons/${grace.uuid}`;
      expect((await fetch(url, { headers: { "x-api-key": acme.key } })).status).toBe(200);
      context.clock.advance(2_000);
      expect((await fetch(url, { headers: { "x-api-key": acme.key } })).status).toBe(200);
      expect(reachedApp).toBe(1);
      expect(await listedKey(acme.key)).toMatchObject({ last_used_at: TEST_START + 2_000, last_used_via: "rest" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
