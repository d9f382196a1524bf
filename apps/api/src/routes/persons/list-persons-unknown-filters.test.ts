/**
 * A filter the person list does not take, sent for what another call answers: an email address is found by the lookup
 * (named by its tool over MCP), a search word by `name`, a company's name by `company_uuid`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

const LOOKUP = "find persons by email address, LinkedIn URL or domain with POST /v1/persons/lookup/batch";

describe("GET /v1/persons with a filter it does not take", () => {
  it.each([
    ["email=jordan@northwind.example", `unknown query parameter 'email' (${LOOKUP}); this operation accepts: `],
    ["linkedin_url=linkedin.com/in/jordan", `unknown query parameter 'linkedin_url' (${LOOKUP}); this operation accepts: `],
    ["q=jordan", "unknown query parameter 'q' (did you mean 'name'?); this operation accepts: "],
    ["search=jordan", "unknown query parameter 'search' (did you mean 'name'?); this operation accepts: "],
    ["company_name=Northwind", "unknown query parameter 'company_name' (did you mean 'company_uuid'?); this operation accepts: "],
  ])("?%s says what to send", async (query, message) => {
    const answer = await call(`/v1/persons?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.startsWith(message), answer.body.error).toBe(true);
  });

  it("points the company and opportunity lists' search words to their own filters", async () => {
    expect((await call("/v1/companies?q=northwind")).body.error).toMatch(/^unknown query parameter 'q' \(did you mean 'name'\?\)/);
    expect((await call("/v1/opportunities?query=northwind")).body.error).toMatch(/^unknown query parameter 'query' \(did you mean 'search'\?\)/);
  });

  it("names the lookup's tool over MCP, and the lookup finds the person by that address", async () => {
    const created = await call("/v1/persons", { method: "POST", body: { name: "Jordan Blake", emails: [{ address: "jordan@northwind.example" }] } });
    expect(created.status).toBe(201);
    const headers = { "x-api-key": acme.key };
    const refused = await callMcpTool(context, { name: "listPersons", args: { email: "jordan@northwind.example" }, headers });
    expect(refused.content[0]!.text).toMatch(/^HTTP 400: unknown argument 'email' \(find persons by email address, LinkedIn URL or domain with POST \/v1\/persons\/lookup\/batch \(tool lookupPersonsBatch\)\); /);
    const found = await callMcpTool(context, { name: "lookupPersonsBatch", args: { body: { criteria: [{ email: "jordan@northwind.example" }] } }, headers });
    expect(JSON.stringify(found.structuredContent)).toContain(created.body.uuid);
  });
});
