/**
 * The MCP server over a real port, with the SDK's own clients: the current client (v2, with
 * protocol version negotiation) and a 1.x client (2025 protocol). Tools are listed and called
 * through the app; auth, user context, errors and rate limits are the REST ones.
 */
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { getConnInfo } from "@hono/node-server/conninfo";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { OpenApiDocument } from "../openapi/build-openapi-document.js";
import { defineOperation, isAdministratorsOnly } from "../operations/operation.js";
import { streamedList } from "../operations/streamed-list.js";
import { operations } from "../routes/operations.js";
import { startServer, type RunningServer } from "../server.js";
import { buildPipeline } from "../testing/deal-builders.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { RAPPORT_VERSION } from "../version.js";
import { MCP_SERVER_NAME } from "./mcp-handler.js";
import { buildMcpTools } from "./mcp-tools.js";
import { sharedSchemaValidator } from "../testing/mcp-client-validator.js";

/** A write operation for these tests: creates a person and says whom it acted as. */
const createProbePerson = defineOperation({
  operationId: "testCreateProbePerson",
  method: "post",
  path: "/v1/test/probe-persons",
  area: "Test",
  summary: "Create a probe person",
  description: "Creates a person (test only).",
  body: z.object({ name: z.string().min(1).describe("The person's name.") }),
  response: z.object({ uuid: z.string(), name: z.string(), acting_user_uuid: z.string().nullable() }),
  successStatus: 201,
  example: { body: { name: "Probe" } },
  async handler({ body, auth, services }) {
    const person = await services.store.persons.create({ tenant_uuid: auth.tenant.uuid, name: body.name });
    return { uuid: person.uuid, name: person.name, acting_user_uuid: auth.user?.uuid ?? null };
  },
});

/** Reports the TCP peer the operation sees: the MCP request's connection, carried to the inner call. */
const connection = defineOperation({
  operationId: "testConnection",
  method: "get",
  path: "/v1/test/connection",
  area: "Test",
  summary: "Connection",
  description: "Says which address the request came from (test only).",
  response: z.object({ remote_address: z.string().nullable() }),
  async handler({ http }) {
    return { remote_address: getConnInfo(http).remote.address ?? null };
  },
});

/** A streamed list whose second part fails: over REST the connection is cut once the first part is sent. */
const failingStream = defineOperation({
  operationId: "testFailingStream",
  method: "get",
  path: "/v1/test/failing-stream",
  area: "Test",
  summary: "Failing stream",
  description: "Streams one part of a list, then fails (test only).",
  response: z.object({ results: z.array(z.number()) }),
  async handler() {
    async function* parts() {
      yield [1, 2];
      throw new Error("the second part failed");
    }
    return streamedList("results", parts());
  },
});

/** A promise and the function that settles it (Promise.withResolvers is Node 22). */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** Lets a test hold a large answer back until its caller has gone. */
let heldAnswer = { started: signal(), release: signal() };

/** A large answer computed only once the test releases it. */
const heldLargeAnswer = defineOperation({
  operationId: "testHeldLargeAnswer",
  method: "get",
  path: "/v1/test/held-large-answer",
  area: "Test",
  summary: "Held large answer",
  description: "Waits for the test, then answers a large list (test only).",
  response: z.object({ results: z.array(z.string()) }),
  async handler() {
    heldAnswer.started.resolve();
    await heldAnswer.release.promise;
    return { results: Array.from({ length: 20_000 }, (_, index) => `item ${index} of a large answer`) };
  },
});

const table = [...operations, createProbePerson, connection, failingStream, heldLargeAnswer];
/** A browser-based client's origin the server is started allowing (RAPPORT_MCP_ALLOWED_ORIGINS). */
const ALLOWED_ORIGIN = "http://localhost:6274";
let context: TestContext;
let acme: TestTenant;
let limited: TestTenant;
let server: RunningServer;
let knownPersonUuid: string;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme" });
  limited = await buildTenant(context.services, { name: "Limited", perSecond: 5 });
  knownPersonUuid = (await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Known Person" })).uuid;
  server = await startServer(context.services, { port: 0, operations: table, validateResponses: true, mcpAllowedOrigins: [ALLOWED_ORIGIN] });
});
afterAll(async () => {
  await server.close(100);
  await context.close();
});

const mcpUrl = () => new URL(`${server.url}/mcp`);

async function connectCurrent(headers: Record<string, string>) {
  const client = new Client({ name: "rapport-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers } }));
  return client;
}

async function connectLegacy(headers: Record<string, string>) {
  const client = new LegacyClient({ name: "rapport-test-legacy", version: "1.0.0" });
  await client.connect(new LegacyTransport(mcpUrl(), { requestInit: { headers } }));
  return client;
}

type AnyClient = Awaited<ReturnType<typeof connectCurrent>> | Awaited<ReturnType<typeof connectLegacy>>;
type TextContent = Array<{ type: string; text?: string }>;

const clients = [
  ["the current client (version negotiation on)", connectCurrent],
  ["a 1.x client", connectLegacy],
] as const;

describe.each(clients)("with %s", (_label, connect) => {
  let client: AnyClient;
  beforeAll(async () => {
    client = await connect({ "x-api-key": acme.memberKey });
  });
  afterAll(() => client.close());

  it("names itself with the release serving it (the package version), not the API contract's version the OpenAPI document gives", () => {
    expect(client.getServerVersion()).toMatchObject({ name: MCP_SERVER_NAME, version: RAPPORT_VERSION });
  });

  it("lists exactly one tool per operation a member may call, with annotations", async () => {
    const { tools } = await client.listTools();
    const members = table.filter((operation) => !isAdministratorsOnly(operation));
    expect(tools.map((tool) => tool.name).sort()).toEqual(members.map((operation) => operation.operationId).sort());
    const write = tools.find((tool) => tool.name === "testCreateProbePerson")!;
    expect(write.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(write.inputSchema).toMatchObject({ type: "object", required: ["body"] });
    const read = tools.find((tool) => tool.name === "getPerson")!;
    expect(read.annotations).toMatchObject({ readOnlyHint: true });
    expect(read.inputSchema).toMatchObject({ required: ["person_uuid"] });
  });

  it("calls a read tool through the app", async () => {
    const result = await client.callTool({ name: "getPerson", arguments: { person_uuid: knownPersonUuid } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ uuid: knownPersonUuid, name: "Known Person" });
    expect(JSON.parse((result.content as TextContent)[0]!.text!)).toMatchObject({ uuid: knownPersonUuid });
    const list = await client.callTool({ name: "listPersons", arguments: { per_page: 50, sort_by: "name" } });
    const items = (list.structuredContent as { items: Array<{ name: string }> }).items;
    expect(items.map((item) => item.name)).toContain("Known Person");
    // An agent that has only a name finds the uuid to ask about.
    const named = await client.callTool({ name: "listPersons", arguments: { name: "person KNOWN" } });
    expect(named.isError).toBeFalsy();
    expect((named.structuredContent as { items: Array<{ uuid: string }> }).items.map((item) => item.uuid)).toEqual([knownPersonUuid]);
    const blank = await client.callTool({ name: "listPersons", arguments: { name: "  " } });
    expect(blank.isError).toBe(true);
    // 2025-era errors of tools with an output schema carry no structured content (see the output schema test below).
    expect(blank.structuredContent).toEqual(connect === connectLegacy ? undefined : expect.objectContaining({ status: 400 }));
  });

  it("calls a write tool as the key's user, and the record is there over REST", async () => {
    const result = await client.callTool({ name: "testCreateProbePerson", arguments: { body: { name: `Written by ${_label}` } } });
    expect(result.isError).toBeFalsy();
    const created = result.structuredContent as { uuid: string; acting_user_uuid: string };
    expect(created.acting_user_uuid).toBe(acme.member.uuid);
    const response = await fetch(`${server.url}/v1/persons/${created.uuid}`, { headers: { "x-api-key": acme.key } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe(`Written by ${_label}`);
  });

  it("refuses an administrator's tool the key's role may not call, saying why, and writes nothing", async () => {
    const body = { label: "Member's pipeline" };
    const refused = await client.callTool({ name: "createOpportunityType", arguments: { body } });
    expect(refused.isError).toBe(true);
    expect((refused.content as TextContent)[0]!.text).toMatch(/^tool 'createOpportunityType' is not available to this client: only an administrator may call it, and its calls act as '.+', a member;/);
    const types = await fetch(`${server.url}/v1/opportunity-types`, { headers: { "x-api-key": acme.key } });
    expect(await types.text()).not.toContain("Member's pipeline");
  });

  it("answers a 404 as a tool error with the REST message", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const result = await client.callTool({ name: "getPerson", arguments: { person_uuid: missing } });
    expect(result.isError).toBe(true);
    expect((result.content as TextContent)[0]!.text).toBe(`HTTP 404: person ${missing} not found`);
  });

  it("answers bad input with the REST validation message, naming the tool's arguments", async () => {
    const malformed = await client.callTool({ name: "getPerson", arguments: { person_uuid: "nope" } });
    expect(malformed.isError).toBe(true);
    expect((malformed.content as TextContent)[0]!.text).toMatch(/^HTTP 400: argument 'person_uuid': must be a UUID/);
    const typo = await client.callTool({ name: "listPersons", arguments: { per_pgae: 5 } });
    expect((typo.content as TextContent)[0]!.text).toMatch(/^HTTP 400: unknown argument 'per_pgae' \(did you mean 'per_page'\?\); this tool takes: page, per_page/);
    const noBody = await client.callTool({ name: "testCreateProbePerson", arguments: {} });
    expect((noBody.content as TextContent)[0]!.text).toBe("HTTP 400: argument 'body' is required");
  });

  it("points a body field given as a flat argument at `body`, and writes nothing", async () => {
    const flat = await client.callTool({ name: "testCreateProbePerson", arguments: { name: "Flat Probe" } });
    expect(flat.isError).toBe(true);
    expect((flat.content as TextContent)[0]!.text).toBe(
      `argument 'name' is a field of testCreateProbePerson's request body: send it inside the 'body' argument, as {"body": {"name": ...}}`,
    );
    const lookup = await client.callTool({ name: "lookupPersonsBatch", arguments: { criteria: [{ email: "known@x.example" }] } });
    expect((lookup.content as TextContent)[0]!.text).toMatch(/^argument 'criteria' is a field of lookupPersonsBatch's request body/);
    const listed = await fetch(`${server.url}/v1/persons?per_page=50`, { headers: { "x-api-key": acme.key } });
    expect(await listed.text()).not.toContain("Flat Probe");
  });

  it("runs the operation with the MCP request's connection info", async () => {
    const result = await client.callTool({ name: "testConnection", arguments: {} });
    expect(result.structuredContent).toEqual({ remote_address: "127.0.0.1" });
  });

  it("answers a list that fails after its first part as a tool error, and the connection serves the next call", async () => {
    const failed = await client.callTool({ name: "testFailingStream", arguments: {} });
    expect(failed.isError).toBe(true);
    expect((failed.content as TextContent)[0]!.text).toMatch(/^HTTP 500: the answer failed after its first part was sent; nothing of it is usable/);
    const next = await client.callTool({ name: "getPerson", arguments: { person_uuid: knownPersonUuid } });
    expect(next.structuredContent).toMatchObject({ uuid: knownPersonUuid });
  });

  it("declares the JSON tools' answers as output schemas, which the client checks every kind of success against, and returns errors unrefused", async () => {
    const { tools } = await client.listTools();
    const schemaOf = (name: string) => tools.find((tool) => tool.name === name)?.outputSchema;
    expect(schemaOf("getPerson")).toMatchObject({ type: "object", required: expect.arrayContaining(["uuid", "name"]) });
    expect(schemaOf("listPersons")).toMatchObject({ type: "object", properties: { items: { type: "array" } } });
    expect(schemaOf("deleteNote")).toBeUndefined();
    expect(schemaOf("downloadFile")).toBeUndefined();
    // Listed as built, in either protocol era: the SDK neither drops nor converts them.
    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as OpenApiDocument;
    for (const built of buildMcpTools(document).filter((tool) => !tool.administratorsOnly)) expect(schemaOf(built.name), built.name).toEqual(built.outputSchema);

    // The client throws when a result's structured content does not match the schema listed for its tool.
    const got = await client.callTool({ name: "getPerson", arguments: { person_uuid: knownPersonUuid } });
    expect(got.structuredContent).toMatchObject({ uuid: knownPersonUuid });
    const listed = await client.callTool({ name: "listPersons", arguments: { per_page: 100 } });
    expect((listed.structuredContent as { items: unknown[] }).items.length).toBeGreaterThan(0);
    const batch = await client.callTool({ name: "createPersonsBatch", arguments: { body: { persons: [{ name: `Batch ${_label}` }, { name: "" }] } } });
    expect(batch.structuredContent).toMatchObject({ created: 1, errors: 1 });
    const pipeline = await buildPipeline(context.services, acme, { label: `Schemas ${_label}` });
    const opportunity = await client.callTool({
      name: "createOpportunity",
      arguments: { body: { name: `Deal ${_label}`, type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid } },
    });
    expect(opportunity.isError, JSON.stringify(opportunity.content)).toBeFalsy();
    const link = { opportunity_uuid: (opportunity.structuredContent as { uuid: string }).uuid, body: { entity_type: "PERSON", entity_uuid: knownPersonUuid } };
    const created = await client.callTool({ name: "createOpportunityAssociation", arguments: link });
    // Linked already: the operation answers 200 where it answered 201, with the same body and schema.
    const existing = await client.callTool({ name: "createOpportunityAssociation", arguments: link });
    expect(existing.structuredContent).toEqual(created.structuredContent);
    const overRest = await fetch(`${server.url}/v1/opportunities/${link.opportunity_uuid}/associations`, {
      method: "POST",
      headers: { "x-api-key": acme.memberKey, "content-type": "application/json" },
      body: JSON.stringify(link.body),
    });
    expect(overRest.status).toBe(200);
    heldAnswer = { started: signal(), release: signal() };
    heldAnswer.release.resolve();
    const large = await client.callTool({ name: "testHeldLargeAnswer", arguments: {} });
    expect((large.structuredContent as { results: string[] }).results).toHaveLength(20_000);

    const missing = "00000000-0000-4000-8000-000000000000";
    const notFound = await client.callTool({ name: "getPerson", arguments: { person_uuid: missing } });
    expect(notFound.isError).toBe(true);
    expect((notFound.content as TextContent)[0]!.text).toBe(`HTTP 404: person ${missing} not found`);
    // A 1.x client would check an error's {status, error} against the success schema and throw: 2025-era errors of
    // tools with an output schema carry their text only.
    expect(notFound.structuredContent).toEqual(connect === connectLegacy ? undefined : { status: 404, error: `person ${missing} not found` });
  });

  it("keeps another tenant's records invisible", async () => {
    const other = await connect({ "x-api-key": limited.key });
    try {
      const result = await other.callTool({ name: "getPerson", arguments: { person_uuid: knownPersonUuid } });
      expect(result.isError).toBe(true);
      expect((result.content as TextContent)[0]!.text).toMatch(/HTTP 404/);
    } finally {
      await other.close();
    }
  });
});

describe("the current client's check of structured content", () => {
  it("is on: a success that does not match the tool's output schema is refused", async () => {
    const client = await connectCurrent({ "x-api-key": acme.memberKey });
    try {
      const { tools } = await client.listTools();
      const getPerson = tools.find((tool) => tool.name === "getPerson")!;
      const call = { name: "getPerson", arguments: { person_uuid: knownPersonUuid } };
      expect((await client.callTool(call, { toolDefinition: getPerson })).isError).toBeFalsy();
      // So the calls that pass it above were checked: the same call, against a schema asking for one more field.
      const { required } = getPerson.outputSchema as { required: string[] };
      const stricter = { ...getPerson, outputSchema: { ...getPerson.outputSchema!, required: [...required, "no_such_field"] } };
      await expect(client.callTool(call, { toolDefinition: stricter })).rejects.toThrow(
        /does not match the tool's output schema: data must have required property 'no_such_field'/,
      );
    } finally {
      await client.close();
    }
  });
});

describe("authentication", () => {
  it("answers 401 with a WWW-Authenticate header pointing at the resource metadata when no credentials are sent", async () => {
    const response = await fetch(mcpUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource"`);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/x-api-key/) });
    await expect(connectCurrent({})).rejects.toThrow();
    await expect(connectLegacy({})).rejects.toThrow(/missing credentials: send an OAuth bearer token .* or an API key in x-api-key/);
  });

  it("answers 401 for a revoked or unknown key, and 403 for a bad user context, as REST does", async () => {
    await expect(connectCurrent({ "x-api-key": "pk_unknown" })).rejects.toThrow();
    const unknownKey = await postMcp("pk_unknown", { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource"`);
    expect(await unknownKey.json()).toEqual({ error: "invalid API key: it is unknown, revoked or expired, or its tenant was deleted" });
    const wrongUser = await fetch(mcpUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "x-api-key": acme.key,
        "x-service-user-id": limited.admin.uuid,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(wrongUser.status).toBe(403);
    expect(await wrongUser.json()).toEqual({ error: "x-service-user-id is not a user of this tenant" });
  });
});

describe("transport", () => {
  it.each(["GET", "DELETE"])("answers %s with 405 (stateless: no sessions, no event streams)", async (method) => {
    const response = await fetch(mcpUrl(), { method, headers: { "x-api-key": acme.key, accept: "text/event-stream" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ error: expect.stringMatching(/stateless/) });
  });

  it("refuses a web page of another origin with 403 before the credentials, and serves its own origin, an allowed one and a client with none", async () => {
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    // A DNS rebinding page: its origin names the host the request names too (fetch sends no Host of its own), which is
    // not the public URL's.
    const rebound = await new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": acme.key, host: "evil.example:8787", origin: "http://evil.example:8787" };
      request(mcpUrl(), { method: "POST", headers }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body })).on("error", reject);
      })
        .on("error", reject)
        .end(JSON.stringify(ping));
    });
    expect(rebound.status).toBe(403);
    expect(rebound.headers["x-ratelimit-remaining"]).toBeUndefined();
    expect(JSON.parse(rebound.body)).toEqual({
      error:
        `origin 'http://evil.example:8787' may not call /mcp: a web page's requests are served only from ${server.url} (this server's public URL) ` +
        "and the origins an operator lists in RAPPORT_MCP_ALLOWED_ORIGINS (comma-separated), against DNS rebinding; a client outside a browser sends no Origin",
    });
    for (const [label, response] of [
      ["without credentials", await postMcp("", ping, undefined, { origin: "https://evil.example" })],
      ["an opaque origin", await postMcp(acme.key, ping, undefined, { origin: "null" })],
      ["GET", await fetch(mcpUrl(), { headers: { origin: "https://evil.example" } })],
    ] as const) {
      expect(response.status, label).toBe(403);
      expect(((await response.json()) as { error: string }).error, label).toMatch(/RAPPORT_MCP_ALLOWED_ORIGINS/);
    }
    for (const origin of [new URL(server.url).origin, ALLOWED_ORIGIN]) {
      const served = await postMcp(acme.key, ping, undefined, { origin });
      expect(served.status, origin).toBe(200);
      expect(await served.text(), origin).toContain('"result":{}');
    }
    // The metadata is not /mcp: any page may read it, as before (the OAuth endpoints: oauth.e2e.test.ts).
    expect((await fetch(`${server.url}/.well-known/oauth-protected-resource`, { headers: { origin: "https://evil.example" } })).status).toBe(200);
  });

  it("answers in JSON a client that takes any type or JSON alone, and 406 one that takes neither JSON nor a stream", async () => {
    const listUsers = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "listUsers", arguments: {} } };
    for (const accept of ["*/*", "application/json"]) {
      const response = await postMcp(acme.key, listUsers, undefined, { accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get("content-type"), accept).toBe("application/json");
      expect(response.headers.get("x-ratelimit-remaining"), accept).not.toBeNull();
      expect(((await response.json()) as { result: { structuredContent: { items: unknown[] } } }).result.structuredContent.items.length, accept).toBeGreaterThan(0);
    }
    // A 2025-03-26 batch (no MCP-Protocol-Version header), answered as its list of responses.
    const pings = [1, 2].map((id) => ({ jsonrpc: "2.0", id, method: "ping" }));
    const batch = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json", "x-api-key": acme.key }, body: JSON.stringify(pings) });
    expect(await batch.json()).toEqual([1, 2].map((id) => ({ jsonrpc: "2.0", id, result: {} })));
    const refused = await postMcp(acme.key, listUsers, undefined, { accept: "text/html" });
    expect(refused.status).toBe(406);
    expect(await refused.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: "Invalid Request: Not Acceptable: the Accept header admits neither application/json nor text/event-stream; send Accept: application/json, text/event-stream",
      },
    });
  });
});

describe("a client that goes away while its tool call runs", () => {
  // The server may notice the closed connection while the call runs (the SDK then ends its event stream early) or
  // only when it writes the answer; either way the disconnect is no error.
  it.each([
    ["while the call runs", 100],
    ["once the answer is written", 0],
  ])("ends the 2025-era answer quietly, noticed %s: no error logged, no 500 in the access log, the next call served", async (_when, noticeMilliseconds) => {
    heldAnswer = { started: signal(), release: signal() };
    const { logger } = context.services;
    const levels = vi.spyOn(logger, "isLevelEnabled").mockReturnValue(true);
    const errors = vi.spyOn(logger, "error");
    const warnings = vi.spyOn(logger, "warn");
    const accessLines = vi.spyOn(logger, "info");
    const logged = (path: string) => accessLines.mock.calls.filter(([fields]) => (fields as { path?: string }).path === path);
    try {
      const controller = new AbortController();
      const call = postMcp(acme.key, { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "testHeldLargeAnswer", arguments: {} } }, controller.signal);
      await heldAnswer.started.promise;
      controller.abort();
      await expect(call).rejects.toThrow(/abort/i);
      if (noticeMilliseconds > 0) await new Promise((resolve) => setTimeout(resolve, noticeMilliseconds));
      heldAnswer.release.resolve();
      await vi.waitFor(() => {
        expect(logged("/mcp")).toHaveLength(1);
        expect(logged("/v1/test/held-large-answer")).toHaveLength(1);
      }, { timeout: 30_000 });
      expect(logged("/mcp")[0]![0]).toMatchObject({ method: "POST", status: 200 });
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
    } finally {
      heldAnswer.release.resolve();
      for (const spy of [levels, errors, warnings, accessLines]) spy.mockRestore();
    }
    const next = await postMcp(acme.key, { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "listUsers", arguments: {} } });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("structuredContent");
  });
});

describe("rate limits shared with REST", () => {
  it("counts tool calls and REST calls of the same key in the same second against one per-second limit", async () => {
    const sent: string[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      if (init?.method === "POST" && typeof init.body === "string") sent.push((JSON.parse(init.body) as { method: string }).method);
      return fetch(input, init);
    };
    context.clock.advance(1_000);
    const client = new Client({ name: "rapport-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { "x-api-key": limited.key } }, fetch: recordingFetch }));
    try {
      // Version negotiation found the 2026-07-28 protocol: a discover probe, no initialize handshake.
      expect(sent).toEqual(["server/discover"]);
      await client.listTools();
      // A fresh second: the test clock only moves when told to.
      context.clock.advance(1_000);
      sent.length = 0;
      for (let index = 0; index < 3; index++) {
        expect((await fetch(`${server.url}/v1/users`, { headers: { "x-api-key": limited.key } })).status).toBe(200);
      }
      for (let index = 0; index < 2; index++) {
        expect((await client.callTool({ name: "listUsers", arguments: {} })).isError).toBeFalsy();
      }
      const sixth = await client.callTool({ name: "listUsers", arguments: {} });
      expect(sixth.isError).toBe(true);
      expect((sixth.content as TextContent)[0]!.text).toMatch(/^HTTP 429: per-second rate limit exceeded: 5 requests per second/);
      expect(sent).toEqual(["tools/call", "tools/call", "tools/call"]);
      const rest = await fetch(`${server.url}/v1/users`, { headers: { "x-api-key": limited.key } });
      expect(rest.status).toBe(429);
      // tools/list is an MCP request of its own and is refused by the same limit.
      await expect(client.listTools()).rejects.toThrow(/per-second rate limit exceeded/);
      context.clock.advance(1_000);
      expect((await client.callTool({ name: "listUsers", arguments: {} })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it("counts MCP requests other than tool calls, with the limit headers on the response", async () => {
    context.clock.advance(1_000);
    const month = new Date(context.clock.now()).toISOString().slice(0, 7);
    const before = await context.services.store.usage.monthly(limited.tenant.uuid, month);
    const response = await postMcp(limited.key, { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await context.services.store.usage.monthly(limited.tenant.uuid, month)).toBe(before + 1);
  });

  it("counts each message of a batch other than its tool calls, and refuses a batch past the per-second limit", async () => {
    // Counted once, a batch of 100 tools/list had the server build 33 MB for one unit of the limits.
    const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: {} });
    context.clock.advance(1_000);
    const month = new Date(context.clock.now()).toISOString().slice(0, 7);
    const before = await context.services.store.usage.monthly(limited.tenant.uuid, month);
    const batchRevision = { "mcp-protocol-version": "2025-03-26" };
    const served = await postMcp(limited.key, [list(1), list(2), list(3)], undefined, batchRevision);
    expect(served.status).toBe(200);
    expect(served.headers.get("x-ratelimit-remaining")).toBe("2");
    await served.text();
    expect(await context.services.store.usage.monthly(limited.tenant.uuid, month)).toBe(before + 3);
    const refused = await postMcp(limited.key, [list(4), list(5), list(6)], undefined, batchRevision);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/per-second rate limit exceeded/) });
  });

  it("counts a tool call once, through the operation it runs", async () => {
    context.clock.advance(1_000);
    const month = new Date(context.clock.now()).toISOString().slice(0, 7);
    const before = await context.services.store.usage.monthly(limited.tenant.uuid, month);
    const response = await postMcp(limited.key, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "listUsers", arguments: {} } });
    expect(response.status).toBe(200);
    // The answer is a 2025-era event stream; it still carries the limits the call counted against.
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(response.headers.get("x-ratelimit-limit-monthly")).not.toBeNull();
    expect(await response.text()).toMatch(/"isError":false|"structuredContent"/);
    expect(await context.services.store.usage.monthly(limited.tenant.uuid, month)).toBe(before + 1);
    const next = await fetch(`${server.url}/v1/users`, { headers: { "x-api-key": limited.key } });
    expect(next.headers.get("x-ratelimit-remaining")).toBe("3");
  });

  it("counts once a call of a known tool that never reaches its operation: bad arguments, refused arguments, a notification", async () => {
    const month = () => new Date(context.clock.now()).toISOString().slice(0, 7);
    const messages = [
      { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "getPerson", arguments: {} } },
      { jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "getPerson", arguments: [1] } },
      { jsonrpc: "2.0", method: "tools/call", params: { name: "listUsers", arguments: {} } },
    ];
    for (const message of messages) {
      context.clock.advance(1_000);
      const before = await context.services.store.usage.monthly(limited.tenant.uuid, month());
      const response = await postMcp(limited.key, message);
      await response.text();
      expect(await context.services.store.usage.monthly(limited.tenant.uuid, month()), JSON.stringify(message)).toBe(before + 1);
    }
    // Past the per-second limit, a call whose arguments build no request is refused like any other.
    context.clock.advance(1_000);
    const answers: string[] = [];
    for (let call = 0; call < 6; call += 1) answers.push(await (await postMcp(limited.key, messages[0])).text());
    expect(answers.slice(0, 5).every((text) => /path parameter|person_uuid/.test(text))).toBe(true);
    expect(answers[5]).toMatch(/per-second rate limit exceeded/);
  });

  it("counts a tool call refused for its user context, and its 403 carries the limit headers", async () => {
    const month = () => new Date(context.clock.now()).toISOString().slice(0, 7);
    const call = { jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "listUsers", arguments: {} } };
    for (const user of ["not-a-uuid", acme.admin.uuid]) {
      context.clock.advance(1_000);
      const before = await context.services.store.usage.monthly(limited.tenant.uuid, month());
      const response = await postMcp(limited.key, call, undefined, { "x-service-user-id": user });
      expect(response.status, user).toBe(403);
      expect(response.headers.get("x-ratelimit-remaining"), user).toBe("4");
      expect(response.headers.get("x-ratelimit-reset-monthly"), user).not.toBeNull();
      await response.text();
      expect(await context.services.store.usage.monthly(limited.tenant.uuid, month()), user).toBe(before + 1);
    }
    // Past the per-second limit the 429 comes first, as the order of checks has it.
    context.clock.advance(1_000);
    const statuses: number[] = [];
    for (let call_ = 0; call_ < 6; call_ += 1) statuses.push((await postMcp(limited.key, call, undefined, { "x-service-user-id": "not-a-uuid" })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it("counts a body it cannot read as a message, and a URL that selects no tools, with the limit headers", async () => {
    const month = () => new Date(context.clock.now()).toISOString().slice(0, 7);
    const refused = [
      { label: "not JSON", status: 400, send: () => postRawMcp(limited.key, "{", "application/json") },
      { label: "not sent as JSON", status: 415, send: () => postRawMcp(limited.key, "{}", "text/plain") },
      { label: "accepts no answer", status: 406, send: () => postRawMcp(limited.key, "{}", "application/json", "", "text/html") },
      { label: "over 1 MiB", status: 413, send: () => postRawMcp(limited.key, JSON.stringify({ padding: "x".repeat(1_100_000) }), "application/json") },
      { label: "unknown area", status: 400, send: () => postRawMcp(limited.key, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }), "application/json", "?areas=nowhere") },
    ];
    for (const { label, status, send } of refused) {
      context.clock.advance(1_000);
      const before = await context.services.store.usage.monthly(limited.tenant.uuid, month());
      const response = await send();
      expect(response.status, label).toBe(status);
      expect(response.headers.get("x-ratelimit-remaining"), label).toBe("4");
      expect(response.headers.get("x-ratelimit-remaining-monthly"), label).not.toBeNull();
      await response.text();
      expect(await context.services.store.usage.monthly(limited.tenant.uuid, month()), label).toBe(before + 1);
    }
  });

  it("counts a call of an unknown tool as an MCP request", async () => {
    context.clock.advance(1_000);
    const response = await postMcp(limited.key, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "noSuchTool", arguments: {} } });
    expect(response.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(await response.text()).toMatch(/unknown tool 'noSuchTool'/);
  });
});

/** A raw 2025-era JSON-RPC POST (the protocol's stateless form needs no initialize first). */
function postMcp(key: string, message: unknown, signal?: AbortSignal, headers: Record<string, string> = {}) {
  return fetch(mcpUrl(), {
    method: "POST",
    signal,
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-api-key": key,
      "mcp-protocol-version": "2025-06-18",
      ...headers,
    },
    body: JSON.stringify(message),
  });
}

/** A POST to /mcp of `body` as it is, sent as `contentType`, with `query` on the URL. */
function postRawMcp(key: string, body: string, contentType: string, query = "", accept = "application/json, text/event-stream") {
  return fetch(`${mcpUrl()}${query}`, {
    method: "POST",
    headers: { "content-type": contentType, accept, "x-api-key": key, "mcp-protocol-version": "2025-06-18" },
    body,
  });
}
