import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { malformedQueryProblem } from "./malformed-query.js";

describe("malformedQueryProblem", () => {
  it("refuses a parameter without a name, first or after others", () => {
    for (const query of ["?=1", "?&=x", "?name=a&=b", "?=", "?name=%C3%A9&=b"]) {
      expect(malformedQueryProblem(`http://h/v1/persons${query}`), query).toMatch(/^query string: a parameter has no name \('=[^']*'\); send name=value$/);
    }
  });

  it("passes over empty pairs and takes an escaped or repeated equals sign as part of a name or value", () => {
    for (const query of ["", "?", "?&&", "?name=a&", "?name", "?%3D=1", "?name=a=b", "?name==b"]) {
      expect(malformedQueryProblem(`http://h/v1/persons${query}`), query).toBeNull();
    }
  });

  it("still names a value escaped from bytes that are not UTF-8", () => {
    expect(malformedQueryProblem("http://h/v1/persons?per_page=2&name=Jos%E9")).toBe("query parameter 'name': '%E9' is not percent-encoded UTF-8 (é is %C3%A9)");
  });
});

describe("a request with a nameless query parameter", () => {
  let context: TestContext;
  let acme: TestTenant;
  beforeEach(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
  });
  afterEach(() => context.close());

  it("is a 400, where the router dropped the parameter and answered the unfiltered list", async () => {
    expect(await context.json("/v1/persons?=Ada", { key: acme.key })).toEqual({
      status: 400,
      body: { error: "query string: a parameter has no name ('=Ada'); send name=value" },
    });
    expect((await context.json("/v1/persons?per_page=5&", { key: acme.key })).status).toBe(200);
  });
});
