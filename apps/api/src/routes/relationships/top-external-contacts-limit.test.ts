/**
 * `top_external_contacts_limit` on the company recommended paths (the batch's body field, the single company's query
 * parameter), through the real app and over MCP: the default answer is unchanged, a limit keeps the strongest contacts
 * without changing the items or counts, a batch repeated with another limit is not served the kept answer of the first,
 * and a value outside 0-10 is a 400 naming it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callMcpTool, postMcpMessage } from "../../testing/mcp-call.js";
import { companyKnownInOrder, type Json, type JsonCall } from "../../testing/company-known-in-order.js";
import { createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: string;
let call: JsonCall;

const batch = (body: Json) => call("/v1/companies/recommended-paths/batch", { method: "POST", body: { uuids: [globex], ...body } });
const contactNames = (answer: Json) => (answer.top_external_contacts as Json[]).map((contact) => contact.name);

beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  ({ acme, globex, call } = await companyKnownInOrder(context));
});
afterAll(() => context.close());

describe("top_external_contacts_limit", () => {
  it("lists every contact by default, the strongest first that a limit keeps, with the same items and total", async () => {
    const whole = await batch({});
    expect(whole.status).toBe(200);
    const [all] = whole.body.results as Json[];
    expect(contactNames(all!)).toEqual(["Grace Hopper", "Gina Moss", "Gus Fring"]);
    expect((await batch({ top_external_contacts_limit: 10 })).body).toEqual(whole.body);

    // Asked right after, within the kept answers' age: the first answer must not be served for another limit.
    const one = await batch({ top_external_contacts_limit: 1 });
    expect(one.status).toBe(200);
    const [first] = one.body.results as Json[];
    expect(first!.top_external_contacts).toEqual(all!.top_external_contacts.slice(0, 1));
    expect({ ...first, top_external_contacts: null }).toEqual({ ...all, top_external_contacts: null });

    const none = (await batch({ top_external_contacts_limit: 0, include_items: false })).body.results[0] as Json;
    expect(none).toMatchObject({ items: [], top_external_contacts: [], total: all!.total });
  });

  it("bounds a single company's contacts as a query parameter, and refuses what the batch refuses, naming it", async () => {
    const path = `/v1/companies/${globex}/recommended-paths`;
    const whole = await call(path);
    const two = await call(`${path}?top_external_contacts_limit=2`);
    expect(two.status).toBe(200);
    expect(two.body).toEqual({ ...whole.body, top_external_contacts: whole.body.top_external_contacts.slice(0, 2) });
    for (const value of ["11", "-1", "1.5", "two"]) {
      const refused = await call(`${path}?top_external_contacts_limit=${value}`);
      expect(refused, value).toMatchObject({ status: 400, body: { error: "query parameter 'top_external_contacts_limit': must be an integer from 0 to 10" } });
    }
    const refused = await batch({ top_external_contacts_limit: 11 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("top_external_contacts_limit");
    // Persons have no external contacts: the person batch does not take the field.
    const person = await call("/v1/persons/recommended-paths/batch", { method: "POST", body: { uuids: [globex], top_external_contacts_limit: 1 } });
    expect(person.status).toBe(400);
  });

  it("is an argument of both tools over MCP, and the batch's description says what it bounds", async () => {
    const headers = { "x-api-key": acme.key };
    const batched = await callMcpTool(context, { name: "batchCompanyRecommendedPaths", args: { body: { uuids: [globex], top_external_contacts_limit: 1 } }, headers });
    expect(batched.isError, batched.content[0]?.text).toBeUndefined();
    expect(contactNames((batched.structuredContent as Json).results[0])).toEqual(["Grace Hopper"]);
    const single = await callMcpTool(context, { name: "getCompanyRecommendedPaths", args: { company_uuid: globex, top_external_contacts_limit: 2 }, headers });
    expect(contactNames(single.structuredContent as Json)).toEqual(["Grace Hopper", "Gina Moss"]);
    const listed = await postMcpMessage<{ tools: Json[] }>(context, { method: "tools/list" }, headers);
    const description = listed.result!.tools.find((tool) => tool.name === "batchCompanyRecommendedPaths")!.description as string;
    expect(description).toContain("`top_external_contacts_limit` (0 to 10, default 10) bounds the contacts");
  });
});
