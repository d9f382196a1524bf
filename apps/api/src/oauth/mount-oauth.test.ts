/** OAuth wiring that needs no Node server: metadata, the 501 off Node, and OAuth off without a public URL. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../app.js";
import { buildTenant, createTestContext, type TestContext } from "../testing/test-harness.js";
import { OAUTH_KEYS_GENERATION_SETTING } from "./oauth-keys-generation.js";

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

  it("reads the key set's generation for a bearer token on /mcp, never for a REST call or an MCP call with an API key", async () => {
    const app = createApp(context.services, { publicUrl: "https://rapport.example.com" });
    const { key } = await buildTenant(context.services, { name: "Generation Reads" });
    const reads = vi.spyOn(context.services.store.settings, "get");
    const generationReads = () => reads.mock.calls.filter(([setting]) => setting === OAUTH_KEYS_GENERATION_SETTING).length;
    try {
      const listTools = (headers: Record<string, string>) =>
        app.request("/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        });
      expect((await app.request("/v1/persons", { headers: { "x-api-key": key } })).status).toBe(200);
      expect((await listTools({ "x-api-key": key })).status).toBe(200);
      expect(generationReads()).toBe(0);
      expect((await listTools({ authorization: "Bearer not-a-token" })).status).toBe(401);
      expect(generationReads()).toBe(1);
    } finally {
      reads.mockRestore();
    }
  });
});
