/** OAuth wiring that needs no Node server: metadata, the 501 off Node, and OAuth off without a public URL. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe("OAuth in the app", () => {
  it("publishes the authorization server in the resource metadata when a public URL is set", async () => {
    const app = createApp(context.services, { publicUrl: "https://rapport.example.com" });
    const metadata = await (await app.request("/.well-known/oauth-protected-resource")).json();
    expect(metadata).toEqual({
      resource: "https://rapport.example.com/mcp",
      authorization_servers: ["https://rapport.example.com"],
      scopes_supported: ["mcp", "mcp:read"],
      bearer_methods_supported: ["header"],
      resource_name: "Rapport MCP server",
      resource_documentation: "https://rapport.example.com/docs",
    });
    const unauthorized = await app.request("/mcp", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(unauthorized.headers.get("www-authenticate")).toBe('Bearer resource_metadata="https://rapport.example.com/.well-known/oauth-protected-resource"');
  });

  it("answers 501 for the authorization server's endpoints outside the Node server", async () => {
    const app = createApp(context.services, { publicUrl: "https://rapport.example.com" });
    for (const path of ["/oauth/token", "/.well-known/openid-configuration", "/oauth/interaction/x"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(501);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/Node server/) });
    }
  });

  it("is off without a public URL: API keys only, and no authorization server advertised", async () => {
    const metadata = await (await context.request("/.well-known/oauth-protected-resource")).json();
    expect(metadata).toEqual({
      resource: "http://localhost/mcp",
      bearer_methods_supported: [],
      resource_name: "Rapport MCP server",
      resource_documentation: "http://localhost/docs",
    });
    expect((await context.request("/oauth/token")).status).toBe(404);
    const bearer = await context.request("/mcp", { method: "POST", headers: { authorization: "Bearer x" }, body: {} });
    expect(bearer.status).toBe(401);
    expect(await bearer.json()).toEqual({ error: "missing API key: send it in the x-api-key header" });
  });
});
