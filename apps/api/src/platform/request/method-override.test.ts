import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

describe("a method override header", () => {
  it("is a 400 naming it, where a POST meant as a DELETE created a record", async () => {
    const before = await context.json("/v1/persons", { key: acme.key });
    for (const header of ["X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"]) {
      const refused = await context.json("/v1/persons", { method: "POST", key: acme.key, body: { name: "Not Meant" }, headers: { [header]: "delete" } });
      expect(refused).toEqual({
        status: 400,
        body: { error: `${header.toLowerCase()} is not supported: send the request as DELETE itself (it would be served as POST)` },
      });
    }
    const after = await context.json("/v1/persons", { key: acme.key });
    expect(after.body?.items.length).toBe(before.body?.items.length);
  });

  it("is refused on every path, a key's check or not", async () => {
    const response = await context.request("/health", { headers: { "x-http-method-override": "POST" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
