/** `/mcp?areas=...&read_only=true` over a real port: what a client sees, what it may call, and how it is counted. */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../routes/operations.js";
import { startServer, type RunningServer } from "../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme", perSecond: 50 });
  server = await startServer(context.services, { port: 0 });
});
afterAll(async () => {
  await server.close(100);
  await context.close();
});

async function connect(query: string) {
  const client = await connectMcpClient(server.url, acme.adminKey, "rapport-selection-test", { query });
  return client;
}

const readOperations = operations.filter((operation) => operation.method === "get" || operation.readOnly === true);

describe("a client given a selecting /mcp URL", () => {
  it("sees only the read tools with read_only=true, and a write tool is refused, writing nothing", async () => {
    const client = await connect("?read_only=true");
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(20);
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      expect(tools.map((tool) => tool.name).sort()).toEqual(readOperations.map((operation) => operation.operationId).sort());
      const read = await client.callTool({ name: "listUsers", arguments: {} });
      expect(read.isError).toBeFalsy();
      const before = (await context.services.store.persons.list(acme.tenant.uuid, { position: { kind: "offset", offset: 0 }, limit: 1, filters: {}, sort_by: "name", order: "asc" })).total;
      // A tool error the model reads, not a protocol error: it says why, and what would allow the call.
      const refused = await client.callTool({ name: "createPerson", arguments: { body: { name: "Not written" } } });
      expect(refused.isError).toBe(true);
      expect((refused.content as Array<{ text: string }>)[0]!.text).toMatch(
        /^tool 'createPerson' is not available to this client: its \/mcp URL asks for read_only=true; calling it takes a \/mcp URL without read_only=true, /,
      );
      // A name that is no tool at all stays a protocol error (-32602), as the MCP spec has errors in finding a tool.
      await expect(client.callTool({ name: "createPersonn", arguments: {} })).rejects.toThrow(/unknown tool 'createPersonn'/);
      const after = (await context.services.store.persons.list(acme.tenant.uuid, { position: { kind: "offset", offset: 0 }, limit: 1, filters: {}, sort_by: "name", order: "asc" })).total;
      expect(after).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("is told in the instructions of the tools it has only, and every tool by a client that selects none", async () => {
    const everything = await connect("");
    const every = (await everything.listTools()).tools.map((tool) => tool.name);
    const cited = (instructions: string) => every.filter((name) => new RegExp(`\\b${name}\\b`).test(instructions));
    try {
      expect(cited(everything.getInstructions()!)).toEqual(expect.arrayContaining(["getMe", "listActivity", "listPersons", "listCompanies", "listDeletions"]));
    } finally {
      await everything.close();
    }
    // The README's selection for hosts that take 40 tools has no activity tools; a read-only one no createMeeting.
    for (const query of ["?areas=person,company,recommended-paths,pathpower,relationships,note,task,users", "?read_only=true", "?areas=company"]) {
      const some = await connect(query);
      try {
        const listed = new Set((await some.listTools()).tools.map((tool) => tool.name));
        const instructions = some.getInstructions()!;
        expect(instructions).toContain("Times named *_at are Unix epoch milliseconds");
        expect(cited(instructions).filter((name) => !listed.has(name)), query).toEqual([]);
      } finally {
        await some.close();
      }
    }
  });

  it("reads tool descriptions naming only the tools it has, an operation without one said so", async () => {
    context.clock.advance(1_000); // a second of its own under the key's 50 requests a second
    const everything = await connect("");
    const every = (await everything.listTools()).tools.map((tool) => tool.name);
    await everything.close();
    const toolNamesIn = (text: string) => every.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
    const queries = [
      "?areas=person,company,recommended-paths,pathpower,relationships,note,task,users",
      "?areas=person,company,recommended-paths",
      "?read_only=true",
      "?areas=persons",
      "?areas=companies",
      "?areas=meetings",
      "?areas=opportunities",
    ];
    for (const query of queries) {
      const some = await connect(query);
      try {
        const { tools } = await some.listTools();
        const listed = new Set(tools.map((tool) => tool.name));
        // Every text a model reads of the list: titles, descriptions, argument descriptions (and the names themselves).
        const texts = JSON.stringify(tools.map(({ title, description, inputSchema }) => ({ title, description, inputSchema })));
        expect(toolNamesIn(texts).filter((name) => !listed.has(name)), query).toEqual([]);
      } finally {
        await some.close();
      }
    }
    const persons = await connect("?areas=persons");
    try {
      const listPersons = (await persons.listTools()).tools.find((tool) => tool.name === "listPersons")!;
      expect(listPersons.description).toContain("GET /v1/pathpower/scores?entity=person&uuids= (no tool of this client) how strongly");
      expect(listPersons.description).toContain("filter with name (a misspelt name that matches nobody is retried fuzzily, closest first), then ask GET /v1/persons/{person_uuid}/recommended-paths (no tool of this client)");
    } finally {
      await persons.close();
    }
  });

  it("reads an error citing an operation by its tool only where it has it", async () => {
    context.clock.advance(1_000); // a second of its own under the key's 50 requests a second
    const ownerless = { owner_user_uuid: "00000000-0000-4000-8000-000000000000" };
    const withoutUsers = await connect("?areas=opportunities");
    const withUsers = await connect("?areas=opportunities,users");
    try {
      const textOf = async (client: Client) => ((await client.callTool({ name: "listOpportunities", arguments: ownerless })).content as Array<{ text: string }>)[0]!.text;
      expect(await textOf(withoutUsers)).toContain("(send user UUIDs from GET /v1/users (no tool of this client), or their person_uuid)");
      expect(await textOf(withUsers)).toContain("(send user UUIDs from GET /v1/users (tool listUsers), or their person_uuid)");
    } finally {
      await withoutUsers.close();
      await withUsers.close();
    }
  });

  it("sees only the tools of the areas it names, a much shorter list", async () => {
    const everything = await connect("");
    const some = await connect("?areas=person,recommended-paths");
    try {
      const all = (await everything.listTools()).tools;
      const { tools } = await some.listTools();
      const expected = operations.filter((operation) => operation.area === "Person" || operation.area === "Recommended paths");
      expect(tools.map((tool) => tool.name).sort()).toEqual(expected.map((operation) => operation.operationId).sort());
      expect(JSON.stringify(tools).length).toBeLessThan(JSON.stringify(all).length / 3);
      const outside = await some.callTool({ name: "listMeetings", arguments: {} });
      expect(outside.isError).toBe(true);
      expect((outside.content as Array<{ text: string }>)[0]!.text).toMatch(/asks for areas=Person,Recommended paths; calling it takes a \/mcp URL whose areas include Meetings, /);
    } finally {
      await everything.close();
      await some.close();
    }
  });

  it("takes every area in its English plural, as the README says a plural does not matter", async () => {
    context.clock.advance(1_000); // a second of its own under the key's 50 requests a second
    const plurals: Record<string, string> = {
      Activity: "activities",
      Company: "companies",
      Opportunity: "opportunities",
      "AI summary": "ai-summaries",
      "Entity List": "entity-lists",
      Person: "persons",
      Task: "tasks",
    };
    for (const [area, plural] of Object.entries(plurals)) {
      const client = await connect(`?areas=${plural}`);
      try {
        const { tools } = await client.listTools();
        const expected = operations.filter((operation) => operation.area === area).map((operation) => operation.operationId);
        expect(tools.map((tool) => tool.name).sort(), plural).toEqual(expected.sort());
      } finally {
        await client.close();
      }
    }
  });

  it("answers 400 with the error for a query that selects nothing it knows, and 401 first without a key", async () => {
    const post = (query: string, key?: string) =>
      fetch(`${server.url}/mcp${query}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", ...(key ? { "x-api-key": key } : {}) },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
    const typo = await post("?readonly=true", acme.key);
    expect(typo.status).toBe(400);
    expect(await typo.json()).toEqual({ error: "unknown query parameter 'readonly' on /mcp; it takes areas and read_only" });
    const area = await post("?areas=deals", acme.key);
    expect(area.status).toBe(400);
    expect(((await area.json()) as { error: string }).error).toMatch(/^areas must name some of .*Person.*; unknown: deals$/);
    expect((await post("?areas=deals")).status).toBe(401);
  });

  it("counts a refused tool call once, as an MCP request", async () => {
    const limited = await buildTenant(context.services, { name: "Limited", perSecond: 5 });
    context.clock.advance(1_000);
    const response = await fetch(`${server.url}/mcp?read_only=true`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", "x-api-key": limited.key },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "createPerson", arguments: { body: { name: "No" } } } }),
    });
    expect(response.headers.get("x-ratelimit-remaining")).toBe("4");
    expect(await response.text()).toMatch(/not available to this client/);
  });
});
