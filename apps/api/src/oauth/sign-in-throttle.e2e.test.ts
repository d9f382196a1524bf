/**
 * The OAuth sign-in page's throttle over real ports: five failures for an email, or twenty from an address, within
 * 15 minutes, and the next attempt is a 429 with Retry-After that checks no password (the right one included);
 * the window passing or a success lifts it; an unknown email counts like a known one, answered alike; two
 * servers on one database file share the count. Each attempt comes from an address of its test (X-Forwarded-For
 * behind a trusted proxy), and each test starts 16 minutes after the last, so no test sees another's failures.
 * The servers check an unknown email's password at the test users' cost, as a real one's (oauth.e2e.test.ts keeps
 * the default's): the twenty-odd unknown emails' checks at the default cost took most of the file's time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createServices } from "../create-services.js";
import { createLogger } from "../platform/logging/logger.js";
import { startServer, type RunningServer } from "../server.js";
import { formAction, UserAgent } from "../testing/form-user-agent.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { hashTestPassword, TEST_PASSWORD_COST } from "../testing/test-password-hash.js";

const PASSWORD = "correct horse battery staple";
const WRONG = "wrong password!";
const REDIRECT_URL = "http://127.0.0.1:9/callback";
const MINUTE = 60_000;

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;
/**
 * The sign-in pages' user lookups, of every server. The password check (scrypt) follows the lookup, an unknown
 * email's decoy check included: an attempt that looks no user up checks no password.
 */
const lookups: MockInstance[] = [];
const lookupCount = () => lookups.reduce((total, spy) => total + spy.mock.calls.length, 0);

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme Throttle" });
  await context.services.store.userPasswords.set(acme.tenant.uuid, acme.member.uuid, await hashTestPassword(PASSWORD));
  server = await startServer(context.services, { port: 0, trustProxy: true, decoyPasswordCost: TEST_PASSWORD_COST });
  lookups.push(vi.spyOn(context.services.store.userPasswords, "findLoginCandidates"));
});
afterAll(async () => {
  for (const spy of lookups) spy.mockRestore();
  await server.close(100);
  await context.close();
});
beforeEach(() => {
  context.clock.advance(16 * MINUTE);
});

/** A browser behind the trusted proxy, seen as coming from `address`. */
class BrowserAt extends UserAgent {
  constructor(
    origin: string,
    private readonly address: string,
  ) {
    super(origin);
  }

  override request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", `192.0.2.200, ${this.address}`);
    return super.request(url, { ...init, headers });
  }
}

const registeredClients = new Map<string, string>();

/** A sign-in page of `origin`'s authorization server, opened from `address`, and a way to submit it. */
async function openSignIn(origin: string, address: string) {
  let clientId = registeredClients.get(origin);
  if (!clientId) {
    const registration = await fetch(`${origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Throttle Test", redirect_uris: [REDIRECT_URL], token_endpoint_auth_method: "none" }),
    });
    expect(registration.status).toBe(201);
    clientId = ((await registration.json()) as { client_id: string }).client_id;
    registeredClients.set(origin, clientId);
  }
  const authorize = new URL(`${origin}/oauth/authorize`);
  for (const [name, value] of Object.entries({
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    response_type: "code",
    scope: "mcp",
    resource: `${origin}/mcp`,
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  })) {
    authorize.searchParams.set(name, value);
  }
  const browser = new BrowserAt(origin, address);
  const login = await browser.follow(authorize.href);
  expect(login.response.status).toBe(200);
  const action = formAction(await login.response.text(), "login");
  return async (email: string, password: string) => {
    const { response } = await browser.submit(login.url, action, { email, password });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), html: await response.text() };
  };
}

/** Fails `times` sign-ins, each a 401 that looked the email up (and so checked a password). */
async function fail(signIn: (email: string, password: string) => Promise<{ status: number }>, email: string, times: number) {
  for (let attempt = 0; attempt < times; attempt++) {
    const before = lookupCount();
    expect((await signIn(email, WRONG)).status).toBe(401);
    expect(lookupCount() - before).toBe(1);
  }
}

/** Expects the attempt to be refused by the throttle, without a user looked up or a password checked. */
async function expectThrottled(attempt: () => Promise<{ status: number; retryAfter: string | null; html: string }>, retryAfterSeconds: number) {
  const before = lookupCount();
  const refused = await attempt();
  expect(lookupCount()).toBe(before);
  expect(refused.status).toBe(429);
  expect(refused.retryAfter).toBe(String(retryAfterSeconds));
  expect(refused.html).toContain("Sign in to Rapport");
  const minutes = Math.ceil(retryAfterSeconds / 60);
  expect(refused.html).toContain(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
}

/** Expects the sign-in to have succeeded: the consent page follows. */
function expectSignedIn(result: { status: number; html: string }) {
  expect(result.status).toBe(200);
  expect(result.html).toContain("Allow Throttle Test?");
}

describe("the sign-in throttle", { timeout: 60_000 }, () => {
  it("refuses an email's sixth attempt within 15 minutes, the right password too, without checking it, and lets it in once the window has passed", async () => {
    const signIn = await openSignIn(server.url, "198.51.100.1");
    await fail(signIn, acme.member.email, 3);
    context.clock.advance(4 * MINUTE);
    await fail(signIn, acme.member.email.toUpperCase(), 2);
    // The first failure leaves the window 15 minutes after it was made, 4 minutes ago.
    await expectThrottled(() => signIn(acme.member.email, PASSWORD), 11 * 60);
    context.clock.advance(11 * MINUTE - 1_000);
    await expectThrottled(() => signIn(` ${acme.member.email} `, PASSWORD), 1);
    context.clock.advance(1_000);
    expectSignedIn(await signIn(acme.member.email, PASSWORD));
  });

  it("clears an email's failures on a successful sign-in", async () => {
    const signIn = await openSignIn(server.url, "198.51.100.2");
    await fail(signIn, acme.member.email, 4);
    expectSignedIn(await signIn(acme.member.email, PASSWORD));
    const again = await openSignIn(server.url, "198.51.100.2");
    await fail(again, acme.member.email, 5);
    await expectThrottled(() => again(acme.member.email, PASSWORD), 15 * 60);
  });

  it("leaves another email unaffected", async () => {
    const other = await buildTenant(context.services, { name: "Other Throttle" });
    await context.services.store.userPasswords.set(other.tenant.uuid, other.member.uuid, await hashTestPassword(PASSWORD));
    const signIn = await openSignIn(server.url, "198.51.100.3");
    await fail(signIn, acme.member.email, 5);
    await expectThrottled(() => signIn(acme.member.email, PASSWORD), 15 * 60);
    expectSignedIn(await signIn(other.member.email, PASSWORD));
  });

  it("counts an unknown email as a known one, with the same answer and the same lookup, so no answer tells whether it exists", async () => {
    const signIn = await openSignIn(server.url, "198.51.100.4");
    const unknown = await signIn("nobody.here@example.com", PASSWORD);
    const known = await signIn(acme.member.email, WRONG);
    expect([unknown.status, known.status]).toEqual([401, 401]);
    expect(unknown.html.replace("nobody.here@example.com", acme.member.email)).toBe(known.html);
    // `fail` looks up the email once per attempt, known or not.
    await fail(signIn, "nobody.here@example.com", 4);
    await fail(signIn, acme.member.email, 4);
    await expectThrottled(() => signIn("nobody.here@example.com", PASSWORD), 15 * 60);
    await expectThrottled(() => signIn(acme.member.email, PASSWORD), 15 * 60);
  });

  it("refuses an address's attempts once it has 20 failures across emails, whatever the email; another address signs in", async () => {
    const signIn = await openSignIn(server.url, "2001:db8:5:6::1");
    for (const name of ["ann", "bob", "cat", "dan"]) await fail(signIn, `${name}@example.com`, 5);
    // Another address of the same /64 network is the same client.
    const sameNetwork = await openSignIn(server.url, "2001:db8:5:6::2");
    await expectThrottled(() => sameNetwork(acme.member.email, PASSWORD), 15 * 60);
    await expectThrottled(() => sameNetwork("eve@example.com", WRONG), 15 * 60);
    const elsewhere = await openSignIn(server.url, "2001:db8:5:7::1");
    expectSignedIn(await elsewhere(acme.member.email, PASSWORD));
  });

  it("counts no failure when the password matches users of several tenants and the page asks which workspace", async () => {
    const first = await buildTenant(context.services, { name: "Twin One" });
    const second = await buildTenant(context.services, { name: "Twin Two" });
    const twin = await context.services.store.users.create({ tenant_uuid: second.tenant.uuid, name: "Mike Twin", email: first.member.email, role: "member" });
    await context.services.store.userPasswords.set(first.tenant.uuid, first.member.uuid, await hashTestPassword(PASSWORD));
    await context.services.store.userPasswords.set(second.tenant.uuid, twin.uuid, await hashTestPassword(PASSWORD));
    const signIn = await openSignIn(server.url, "198.51.100.5");
    for (let attempt = 0; attempt < 6; attempt++) {
      const choose = await signIn(first.member.email, PASSWORD);
      expect(choose.status).toBe(200);
      expect(choose.html).toContain("Your email belongs to several workspaces");
    }
  });

  it("is shared by two servers on one database file", async () => {
    const secondServices = await createServices({ databasePath: context.databasePath, clock: context.clock, logger: createLogger({ level: "silent" }) });
    const second = await startServer(secondServices, { port: 0, trustProxy: true, decoyPasswordCost: TEST_PASSWORD_COST });
    lookups.push(vi.spyOn(secondServices.store.userPasswords, "findLoginCandidates"));
    try {
      const first = await openSignIn(server.url, "198.51.100.6");
      const beside = await openSignIn(second.url, "198.51.100.7");
      await fail(first, acme.member.email, 3);
      await fail(beside, acme.member.email, 2);
      await expectThrottled(() => first(acme.member.email, PASSWORD), 15 * 60);
      await expectThrottled(() => beside(acme.member.email, PASSWORD), 15 * 60);
    } finally {
      await second.close(100);
    }
  });
});
