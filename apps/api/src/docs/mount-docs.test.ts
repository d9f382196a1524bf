/** The reference page and its assets, served from the installed package without a key. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../testing/test-harness.js";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe("/docs", () => {
  it("serves the page without a key, pointing at local assets and the OpenAPI document", async () => {
    const response = await context.request("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    const html = await response.text();
    expect(html).toContain('src="docs/assets/swagger-ui-bundle.js"');
    expect(html).not.toMatch(/https?:\/\//);
    const initializer = await (await context.request("/docs/assets/rapport-docs.js")).text();
    expect(initializer).toContain('url: "v1/openapi.json"');
    expect(initializer).toContain("validatorUrl: null");
  });

  it("sends /docs/ (a trailing slash a browser or a user adds) to /docs, where the page's relative links resolve", async () => {
    const response = await context.request("/docs/");
    expect(response.status).toBe(308);
    const location = response.headers.get("location")!;
    expect(new URL(location, "http://rapport.example/docs/").pathname).toBe("/docs");
    // Behind a proxy that mounts Rapport under a prefix, the same answer keeps the prefix.
    expect(new URL(location, "http://proxy.example/rapport/docs/").pathname).toBe("/rapport/docs");
  });

  it("serves the Swagger UI files from node_modules with their types", async () => {
    const script = await context.request("/docs/assets/swagger-ui-bundle.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
    const style = await context.request("/docs/assets/swagger-ui.css");
    expect(style.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("serves nothing else from the package folder", async () => {
    // `constructor` and `toString` are Object's, not assets: they were looked up as such and answered 500.
    for (const path of ["/docs/assets/package.json", "/docs/assets/..%2Fpackage.json", "/docs/assets/index.js", "/docs/assets/constructor", "/docs/assets/toString"]) {
      const response = await context.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });
});
