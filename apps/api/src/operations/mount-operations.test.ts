/**
 * The routes made from operations, as the tests' server (`validateResponses`) checks them: an answer must be what the
 * OpenAPI document and the MCP output schemas say, as it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../app.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { defineOperation } from "./operation.js";

let context: TestContext;
let acme: TestTenant;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

/** A test operation answering `answer`, created with 201. */
const answering = (operationId: string, answer: unknown) =>
  defineOperation({
    operationId,
    method: "post",
    path: `/v1/test/${operationId}`,
    area: "Test",
    summary: "Answer",
    description: "Answers what the test gives it (test only).",
    response: z.object({ uuid: z.string().describe("A record.") }),
    successStatus: 201,
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
});
