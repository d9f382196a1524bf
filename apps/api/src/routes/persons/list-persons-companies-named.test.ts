/**
 * `companies_named` on the person list: a `name` that no person's name holds but a company's does names the company
 * (and the filter for its people); a name found among persons, or held by no company, or another tenant's company,
 * adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let other: TestTenant;
let northwind: string;

type Json = Record<string, any>;
const send = async (tenant: TestTenant, path: string, body?: unknown) => {
  const answer = await context.json(path, { key: tenant.key, ...(body !== undefined && { method: "POST", body }) });
  return answer.body as Json;
};

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  other = await buildTenant(context.services);
  northwind = (await send(acme, "/v1/companies", { company_name: "Northwind Robotics", domain: "northwind.example" })).uuid;
  await send(acme, "/v1/persons", { name: "Ada Lovelace", emails: ["ada@northwind.example"], primary_company_uuid: northwind });
  await send(other, "/v1/companies", { company_name: "Northwind Traders", domain: "traders.example" });
});
afterAll(() => context.close());

describe("GET /v1/persons?name= given a company's name", () => {
  it("names the tenant's companies holding it, and lists their people by company_uuid", async () => {
    const answer = await send(acme, "/v1/persons?name=northwind");
    expect(answer).toMatchObject({ items: [], total: 0, name_match: "fuzzy", companies_named: [{ uuid: northwind, name: "Northwind Robotics" }] });
    const people = await send(acme, `/v1/persons?company_uuid=${answer.companies_named[0].uuid}`);
    expect(people.items.map((person: Json) => person.name)).toEqual(["Ada Lovelace"]);
    // Another tenant's company of that name is not named, not even to the tenant that has none.
    expect((await send(other, "/v1/persons?name=robotics")).companies_named).toBeUndefined();
    expect((await send(other, "/v1/persons?name=northwind")).companies_named).toEqual([{ uuid: expect.any(String), name: "Northwind Traders" }]);
  });

  it("adds nothing when a person's name holds it, or no company's does", async () => {
    const found = await send(acme, "/v1/persons?name=ada");
    expect(found).toMatchObject({ total: 1, name_match: "exact" });
    expect(found).not.toHaveProperty("companies_named");
    expect(await send(acme, "/v1/persons?name=qwxz")).not.toHaveProperty("companies_named");
    expect(await send(acme, "/v1/persons")).not.toHaveProperty("companies_named");
  });

  it("says it over MCP too", async () => {
    const result = await callMcpTool(context, { name: "listPersons", args: { name: "Northwind" }, headers: { "x-api-key": acme.key } });
    expect(result.isError, result.content[0]?.text).toBeUndefined();
    expect((result.structuredContent as Json).companies_named).toEqual([{ uuid: northwind, name: "Northwind Robotics" }]);
  });
});
