/**
 * The isolation walk over MCP, on a real port with the SDK's own client: every tool, called by one tenant with another
 * tenant's record ids (live ones, and ones merged away or deleted) in its path arguments, uuid filters and uuid body
 * fields, gives exactly the result it gives for ids that exist nowhere, naming nothing of the other tenant.
 * A tool call runs its operation through the same app as REST (operation-table.isolation.test.ts): this shows
 * the tool layer (argument mapping, result text, structured content, errors) adds no leak of its own.
 */
import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_ARGUMENT, type AnyOperation } from "../operations/operation.js";
import { startServer, type RunningServer } from "../server.js";
import { buildTenantOfGoneRecords, callWithIds, withPlaceholders } from "../testing/foreign-record-calls.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { operations } from "./operations.js";

let context: TestContext;
let server: RunningServer;
let client: Client;
let theirs: PopulatedTenant;
let former: PopulatedTenant;

beforeAll(async () => {
  context = await createTestContext();
  const mine = await buildPopulatedTenant(context.services, "Mine");
  theirs = await buildPopulatedTenant(context.services, "Theirs");
  former = await buildTenantOfGoneRecords(context, "Former");
  server = await startServer(context.services, { port: 0 });
  client = await connectMcpClient(server.url, mine.key, "rapport-isolation-walk");
});
afterAll(async () => {
  await client?.close();
  await server?.close(100);
  await context?.close();
});

/** The tool's result as text: its content, structured content and error flag. */
async function callTool(operation: AnyOperation, ids: Record<string, string>): Promise<{ text: string; usedIds: boolean }> {
  const call = callWithIds(operation, ids);
  const args: Record<string, unknown> = { ...call.params, ...call.query };
  if (call.body !== undefined) args[BODY_ARGUMENT] = call.body;
  const result = await client.callTool({ name: operation.operationId, arguments: args });
  return { text: JSON.stringify({ isError: result.isError ?? false, content: result.content, structuredContent: result.structuredContent ?? null }), usedIds: call.usedIds };
}

/** Operations an API key's MCP client is offered (an upload's file travels in its arguments: the walk sends none). */
const walked = operations.filter((operation) => !operation.multipart);

describe.each(walked.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it.each([
    ["another tenant's records", () => theirs],
    ["another tenant's merged-away and deleted records", () => former],
  ])("answers the ids of %s exactly as ids that exist nowhere", async (_what, other) => {
    const tenant = other();
    const foreign = await callTool(operation, tenant.pathIds);
    for (const secret of tenant.secrets.filter((secret) => !Object.values(tenant.pathIds).includes(secret))) {
      expect(foreign.text, `${operation.operationId} leaked ${secret}`).not.toContain(secret);
    }
    if (!foreign.usedIds) return;
    const nowhere = Object.fromEntries(Object.keys(tenant.pathIds).map((name) => [name, randomUUID()]));
    const missing = await callTool(operation, nowhere);
    expect(withPlaceholders(foreign.text, tenant.pathIds)).toBe(withPlaceholders(missing.text, nowhere));
  });
});
