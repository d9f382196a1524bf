/** A browser's CORS preflight, through the real app: a 405 saying CORS is not served, before the key is read. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

const preflight = (path: string, headers: Record<string, string> = {}) =>
  context.request(path, { key: null, method: "OPTIONS", headers: { origin: "https://app.example", "access-control-request-method": "GET", ...headers } });
const notServed = "Cross-origin calls from a browser (CORS) are not served: call the API from a server, where the API key stays secret";

describe("a CORS preflight", () => {
  it("is a 405 naming the methods served and saying CORS is not served, without a key (it was a 401 'missing API key')", async () => {
    const users = await preflight("/v1/users", { "access-control-request-headers": "x-api-key" });
    expect(users.status).toBe(405);
    expect(users.headers.get("allow")).toBe("GET, HEAD");
    expect(await users.json()).toEqual({ error: `method OPTIONS is not allowed on /v1/users; use GET or HEAD. ${notServed}` });
    const person = await preflight("/v1/persons/6f1c2a34-0000-4000-8000-000000000001");
    expect(person.status).toBe(405);
    expect(person.headers.get("allow")).toBe("DELETE, GET, HEAD, PUT");
    expect((await preflight("/health")).status).toBe(405);
  });

  it("leaves other OPTIONS requests and unknown paths as they were: 401 without a key under /v1, then 405", async () => {
    expect((await preflight("/v1/no-such-path")).status).toBe(401);
    const plain = await context.request("/v1/users", { key: null, method: "OPTIONS" });
    expect(plain.status).toBe(401);
    const keyed = await context.request("/v1/users", { key: acme.key, method: "OPTIONS" });
    expect(keyed.status).toBe(405);
    expect(await keyed.json()).toEqual({ error: "method OPTIONS is not allowed on /v1/users; use GET or HEAD" });
  });
});
