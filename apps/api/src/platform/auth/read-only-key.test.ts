/** A read-only API key: every operation that may write answers 403 to it, over REST and MCP; reads answer as usual. */
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { changesNothing } from "../../operations/operation.js";
import { operations } from "../../routes/operations.js";
import { issueApiKey } from "./issue-api-key.js";
import { postMcpMessage } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let readOnlyKey: string;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme", perSecond: 1_000 });
  readOnlyKey = (await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, label: "assistant", readOnly: true })).plaintext;
});
afterAll(() => context.close());

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const pathOf = (path: string) => path.replace(/\{[^}]+\}/g, UNKNOWN);

describe("a read-only API key", () => {
  it("gets 403 from every operation that may write, before its input is read, and writes nothing", async () => {
    const writing = operations.filter((operation) => !changesNothing(operation));
    expect(writing.length).toBeGreaterThan(30);
    const revisionBefore = context.services.store.revision(acme.tenant.uuid);
    for (const operation of writing) {
      const response = await context.request(pathOf(operation.path), { key: readOnlyKey, method: operation.method.toUpperCase(), body: {} });
      expect(response.status, `${operation.method} ${operation.path}`).toBe(403);
      expect(await response.json()).toEqual({
        error: `this API key is read-only: ${operation.method.toUpperCase()} ${operation.path} may change the tenant's data`,
      });
    }
    expect(context.services.store.revision(acme.tenant.uuid)).toBe(revisionBefore);
  });

  it("reads as any key does, the batch reads sent as POST included", async () => {
    const users = await context.request("/v1/users", { key: readOnlyKey });
    expect(users.status).toBe(200);
    const lookup = await context.request("/v1/persons/lookup/batch", { key: readOnlyKey, method: "POST", body: { criteria: [{ email: acme.admin.email }] } });
    expect(lookup.status).toBe(200);
    const person = await context.request(`/v1/persons/${acme.admin.person_uuid}`, { key: readOnlyKey });
    expect(person.status).toBe(200);
  });

  it("lists only the tools that change nothing over MCP, and a write tool is refused", async () => {
    const headers = { "x-api-key": readOnlyKey };
    const listed = await postMcpMessage<{ tools: Array<{ name: string }> }>(context, { method: "tools/list" }, headers);
    expect(listed.result!.tools.map((tool) => tool.name).sort()).toEqual(operations.filter(changesNothing).map((operation) => operation.operationId).sort());
    const refused = await postMcpMessage<{ content: Array<{ text: string }>; isError?: boolean }>(
      context,
      { method: "tools/call", params: { name: "createPerson", arguments: { body: { name: "No" } } } },
      headers,
    );
    expect(refused.result?.isError).toBe(true);
    expect(refused.result?.content[0]!.text).toContain("tool 'createPerson' is not available to this client: its API key is read-only; calling it takes an API key that is not read-only");
  });
});
