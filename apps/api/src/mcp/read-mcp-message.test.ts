/** `/mcp` answers a body it cannot serve as a message with a JSON-RPC error, not the REST `{"error"}`. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../platform/request/json-body.js";
import { MAX_JSON_DEPTH } from "../platform/request/json-nesting.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../testing/test-harness.js";

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

function postMcp(body: string, protocolVersion?: string, headers: Record<string, string> = {}) {
  return context.request("/mcp", {
    method: "POST",
    key: acme.key,
    body,
    headers: {
      accept: "application/json, text/event-stream",
      ...(protocolVersion === undefined ? {} : { "mcp-protocol-version": protocolVersion }),
      ...headers,
    },
  });
}

/** The JSON-RPC messages of an answer sent as JSON or as server-sent events. */
async function answers(response: Response): Promise<Array<{ id: unknown; result?: unknown; error?: unknown }>> {
  const text = await response.text();
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return [JSON.parse(text)].flat();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)));
}

const noteCall = (id: number, content: string) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "createNote", arguments: { body: { content } } },
});
const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
const noteCount = async () => ((await (await context.request("/v1/notes", { key: acme.key })).json()) as { total: number }).total;

describe("a body that is not JSON", () => {
  it("is a JSON-RPC parse error with no id, as HTTP 400 with the request id", async () => {
    for (const body of ['{"jsonrpc": "2.0", "id": 1,', "ping", ""]) {
      const response = await postMcp(body, "2025-06-18");
      expect(response.status, body).toBe(400);
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error: /) } });
    }
  });

  it("keeps the REST error shape on /v1", async () => {
    const response = await context.request("/v1/notes", { method: "POST", key: acme.key, body: "{" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^request body is not valid JSON/) });
  });
});

describe("a body refused before it is read as a message", () => {
  const deeplyNested = `{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"deep": ${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}}}`;
  const refusals: Array<{ refused: string; status: number; body: string; headers: Record<string, string>; message: RegExp }> = [
    { refused: "a body over the size limit", status: 413, body: JSON.stringify({ ...ping, params: { padding: "x".repeat(MAX_BODY_BYTES) } }), headers: {}, message: /larger than the 1 MiB limit/ },
    { refused: "a body not sent as JSON", status: 415, body: JSON.stringify(ping), headers: { "content-type": "text/plain" }, message: /must be JSON: send Content-Type: application\/json \(got text\/plain\)/ },
    { refused: "JSON nested too deep", status: 400, body: deeplyNested, headers: {}, message: new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`) },
    { refused: "JSON with a __proto__ key", status: 400, body: '{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"__proto__": {}}}', headers: {}, message: /must not use the key '__proto__'/ },
  ];

  it.each(refusals)("answers $refused as a JSON-RPC invalid request with no id, keeping its HTTP status $status", async ({ status, body, headers, message }) => {
    const response = await postMcp(body, "2025-06-18", headers);
    expect(response.status).toBe(status);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const answer = (await response.json()) as { error: { message: string } };
    expect(answer).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringMatching(/^Invalid Request: request body /) } });
    expect(answer.error.message).toMatch(message);
  });

  it.each(refusals)("keeps the REST shape for $refused on /v1", async ({ status, body, headers, message }) => {
    const response = await context.request("/v1/notes", { method: "POST", key: acme.key, body, headers });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: expect.stringMatching(message) });
  });

  it("refuses a lone surrogate in a tool's argument as an invalid request naming it, where building the call failed inside", async () => {
    const call = '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "getPerson", "arguments": {"person_uuid": "\\ud800"}}}';
    const response = await postMcp(call, "2025-06-18");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request: body field 'params.arguments.person_uuid': text must not contain a lone surrogate (U+D800 to U+DFFF unpaired)" },
    });
  });

  it("refuses a key given twice in a message as an invalid request naming it: another parser would read another call", async () => {
    const call = '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "getPerson", "name": "deletePerson", "arguments": {}}}';
    const response = await postMcp(call, "2025-06-18");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringMatching(/^Invalid Request: body field 'params\.name' is given twice in one object/) },
    });
  });

  it("leaves the 401 of missing credentials in the REST shape, with its WWW-Authenticate challenge", async () => {
    const response = await context.request("/mcp", { method: "POST", body: JSON.stringify(ping), headers: { accept: "application/json, text/event-stream" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="/);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/missing API key/) });
  });
});

describe("a JSON-RPC batch", () => {
  it.each(["2025-06-18", "2025-11-25", "2026-07-28"])("is an invalid request under protocol revision %s, and none of it runs", async (revision) => {
    const response = await postMcp(JSON.stringify([ping, noteCall(2, "Batched")]), revision);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringMatching(/batches were removed in protocol revision 2025-06-18.*send each message in a POST of its own$/) },
    });
    expect(await noteCount()).toBe(0);
  });

  it("is served under 2025-03-26, also when the client sends no protocol version (the spec's assumption then)", async () => {
    for (const revision of ["2025-03-26", undefined]) {
      const response = await postMcp(JSON.stringify([ping, noteCall(2, `Batched under ${revision}`)]), revision);
      expect(response.status).toBe(200);
      expect((await answers(response)).map((answer) => [answer.id, "result" in answer])).toEqual([
        [1, true],
        [2, true],
      ]);
    }
    expect(await noteCount()).toBe(2);
  });

  it("may hold at most 100 messages, refused as one request before any is counted", async () => {
    context.clock.advance(1_000);
    const response = await postMcp(JSON.stringify(Array.from({ length: 101 }, (_, index) => ({ ...ping, id: index }))), "2025-03-26");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ id: null, error: { code: -32600, message: "Invalid Request: Batch must not exceed 100 messages" } });
    const remaining = Number(response.headers.get("x-ratelimit-remaining"));
    expect(remaining).toBeGreaterThan(0);
    const next = await postMcp(JSON.stringify(ping), "2025-03-26");
    expect(next.headers.get("x-ratelimit-remaining")).toBe(String(remaining - 1));
  });

  it("may not carry an initialize request", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "batcher", version: "1.0.0" } },
    };
    const response = await postMcp(JSON.stringify([initialize]));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/initialize request may not be part of a JSON-RPC batch/) } });
  });
});
