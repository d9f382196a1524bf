/** The access log over a real port: one line per request, written once the answer is sent or the client has gone. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { streamedList } from "../../operations/streamed-list.js";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

/** Streams `parts` numbers, one every 5 ms. */
const slowStream = defineOperation({
  operationId: "testAccessLogStream",
  method: "get",
  path: "/v1/test/access-log-stream",
  area: "Test",
  summary: "Slow streamed list",
  description: "Streams numbers slowly (test only).",
  query: z.object({ parts: z.coerce.number().int() }),
  response: z.object({ results: z.array(z.number()) }),
  async handler({ query }) {
    async function* parts() {
      for (let part = 0; part < query.parts; part += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield [part];
      }
    }
    return streamedList("results", parts()) as never;
  },
});

/** Answers one item by its UUID, as the record routes do. */
const itemByUuid = defineOperation({
  operationId: "testAccessLogItem",
  method: "get",
  path: "/v1/test/access-log-items/{item_uuid}",
  area: "Test",
  summary: "One item",
  description: "Answers the UUID it was given (test only).",
  params: z.object({ item_uuid: z.string() }),
  response: z.object({ uuid: z.string() }),
  async handler({ params }) {
    return { uuid: params.item_uuid };
  },
});

describe("the access log over a real port", () => {
  let context: TestContext;
  let acme: TestTenant;
  let server: RunningServer;
  let lines: Array<Record<string, unknown>>;

  beforeAll(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
    server = await startServer(context.services, { port: 0, operations: [slowStream, itemByUuid] });
  });
  afterAll(async () => {
    await server.close(100);
    await context.close();
  });
  afterEach(() => vi.restoreAllMocks());

  /** Collects the request lines the (otherwise silent) test logger is given. */
  function collectRequestLines() {
    lines = [];
    const { logger } = context.services;
    vi.spyOn(logger, "isLevelEnabled").mockReturnValue(true);
    vi.spyOn(logger, "info").mockImplementation(((fields: Record<string, unknown>, message?: string) => {
      if (message === "request") lines.push(fields);
    }) as never);
  }

  it("leaves out a lower-case word sent where the matched route takes a UUID (a user name), and keeps the route's own words", async () => {
    collectRequestLines();
    const response = await fetch(`${server.url}/v1/test/access-log-items/jsmith`, { headers: { "x-api-key": acme.key, "x-request-id": "word-1" } });
    await response.arrayBuffer();
    await vi.waitFor(() => expect(lines.find((line) => line.requestId === "word-1")).toBeDefined(), { timeout: 30_000 });
    expect(lines.find((line) => line.requestId === "word-1")).toMatchObject({ method: "GET", path: "/v1/test/access-log-items/[redacted]", status: 200 });
  });

  it("leaves out of the logged path a segment that could be personal data, such as an address sent where a UUID goes", async () => {
    collectRequestLines();
    const response = await fetch(`${server.url}/v1/persons/jane.doe@bank.example/recommended-paths`, { headers: { "x-api-key": acme.key, "x-request-id": "address-1" } });
    await response.arrayBuffer();
    await vi.waitFor(() => expect(lines.find((line) => line.requestId === "address-1")).toBeDefined(), { timeout: 30_000 });
    expect(lines.find((line) => line.requestId === "address-1")).toMatchObject({ method: "GET", path: "/v1/persons/[redacted]/recommended-paths", status: response.status });
    expect(JSON.stringify(lines)).not.toContain("jane.doe");
  });

  it("writes a streamed answer's line once it is sent whole, its time the whole stream's", async () => {
    collectRequestLines();
    const response = await fetch(`${server.url}/v1/test/access-log-stream?parts=20`, { headers: { "x-api-key": acme.key, "x-request-id": "whole-1" } });
    expect(((await response.json()) as { results: number[] }).results).toHaveLength(20);
    await expect.poll(() => lines.length, { timeout: 30_000 }).toBe(1);
    expect(lines[0]).toMatchObject({ requestId: "whole-1", method: "GET", path: "/v1/test/access-log-stream", status: 200, tenant: acme.tenant.uuid });
    expect(lines[0]).not.toHaveProperty("clientLeft");
    // 20 parts 5 ms apart: the line came after the last.
    expect(lines[0]!.durationMs).toBeGreaterThanOrEqual(90);
  });

  it("says when the client went away before the answer was sent", async () => {
    collectRequestLines();
    const abort = new AbortController();
    const response = await fetch(`${server.url}/v1/test/access-log-stream?parts=400`, { headers: { "x-api-key": acme.key, "x-request-id": "left-1" }, signal: abort.signal });
    await response.body!.getReader().read();
    abort.abort();
    await expect.poll(() => lines.length, { timeout: 30_000 }).toBe(1);
    expect(lines[0]).toMatchObject({ requestId: "left-1", status: 200, clientLeft: true });
  });

  it("logs an answer that is not streamed once, with its status", async () => {
    collectRequestLines();
    const refused = await fetch(`${server.url}/v1/test/access-log-stream?parts=many`, { headers: { "x-api-key": acme.key, "x-request-id": "plain-1" } });
    expect(refused.status).toBe(400);
    await refused.arrayBuffer();
    await expect.poll(() => lines.length, { timeout: 30_000 }).toBe(1);
    expect(lines[0]).toMatchObject({ requestId: "plain-1", path: "/v1/test/access-log-stream", status: 400, tenant: acme.tenant.uuid });
    expect(lines[0]).not.toHaveProperty("clientLeft");
    const unknown = await fetch(`${server.url}/v1/test/access-log-stream?parts=1`, { headers: { "x-api-key": "rk_nothing" } });
    expect(unknown.status).toBe(401);
    await unknown.arrayBuffer();
    await expect.poll(() => lines.length, { timeout: 30_000 }).toBe(2);
    expect(lines[1]).toMatchObject({ status: 401, tenant: undefined });
  });
});
