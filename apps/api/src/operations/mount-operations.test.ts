/**
 * The routes made from operations, as the tests' server (`validateResponses`) checks them: an answer must be what the
 * OpenAPI document and the MCP output schemas say, as it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../app.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { defineOperation, reply } from "./operation.js";

let context: TestContext;
let acme: TestTenant;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

/** A test operation answering `answer` (a reply when it has a status), created with 201 unless told. */
const answering = (operationId: string, answer: unknown, otherSuccesses?: { 200: string }) =>
  defineOperation({
    operationId,
    method: "post",
    path: `/v1/test/${operationId}`,
    area: "Test",
    summary: "Answer",
    description: "Answers what the test gives it (test only).",
    response: z.object({ uuid: z.string().describe("A record.") }),
    successStatus: 201,
    ...(otherSuccesses ? { otherSuccesses } : {}),
    async handler() {
      return answer as { uuid: string };
    },
  });

async function post(operations: ReturnType<typeof answering>[], operationId: string, validateResponses = true) {
  const app = createApp(context.services, { operations, validateResponses });
  const response = await app.request(`/v1/test/${operationId}`, { method: "POST", headers: { "x-api-key": acme.key } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the tests' server", () => {
  it("refuses an answer with a field its schema does not list, which the documented schema forbids and parsing alone drops", async () => {
    const leaky = answering("testLeaky", { uuid: "r-1", internal_note: "not for clients" });
    expect(await post([leaky], "testLeaky", false)).toEqual({ status: 201, body: { uuid: "r-1", internal_note: "not for clients" } });
    expect(await post([leaky], "testLeaky")).toEqual({
      status: 500,
      body: { error: "response of testLeaky does not match its schema: 'internal_note' is not in the schema" },
    });
  });

  it("refuses a success status the operation does not document, and takes one it does", async () => {
    const documented = answering("testRelinked", reply(200, { uuid: "r-1" }), { 200: "Linked already." });
    const undocumented = answering("testQuietlyRelinked", reply(200, { uuid: "r-1" }));
    expect(await post([documented, undocumented], "testRelinked")).toEqual({ status: 200, body: { uuid: "r-1" } });
    expect(await post([documented, undocumented], "testQuietlyRelinked")).toEqual({
      status: 500,
      body: { error: "testQuietlyRelinked answered 200, a status it does not document (successStatus, otherSuccesses)" },
    });
  });
});
