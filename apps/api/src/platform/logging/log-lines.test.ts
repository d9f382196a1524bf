/**
 * The server's log as an operator's collector reads it, over a real port: one JSON object per line, a failure with
 * its request id and stack, and no key, token, password or query string anywhere.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../../create-services.js";
import { defineOperation } from "../../operations/operation.js";
import { operations } from "../../routes/operations.js";
import { startServer, type RunningServer } from "../../server.js";
import { createDeterministicSummaryProvider } from "../../summary/deterministic-summary-provider.js";
import { buildTenant, type TestTenant } from "../../testing/test-harness.js";

const explode = defineOperation({
  operationId: "testLogExplode",
  method: "get",
  path: "/v1/test/log-explode",
  area: "Test",
  summary: "Fails",
  description: "Throws an unexpected error.",
  async handler() {
    throw new Error("the database went away");
  },
});

const folder = mkdtempSync(join(tmpdir(), "rapport-log-lines-"));
let output = "";
let server: RunningServer;
let acme: TestTenant;

beforeAll(async () => {
  const collector = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  // The production logger's shape (createLogger), written to memory instead of a file descriptor.
  const logger = pino({ level: "info", base: { service: "rapport" } }, collector);
  const services = await createServices({ databasePath: join(folder, "rapport.db"), logger, summaryProvider: createDeterministicSummaryProvider() });
  acme = await buildTenant(services);
  server = await startServer(services, { port: 0, operations: [...operations, explode] });
});
afterAll(async () => {
  await server.close(100);
  rmSync(folder, { recursive: true, force: true });
});

/** Every line written so far, each parsed (a line that is not JSON fails the test). */
function logLines(): Array<Record<string, unknown>> {
  return output
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the server's log lines", () => {
  it("are one JSON object a line: a failure with its request id and stack, no secret and no query anywhere", async () => {
    const secrets = { key: acme.key, wrongKey: "pk_wrong-secret-key-0123456789", token: "eyJsecret.bearer.token", query: "query-secret-42" };
    const calls: Array<[string, Record<string, string>, number]> = [
      [`/v1/companies?name=${secrets.query}`, { "x-api-key": secrets.key }, 200],
      ["/v1/persons", { "x-api-key": secrets.wrongKey }, 401],
      ["/v1/persons", { authorization: `Bearer ${secrets.token}` }, 401],
      ["/v1/test/log-explode", { "x-api-key": secrets.key, "x-request-id": "trace-log-500" }, 500],
    ];
    for (const [path, headers, status] of calls) {
      const response = await fetch(`${server.url}${path}`, { headers });
      expect(response.status, path).toBe(status);
      expect(await response.text(), path).not.toMatch(new RegExp(Object.values(secrets).join("|")));
    }
    await fetch(`${server.url}/mcp`, { method: "POST", headers: { authorization: `Bearer ${secrets.token}`, "content-type": "application/json" }, body: "{}" });
    await expect.poll(() => logLines().filter((line) => line.msg === "request").length, { timeout: 30_000 }).toBe(calls.length + 1);
    const lines = logLines();
    for (const line of lines) expect(line).toMatchObject({ level: expect.any(Number), time: expect.any(Number), service: "rapport", msg: expect.any(String) });
    const failure = lines.find((line) => line.msg === "unhandled error");
    expect(failure).toMatchObject({ level: 50, requestId: "trace-log-500", method: "GET", path: "/v1/test/log-explode" });
    expect((failure!.err as { stack: string }).stack).toMatch(/^Error: the database went away\n\s+at /);
    expect(lines.filter((line) => line.msg === "request").map((line) => line.path)).toEqual(["/v1/companies", "/v1/persons", "/v1/persons", "/v1/test/log-explode", "/mcp"]);
    for (const secret of Object.values(secrets)) expect(output).not.toContain(secret);
  });
});
