/**
 * Open client registration over a real port, throttled per client address: past the window's limit a registration
 * is a 429 in OAuth's error format with Retry-After, and stores nothing, however the path is spelled; another
 * address, or the next window, is let through. Addresses come from X-Forwarded-For behind a trusted proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { REGISTRATION_LIMIT } from "./registration-throttle.js";

let context: TestContext;
let server: RunningServer;

beforeAll(async () => {
  context = await createTestContext();
  server = await startServer(context.services, { port: 0, trustProxy: true });
});
afterAll(async () => {
  await server.close(100);
  await context.close();
});

const register = (address: string, path = "/oauth/register") =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ client_name: "Flood", redirect_uris: ["http://127.0.0.1:9/callback"], token_endpoint_auth_method: "none" }),
  });
const storedClients = async () => (await context.services.store.oauthModels.listIds("Client")).length;

describe("open client registration", () => {
  it("refuses an address past its limit with a 429 that stores nothing, lets another address register, and lets it again in the next window", async () => {
    // At the start of a window, so that the whole test is in it.
    context.clock.set(Math.ceil(context.clock.now() / REGISTRATION_LIMIT.windowMs) * REGISTRATION_LIMIT.windowMs);
    for (let registration = 0; registration < REGISTRATION_LIMIT.limit; registration += 1) {
      expect((await register("203.0.113.7")).status).toBe(201);
    }
    const before = await storedClients();
    const refused = await register("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(refused.headers.get("retry-after")).toBe(String(REGISTRATION_LIMIT.windowMs / 1000));
    expect(await refused.json()).toEqual({
      error: "too_many_requests",
      error_description: "too many client registrations from this address; try again in 10 minutes",
    });
    expect(await storedClients()).toBe(before);
    // Every path oidc-provider takes for its registration endpoint is counted alike.
    for (const path of ["/oauth/register/", "/oauth/Register", "/oauth/REGISTER/", "/oauth/register?x=1"]) {
      expect((await register("203.0.113.7", path)).status, path).toBe(429);
    }
    expect(await storedClients()).toBe(before);

    expect((await register("203.0.113.8")).status).toBe(201);
    context.clock.advance(REGISTRATION_LIMIT.windowMs);
    expect((await register("203.0.113.7")).status).toBe(201);
  });
});
