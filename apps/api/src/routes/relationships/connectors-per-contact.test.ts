/**
 * `connectors_per_contact` on the company recommended paths (the batch's body field, the single company's query
 * parameter), through the real app and over MCP: the default lists every connector, a limit keeps each contact's
 * strongest connectors and changes nothing else, a batch repeated with another limit is not served the kept answer of
 * the first, and a value outside 0-10 is a 400 naming it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callMcpTool } from "../../testing/mcp-call.js";
import { companyKnownInOrder, type Json, type JsonCall } from "../../testing/company-known-in-order.js";
import { createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: string;
let call: JsonCall;

const batch = (body: Json) => call("/v1/companies/recommended-paths/batch", { method: "POST", body: { uuids: [globex], ...body } });

beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  ({ acme, globex, call } = await companyKnownInOrder(context));
});
afterAll(() => context.close());

const connectorNames = (answer: Json) => (answer.top_external_contacts as Json[]).map((contact) => (contact.internal_connectors as Json[]).map((connector) => connector.name));
const withoutConnectors = (answer: Json) => ({ ...answer, top_external_contacts: (answer.top_external_contacts as Json[]).map((contact) => ({ ...contact, internal_connectors: null })) });

describe("connectors_per_contact", () => {
  it("lists every connector by default, each contact's strongest first that a limit keeps, with nothing else changed", async () => {
    const whole = await batch({});
    const [all] = whole.body.results as Json[];
    const everyConnector = connectorNames(all!);
    // Grace is known by both teammates: the limit has something to cut.
    expect(everyConnector[0]).toHaveLength(2);
    expect((await batch({ connectors_per_contact: 10 })).body).toEqual(whole.body);

    // Asked right after, within the kept answers' age: the first answer must not be served for another limit.
    const one = await batch({ connectors_per_contact: 1 });
    expect(one.status).toBe(200);
    const [first] = one.body.results as Json[];
    expect(connectorNames(first!)).toEqual(everyConnector.map((names) => names.slice(0, 1)));
    expect(withoutConnectors(first!)).toEqual(withoutConnectors(all!));
    const none = (await batch({ connectors_per_contact: 0 })).body.results[0] as Json;
    expect(connectorNames(none)).toEqual(everyConnector.map(() => []));
  });

  it("bounds a single company's connectors as a query parameter, and refuses what the batch refuses, naming it", async () => {
    const path = `/v1/companies/${globex}/recommended-paths`;
    const whole = await call(path);
    const one = await call(`${path}?connectors_per_contact=1`);
    expect(one.status).toBe(200);
    expect(connectorNames(one.body)).toEqual(connectorNames(whole.body).map((names) => names.slice(0, 1)));
    expect(withoutConnectors(one.body)).toEqual(withoutConnectors(whole.body));
    for (const value of ["11", "-1", "1.5", "two"]) {
      const refused = await call(`${path}?connectors_per_contact=${value}`);
      expect(refused, value).toMatchObject({ status: 400, body: { error: "query parameter 'connectors_per_contact': must be an integer from 0 to 10" } });
    }
    const refused = await batch({ connectors_per_contact: 11 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("connectors_per_contact");
    const person = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [globex], connectors_per_contact: 1 } });
    expect(person.status).toBe(400);
  });

  it("is an argument of both tools over MCP", async () => {
    const headers = { "x-api-key": acme.key };
    const batched = await callMcpTool(context, { name: "batchCompanyRecommendedPaths", args: { body: { uuids: [globex], connectors_per_contact: 1 } }, headers });
    expect(batched.isError, batched.content[0]?.text).toBeUndefined();
    expect(connectorNames((batched.structuredContent as Json).results[0])[0]).toHaveLength(1);
    const single = await callMcpTool(context, { name: "getCompanyRecommendedPaths", args: { company_uuid: globex, connectors_per_contact: 1 }, headers });
    expect(single.isError, single.content[0]?.text).toBeUndefined();
    expect(connectorNames(single.structuredContent as Json)[0]).toHaveLength(1);
  });
});
