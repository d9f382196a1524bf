/**
 * OAuth 2.0 for /mcp over a real port, driven by the MCP SDK's own client OAuth support: discovery
 * from the 401, dynamic registration, authorization code + PKCE with `resource`, the sign-in and
 * consent pages (filled in by a small cookie-keeping user agent), the token, and tool calls as the
 * signed-in user. Then bad, expired and foreign tokens, refresh tokens, codes and consent of a
 * deactivated user or a deleted tenant, a restart that keeps clients, grants and signing keys, and the keys
 * rotated by the built `rapport oauth rotate-keys` beside the running server, which follows without a restart.
 */
import { auth, Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/client";
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import { get } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createServices } from "../create-services.js";
import { changesNothing, defineOperation, isAdministratorsOnly } from "../operations/operation.js";
import { createLogger } from "../platform/logging/logger.js";
import { operations } from "../routes/operations.js";
import { startServer, type RunningServer } from "../server.js";
import { runRapport } from "../testing/built-cli.js";
import { databaseSnapshot } from "../testing/database-snapshot.js";
import { formAction, UserAgent } from "../testing/form-user-agent.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { accountIdFor } from "./account-id.js";
import { OAUTH_TTL } from "./authorization-server.js";
import { followingProviderRequests } from "./provider-request-context.js";
import { hashTestPassword } from "../testing/test-password-hash.js";
import { REGISTRATION_LIMIT } from "./registration-throttle.js";
import { UNUSED_CLIENT_TTL_SECONDS } from "./unused-client-expiry.js";
import { sharedSchemaValidator } from "../testing/mcp-client-validator.js";
import { stableAddress, type StableAddress } from "../testing/stable-address.js";

const whoAmI = defineOperation({
  operationId: "testWhoAmI",
  method: "post",
  path: "/v1/test/who-am-i",
  area: "Test",
  summary: "Who am I",
  description: "Creates a person and says whom the call acted as (test only).",
  body: z.object({ name: z.string().describe("A name.") }),
  response: z.object({ person_uuid: z.string(), acting_user_uuid: z.string().nullable() }),
  successStatus: 201,
  example: { body: { name: "Probe" } },
  async handler({ body, auth, services }) {
    const person = await services.store.persons.create({ tenant_uuid: auth.tenant.uuid, name: body.name });
    return { person_uuid: person.uuid, acting_user_uuid: auth.user?.uuid ?? null };
  },
});
const table = [...operations, whoAmI];
/** The tools a member's client is offered, sorted: every one but the administrators'. */
const membersToolNames = () => table.filter((operation) => !isAdministratorsOnly(operation)).map((operation) => operation.operationId).sort();
const PASSWORD = "correct horse battery staple";
const REDIRECT_URL = "http://127.0.0.1:9/callback";

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;
let address: StableAddress;

/** Starts the server on a free port behind the file's one address, which is its URL (and the OAuth issuer). */
async function startBehindAddress(services: TestContext["services"]): Promise<RunningServer> {
  const started = await startServer(services, { port: 0, publicUrl: address.url, operations: table });
  address.forwardTo(started.port);
  return { ...started, url: address.url };
}

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme OAuth" });
  await context.services.store.userPasswords.set(acme.tenant.uuid, acme.member.uuid, await hashTestPassword(PASSWORD));
  address = await stableAddress();
  server = await startBehindAddress(context.services);
});
// Each test in a fresh window of the registration throttle: together they register more clients than one allows.
beforeEach(() => context.clock.advance(REGISTRATION_LIMIT.windowMs));
afterAll(async () => {
  await server.close(100);
  await address.close();
  await context.close();
});

/** An MCP client's OAuth state, kept in memory; the "browser redirect" is recorded, not followed. */
class MemoryOAuthClient implements OAuthClientProvider {
  clientInfo: Parameters<OAuthClientProvider["saveClientInformation"] & object>[0] | undefined;
  savedTokens: Parameters<OAuthClientProvider["saveTokens"]>[0] | undefined;
  verifier = "";
  discovery: OAuthDiscoveryState | undefined;
  authorizationUrl: URL | null = null;
  get redirectUrl() {
    return REDIRECT_URL;
  }
  get clientMetadata() {
    return {
      client_name: "Rapport Test Agent",
      redirect_uris: [REDIRECT_URL],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.clientInfo;
  }
  saveClientInformation(information: NonNullable<this["clientInfo"]>) {
    this.clientInfo = information;
  }
  tokens() {
    return this.savedTokens;
  }
  saveTokens(tokens: NonNullable<this["savedTokens"]>) {
    this.savedTokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

const mcpUrl = () => new URL(`${server.url}/mcp`);
/** The consent page the last `signIn` allowed. */
let lastConsentHtml = "";

async function signIn(oauth: MemoryOAuthClient, credentials: { email: string; password: string }) {
  const browser = new UserAgent(server.url);
  const login = await browser.follow(oauth.authorizationUrl!.href);
  expect(login.response.status).toBe(200);
  const loginHtml = await login.response.text();
  expect(loginHtml).toContain("Sign in to Rapport");
  expect(loginHtml).toContain("Rapport Test Agent");
  const consent = await browser.submit(login.url, formAction(loginHtml, "login"), credentials);
  expect(consent.response.status).toBe(200);
  const consentHtml = await consent.response.text();
  expect(consentHtml).toContain("Allow Rapport Test Agent?");
  expect(consentHtml).toContain(`Signed in as <strong>Mike</strong> in <strong>Acme OAuth</strong>`);
  lastConsentHtml = consentHtml;
  const callback = await browser.submit(consent.url, formAction(consentHtml, "consent"), { decision: "allow" });
  expect(callback.url.startsWith(REDIRECT_URL)).toBe(true);
  return new URL(callback.url);
}

const rawMcpPost = (authorization: string) =>
  fetch(mcpUrl(), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });

async function signedToken(claims: Record<string, unknown>, expiresAt: number) {
  const [stored] = await context.services.store.oauthSigningKeys.list();
  const key = await importJWK(stored!.private_jwk as JWK, "RS256");
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: stored!.kid })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key);
}

const tokenRequest = (fields: Record<string, string>) =>
  fetch(`${server.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const refresh = (client: MemoryOAuthClient, refreshToken: string, scope?: string) =>
  tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: client.clientInfo!.client_id, ...(scope ? { scope } : {}) });

let oauth: MemoryOAuthClient;

describe("the MCP authorization flow with the SDK client", () => {
  it("publishes the resource and authorization server metadata, to a web page of any origin", async () => {
    // Only /mcp checks a page's Origin (RAPPORT_MCP_ALLOWED_ORIGINS): the metadata is public, as the OAuth endpoints are.
    const fromPage = { headers: { origin: "https://any-page.example" } };
    const resource = (await (await fetch(`${server.url}/.well-known/oauth-protected-resource`, fromPage)).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: `${server.url}/mcp`, authorization_servers: [server.url], scopes_supported: ["mcp", "mcp:read"] });
    const pathAware = await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`);
    expect(await pathAware.json()).toEqual(resource);
    const authorizationServer = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`, fromPage)).json()) as Record<string, unknown>;
    expect(authorizationServer).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      response_types_supported: ["code"],
    });
    expect(authorizationServer.scopes_supported).toEqual(expect.arrayContaining(["mcp", "mcp:read", "offline_access"]));
    expect(authorizationServer.grant_types_supported).not.toContain("implicit");
    // Bearer tokens only: nothing is bound to a DPoP key that /mcp would not check.
    expect(authorizationServer).not.toHaveProperty("dpop_signing_alg_values_supported");
  });

  it("publishes its own endpoints whatever host a request names", async () => {
    // oidc-provider built them from the Host header: another site's, for a cache in front to keep and serve.
    const metadata = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const url = new URL("/.well-known/oauth-authorization-server", server.url);
      get(url, { headers: { host: "evil.example" } }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve(JSON.parse(text) as Record<string, unknown>)).on("error", reject);
      }).on("error", reject);
    });
    expect(metadata).toMatchObject({ issuer: server.url, authorization_endpoint: `${server.url}/oauth/authorize`, token_endpoint: `${server.url}/oauth/token` });
    expect(JSON.stringify(metadata)).not.toContain("evil.example");
  });

  it("registers, signs in, consents, gets a token for /mcp, and calls tools as the user", async () => {
    oauth = new MemoryOAuthClient();
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth });
    const client = new Client({ name: "oauth-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    await expect(client.connect(transport)).rejects.toThrow(UnauthorizedError);
    expect(oauth.clientInfo?.client_id).toEqual(expect.any(String));
    const authorizationUrl = oauth.authorizationUrl!;
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${server.url}/mcp`);
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

    const callback = await signIn(oauth, { email: acme.member.email, password: PASSWORD });
    expect(callback.searchParams.get("iss")).toBe(server.url);
    expect(callback.searchParams.get("code")).toEqual(expect.any(String));
    await transport.finishAuth(callback.searchParams);

    // The SDK asks for every scope the resource metadata lists; `mcp` among them reads and writes.
    expect(authorizationUrl.searchParams.get("scope")).toBe("mcp mcp:read offline_access");
    expect(lastConsentHtml).toContain("asks to <strong>read and write</strong>");
    expect(lastConsentHtml).toContain("create, change and delete records as you");
    const token = decodeJwt(oauth.savedTokens!.access_token);
    expect(token).toMatchObject({ iss: server.url, aud: `${server.url}/mcp`, sub: accountIdFor(acme.tenant.uuid, acme.member.uuid), scope: "mcp mcp:read" });

    const signedIn = new Client({ name: "oauth-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    await signedIn.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth }));
    try {
      const { tools } = await signedIn.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(membersToolNames());
      const written = await signedIn.callTool({ name: "testWhoAmI", arguments: { body: { name: "Written over OAuth" } } });
      expect(written.isError).toBeFalsy();
      const created = written.structuredContent as { person_uuid: string; acting_user_uuid: string };
      expect(created.acting_user_uuid).toBe(acme.member.uuid);
      const read = await signedIn.callTool({ name: "getPerson", arguments: { person_uuid: created.person_uuid } });
      expect(read.structuredContent).toMatchObject({ name: "Written over OAuth" });
    } finally {
      await signedIn.close();
    }
    // The authorization server's requests are over: its context storage no longer costs every later request.
    expect(followingProviderRequests()).toBe(false);
  });

  it("signs in a client given a read-only URL the same way, for the /mcp resource, and it sees the read tools only", async () => {
    const selecting = new URL(`${server.url}/mcp?read_only=true`);
    const readOnly = new MemoryOAuthClient();
    const transport = new StreamableHTTPClientTransport(selecting, { authProvider: readOnly });
    const client = new Client({ name: "oauth-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    await expect(client.connect(transport)).rejects.toThrow(UnauthorizedError);
    const callback = await signIn(readOnly, { email: acme.member.email, password: PASSWORD });
    await transport.finishAuth(callback.searchParams);
    expect(decodeJwt(readOnly.savedTokens!.access_token)).toMatchObject({ aud: `${server.url}/mcp` });
    const signedIn = new Client({ name: "oauth-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    await signedIn.connect(new StreamableHTTPClientTransport(selecting, { authProvider: readOnly }));
    try {
      const { tools } = await signedIn.listTools();
      expect(tools.map((tool) => tool.name)).toContain("getPerson");
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      const refused = await signedIn.callTool({ name: "testWhoAmI", arguments: { body: { name: "Not written" } } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toMatch(/read_only=true/);
    } finally {
      await signedIn.close();
    }
  });

  it("refuses a wrong password on the sign-in page", async () => {
    const other = new MemoryOAuthClient();
    const client = new Client({ name: "oauth-test", version: "1.0.0" }, { jsonSchemaValidator: sharedSchemaValidator });
    await expect(client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: other }))).rejects.toThrow(UnauthorizedError);
    const browser = new UserAgent(server.url);
    const login = await browser.follow(other.authorizationUrl!.href);
    const html = await login.response.text();
    const refused = await browser.submit(login.url, formAction(html, "login"), { email: acme.member.email, password: "wrong password!" });
    expect(refused.response.status).toBe(401);
    expect(await refused.response.text()).toContain("The email or the password is wrong.");
    const unknown = await browser.submit(login.url, formAction(html, "login"), { email: "nobody@example.com", password: PASSWORD });
    expect(unknown.response.status).toBe(401);
  });
});

describe("a grant of the read-only scope", () => {
  /** A new SDK client that asks for `scope` (the SDK's own `auth`), signed in and holding its tokens. */
  async function authorizedWithScope(scope: string) {
    const client = new MemoryOAuthClient();
    expect(await auth(client, { serverUrl: mcpUrl(), scope })).toBe("REDIRECT");
    expect(client.authorizationUrl!.searchParams.get("scope")).toBe(`${scope} offline_access`);
    const callback = await signIn(client, { email: acme.member.email, password: PASSWORD });
    expect(await auth(client, { serverUrl: mcpUrl(), authorizationCode: callback.searchParams.get("code")!, iss: callback.searchParams.get("iss")! })).toBe(
      "AUTHORIZED",
    );
    return { client, consentHtml: lastConsentHtml };
  }

  const toolsOf = async (accessToken: string) => {
    const response = await rawMcpPost(`Bearer ${accessToken}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const json = (text.startsWith("{") ? text : /^data: (.*)$/m.exec(text)![1]!) as string;
    return (JSON.parse(json) as { result: { tools: Array<{ name: string }> } }).result.tools.map((tool) => tool.name);
  };
  const readToolNames = () => table.filter((operation) => changesNothing(operation) && !isAdministratorsOnly(operation)).map((operation) => operation.operationId);

  it("says so on the consent page, issues a token with mcp:read only, lists the read tools and refuses a write tool", async () => {
    const { client, consentHtml } = await authorizedWithScope("mcp:read");
    expect(consentHtml).toContain("asks for <strong>read-only access</strong>");
    expect(consentHtml).toContain("It will not be able to create, change or delete anything");
    expect(consentHtml).not.toContain("create, change and delete records as you");
    expect(decodeJwt(client.savedTokens!.access_token)).toMatchObject({ aud: `${server.url}/mcp`, scope: "mcp:read" });

    const signedIn = new Client({ name: "oauth-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    await signedIn.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: client }));
    try {
      const { tools } = await signedIn.listTools();
      expect(tools.map((tool) => tool.name)).toContain("getPerson");
      expect(tools.map((tool) => tool.name)).not.toContain("testWhoAmI");
      expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      const refused = await signedIn.callTool({ name: "testWhoAmI", arguments: { body: { name: "Not written" } } });
      expect(refused.isError).toBe(true);
      expect((refused.content as Array<{ text: string }>)[0]!.text).toMatch(
        /tool 'testWhoAmI' is not available to this client: its OAuth access is read-only \(scope mcp:read\); calling it takes OAuth access with scope mcp \(signing in again, asking for it\)/,
      );
      const read = await signedIn.callTool({ name: "getPerson", arguments: { person_uuid: acme.member.person_uuid } });
      expect(read.isError).toBeFalsy();
      expect(read.structuredContent).toMatchObject({ uuid: acme.member.person_uuid });
      // getMe tells the agent how it signed in: as its user, through OAuth, reading only.
      const me = await signedIn.callTool({ name: "getMe", arguments: {} });
      expect(me.structuredContent).toMatchObject({ user: { uuid: acme.member.uuid }, credential: { kind: "oauth", scope: "user", read_only: true } });
    } finally {
      await signedIn.close();
    }
    const persons = databaseSnapshot(context.databasePath).persons as Array<{ name: string }>;
    expect(persons.map((person) => person.name)).not.toContain("Not written");
  });

  it("keeps the granted scope on refresh: asking for mcp is refused, and the refreshed token still reads only", async () => {
    const { client } = await authorizedWithScope("mcp:read");
    const refreshToken = client.savedTokens!.refresh_token!;
    for (const wider of ["mcp", "mcp mcp:read"]) {
      const refused = await refresh(client, refreshToken, wider);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_scope" });
    }
    const refreshed = await refresh(client, refreshToken);
    expect(refreshed.status).toBe(200);
    const tokens = (await refreshed.json()) as { access_token: string; scope: string };
    expect(tokens.scope).toBe("mcp:read");
    expect(decodeJwt(tokens.access_token)).toMatchObject({ scope: "mcp:read" });
    expect((await toolsOf(tokens.access_token)).sort()).toEqual(readToolNames().sort());
  });

  it("gives a client asking for mcp alone what it had before: read and write, every tool", async () => {
    const { client, consentHtml } = await authorizedWithScope("mcp");
    expect(consentHtml).toContain("asks to <strong>read and write</strong>");
    expect(decodeJwt(client.savedTokens!.access_token)).toMatchObject({ scope: "mcp" });
    expect((await toolsOf(client.savedTokens!.access_token)).sort()).toEqual(membersToolNames());
  });
});

describe("dynamic client registration", () => {
  const registerRedirect = (redirectUri: string) =>
    fetch(`${server.url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Redirect Probe", redirect_uris: [redirectUri], token_endpoint_auth_method: "none" }),
    });

  it("takes redirect URIs over HTTPS or on the loopback, and refuses plain HTTP to another host, which would carry the code in clear", async () => {
    for (const allowed of ["https://agent.example.com/callback", "http://127.0.0.1:9/callback", "http://localhost:3000/callback", "http://[::1]:9/callback"]) {
      expect((await registerRedirect(allowed)).status, allowed).toBe(201);
    }
    for (const refused of ["http://agent.example.com/callback", "http://127.0.0.1.example.com/callback"]) {
      const response = await registerRedirect(refused);
      expect(response.status, refused).toBe(400);
      expect(await response.json()).toMatchObject({ error_description: expect.stringContaining("must use https, or http on the loopback") });
    }
  });
});

describe("a registered client that is never used", () => {
  it("expires a week after registering; the first grant made to a client keeps it for good", async () => {
    const stored = async (client: MemoryOAuthClient) => context.services.store.oauthModels.find("Client", client.clientInfo!.client_id);
    const { client: unused } = await registeredClient();
    expect((await stored(unused))?.expires_at).toBe(context.clock.now() + UNUSED_CLIENT_TTL_SECONDS * 1000);
    const used = await signedInClient(await tenantWithPassword());
    expect((await stored(used))?.expires_at).toBeNull();
  });
});

describe("the sign-in page", () => {
  async function startAuthorization() {
    const other = new MemoryOAuthClient();
    const client = new Client({ name: "oauth-test", version: "1.0.0" }, { jsonSchemaValidator: sharedSchemaValidator });
    await expect(client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: other }))).rejects.toThrow(UnauthorizedError);
    const browser = new UserAgent(server.url);
    const login = await browser.follow(other.authorizationUrl!.href);
    return { browser, login, html: await login.response.text() };
  }

  it("asks for the workspace when the email and password match users of several tenants", async () => {
    const second = await buildTenant(context.services, { name: "Second Workspace" });
    const twin = await context.services.store.users.create({ tenant_uuid: second.tenant.uuid, name: "Mike Twin", email: acme.member.email, role: "member" });
    await context.services.store.userPasswords.set(second.tenant.uuid, twin.uuid, await hashTestPassword(PASSWORD));
    const { browser, login, html } = await startAuthorization();
    const choose = await browser.submit(login.url, formAction(html, "login"), { email: acme.member.email, password: PASSWORD });
    const chooseHtml = await choose.response.text();
    expect(chooseHtml).toContain('<option value="' + second.tenant.uuid + '">Second Workspace</option>');
    expect(chooseHtml).toContain('<option value="' + acme.tenant.uuid + '">Acme OAuth</option>');
    const consent = await browser.submit(choose.url, formAction(chooseHtml, "login"), { email: acme.member.email, password: PASSWORD, tenant: second.tenant.uuid });
    expect(await consent.response.text()).toContain("Signed in as <strong>Mike Twin</strong> in <strong>Second Workspace</strong>");
  });

  it("signs in only to the workspace named on the form, even when the password is another workspace's", async () => {
    const third = await buildTenant(context.services, { name: "Third Workspace" });
    const twin = await context.services.store.users.create({ tenant_uuid: third.tenant.uuid, name: "Other Twin", email: acme.admin.email, role: "member" });
    await context.services.store.userPasswords.set(third.tenant.uuid, twin.uuid, await hashTestPassword("the third workspace's own password"));
    const { browser, login, html } = await startAuthorization();
    const named = await browser.submit(login.url, formAction(html, "login"), {
      email: acme.admin.email,
      password: "the third workspace's own password",
      tenant: acme.tenant.uuid,
    });
    expect(named.response.status).toBe(401);
    expect(await named.response.text()).toContain("The email or the password is wrong.");
  });

  it("sends the user back with access_denied when they cancel", async () => {
    const { browser, login, html } = await startAuthorization();
    const denied = await browser.submit(login.url, formAction(html, "abort"), {});
    const callback = new URL(denied.url);
    expect(callback.href.startsWith(REDIRECT_URL)).toBe(true);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("iss")).toBe(server.url);
  });

  it("refuses a sign-in form over 64 KiB with a 413 without reading it whole, and signs in with a form of normal size after", async () => {
    const { browser, login, html } = await startAuthorization();
    const action = new URL(formAction(html, "login"), login.url).href;
    const padding = "x".repeat(1024 * 1024);
    const declared = await browser.request(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: acme.member.email, password: PASSWORD, padding }).toString(),
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("The sign-in form is too large.");
    // Sent in parts with no Content-Length: the server stops reading once past the limit, not at the end. Two parts
    // of 32 KiB and a little pass it, one does not; the body then waits for the answer before it sends more (however fast this machine moves the bytes).
    // A server that read to the end would never answer that open body: the test would wait for the answer until its
    // time limit fails it.
    let sent = 0;
    let sentWhenAnswered: number | null = null;
    let answered!: () => void;
    const answer = new Promise<void>((resolve) => (answered = resolve));
    const part = new TextEncoder().encode(`&padding=${"x".repeat(32 * 1024)}`);
    const streamed = await browser
      .request(action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new ReadableStream({
          async pull(controller) {
            if (sent === 2) await answer;
            if (sent === 64 || sentWhenAnswered !== null) return controller.close();
            sent += 1;
            controller.enqueue(part);
          },
        }),
        duplex: "half",
      } as RequestInit)
      .then((response) => {
        sentWhenAnswered = sent;
        answered();
        return response;
      });
    expect(streamed.status).toBe(413);
    expect(sentWhenAnswered).toBe(2);
    const consent = await browser.submit(login.url, formAction(html, "login"), { email: acme.member.email, password: PASSWORD, tenant: acme.tenant.uuid });
    expect(await consent.response.text()).toContain("Allow Rapport Test Agent?");
  });

  it("refuses an expired or made-up sign-in page", async () => {
    const response = await fetch(`${server.url}/oauth/interaction/made-up`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This sign-in page is no longer valid");
  });
});

describe("tokens /mcp refuses, with the resource metadata in the challenge", () => {
  const expectRefused = async (response: Response, pattern: RegExp) => {
    expect(response.status).toBe(401);
    const challenge = response.headers.get("www-authenticate")!;
    expect(challenge).toMatch(/^Bearer error="invalid_token"/);
    expect(challenge).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource"`);
    expect(((await response.json()) as { error: string }).error).toMatch(pattern);
  };
  const sub = () => accountIdFor(acme.tenant.uuid, acme.member.uuid);
  const now = () => Math.floor(Date.now() / 1000);

  it("refuses a token that is not one of ours", async () => {
    await expectRefused(await rawMcpPost("Bearer not-a-token"), /not a valid access token/);
  });

  it("refuses an expired token", async () => {
    const token = await signedToken({ iss: server.url, aud: `${server.url}/mcp`, sub: sub(), client_id: "c", scope: "mcp" }, now() - 60);
    await expectRefused(await rawMcpPost(`Bearer ${token}`), /expired/);
  });

  it("refuses a token for another audience or issuer", async () => {
    const foreignAudience = await signedToken({ iss: server.url, aud: "https://elsewhere.example/mcp", sub: sub(), client_id: "c" }, now() + 600);
    await expectRefused(await rawMcpPost(`Bearer ${foreignAudience}`), /not a valid access token/);
    const foreignIssuer = await signedToken({ iss: "https://elsewhere.example", aud: `${server.url}/mcp`, sub: sub(), client_id: "c" }, now() + 600);
    await expectRefused(await rawMcpPost(`Bearer ${foreignIssuer}`), /not a valid access token/);
  });

  /** Stores a grant as the authorization server would, for tokens signed here to name. */
  const storeGrant = (id: string, accountId: string, clientId: string) =>
    context.services.store.oauthModels.upsert({
      model: "Grant",
      id,
      payload: { kind: "Grant", jti: id, accountId, clientId },
      grant_id: null,
      uid: null,
      user_code: null,
      expires_at: Date.now() + 600_000,
    });

  it("refuses a well-signed token naming no live grant of its account and client, a grant that is not stored, or another account's or client's grant", async () => {
    const account = accountIdFor(acme.tenant.uuid, acme.admin.uuid);
    await storeGrant("grant-of-another-client", account, "other");
    const claims = { iss: server.url, aud: `${server.url}/mcp`, sub: account, client_id: "c" };
    for (const grant of [{}, { grant_id: "no-such-grant" }, { grant_id: "grant-of-another-client" }]) {
      const token = await signedToken({ ...claims, ...grant }, now() + 600);
      await expectRefused(await rawMcpPost(`Bearer ${token}`), /its authorization was revoked or has ended; sign in again/);
    }
  });

  it("accepts a token an earlier release issued, naming no grant, while its account's grant to its client lives", async () => {
    const account = accountIdFor(acme.tenant.uuid, acme.admin.uuid);
    await storeGrant("grant-before-upgrade", account, "client-before-upgrade");
    const token = await signedToken({ iss: server.url, aud: `${server.url}/mcp`, sub: account, client_id: "client-before-upgrade", scope: "mcp" }, now() + 600);
    expect((await rawMcpPost(`Bearer ${token}`)).status).toBe(200);
    await context.services.store.oauthModels.destroy("Grant", "grant-before-upgrade");
    await expectRefused(await rawMcpPost(`Bearer ${token}`), /its authorization was revoked or has ended; sign in again/);
  });

  it("accepts a well-formed token and stops accepting it once its user is deactivated", async () => {
    const account = accountIdFor(acme.tenant.uuid, acme.admin.uuid);
    await storeGrant("grant-of-c", account, "c");
    const token = await signedToken({ iss: server.url, aud: `${server.url}/mcp`, sub: account, client_id: "c", grant_id: "grant-of-c" }, now() + 600);
    expect((await rawMcpPost(`Bearer ${token}`)).status).toBe(200);
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.admin.uuid);
    await expectRefused(await rawMcpPost(`Bearer ${token}`), /deactivated/);
  });
});

/** A tenant named like Acme's (the sign-in pages say "Mike in Acme OAuth") whose member has a password. */
async function tenantWithPassword() {
  const tenant = await buildTenant(context.services, { name: "Acme OAuth" });
  await context.services.store.userPasswords.set(tenant.tenant.uuid, tenant.member.uuid, await hashTestPassword(PASSWORD));
  return tenant;
}

/** A new client that has registered and been sent to the sign-in page. */
async function registeredClient() {
  const client = new MemoryOAuthClient();
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: client });
  await expect(new Client({ name: "oauth-test", version: "1.0.0" }, { jsonSchemaValidator: sharedSchemaValidator }).connect(transport)).rejects.toThrow(UnauthorizedError);
  return { client, transport };
}

/** The client's tokens after signing in as `tenant`'s member through the pages and exchanging the code. */
async function signedInClient(tenant: TestTenant) {
  const { client, transport } = await registeredClient();
  await transport.finishAuth((await signIn(client, { email: tenant.member.email, password: PASSWORD })).searchParams);
  expect(client.savedTokens?.refresh_token).toEqual(expect.any(String));
  return client;
}

const expectInvalidGrant = async (response: Response) => {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: "invalid_grant" });
};

describe("grants of a user who is deactivated, or of a deleted tenant", () => {
  it("refuses a refresh token while its user is deactivated, and honours it again once they are reactivated", async () => {
    const { store } = context.services;
    const tenant = await tenantWithPassword();
    const client = await signedInClient(tenant);
    const refreshed = await refresh(client, client.savedTokens!.refresh_token!);
    expect(refreshed.status).toBe(200);
    // Public clients' refresh tokens rotate: the one just issued is the one that counts now.
    const refreshToken = ((await refreshed.json()) as { refresh_token: string }).refresh_token;

    await store.users.deactivate(tenant.tenant.uuid, tenant.member.uuid);
    await expectInvalidGrant(await refresh(client, refreshToken));

    // Deactivation suspends: the grant works again, as the user's keys and access tokens do.
    await store.users.reactivate(tenant.tenant.uuid, tenant.member.uuid);
    const again = await refresh(client, refreshToken);
    expect(again.status).toBe(200);
    const { access_token: accessToken } = (await again.json()) as { access_token: string };
    expect((await rawMcpPost(`Bearer ${accessToken}`)).status).toBe(200);
  });

  it("refuses an authorization code issued before the deactivation, and the sign-in while deactivated; signs in again once reactivated", async () => {
    const { store } = context.services;
    const tenant = await tenantWithPassword();
    const { client } = await registeredClient();
    const callback = await signIn(client, { email: tenant.member.email, password: PASSWORD });
    const exchange = () =>
      tokenRequest({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: REDIRECT_URL,
        code_verifier: client.verifier,
        client_id: client.clientInfo!.client_id,
        resource: `${server.url}/mcp`,
      });

    await store.users.deactivate(tenant.tenant.uuid, tenant.member.uuid);
    await expectInvalidGrant(await exchange());
    const { client: waiting } = await registeredClient();
    const browser = new UserAgent(server.url);
    const login = await browser.follow(waiting.authorizationUrl!.href);
    const refused = await browser.submit(login.url, formAction(await login.response.text(), "login"), { email: tenant.member.email, password: PASSWORD });
    expect(refused.response.status).toBe(401);

    await store.users.reactivate(tenant.tenant.uuid, tenant.member.uuid);
    // The code was spent on the refused exchange: it never works, reactivated or not.
    await expectInvalidGrant(await exchange());
    const signedIn = await signedInClient(tenant);
    expect(decodeJwt(signedIn.savedTokens!.access_token).sub).toBe(accountIdFor(tenant.tenant.uuid, tenant.member.uuid));
  });

  /** A browser signed in as `tenant`'s member, on the consent page of a new client's authorization. */
  async function atConsent(tenant: TestTenant) {
    const { client } = await registeredClient();
    const browser = new UserAgent(server.url);
    const login = await browser.follow(client.authorizationUrl!.href);
    const consent = await browser.submit(login.url, formAction(await login.response.text(), "login"), { email: tenant.member.email, password: PASSWORD });
    expect(consent.response.status).toBe(200);
    return { browser, consentUrl: consent.url, allowAction: formAction(await consent.response.text(), "consent") };
  }

  /** The grants saved for `tenant`'s member, read from the database itself. */
  const savedGrants = (tenant: TestTenant) =>
    (databaseSnapshot(context.databasePath).oauth_models as Array<{ model: string; payload: string }>).filter(
      (row) => row.model === "Grant" && (JSON.parse(row.payload) as { accountId?: string }).accountId === accountIdFor(tenant.tenant.uuid, tenant.member.uuid),
    );

  const expectAccountRefused = async (response: Response) => {
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Sign-in failed");
    expect(html).toContain("Your account is no longer available.");
  };

  it("refuses the consent of a user deactivated after signing in, and saves no grant; consents once they are reactivated", async () => {
    const { store } = context.services;
    const tenant = await tenantWithPassword();
    const { browser, consentUrl, allowAction } = await atConsent(tenant);

    await store.users.deactivate(tenant.tenant.uuid, tenant.member.uuid);
    await expectAccountRefused((await browser.follow(consentUrl)).response);
    await expectAccountRefused((await browser.submit(consentUrl, allowAction, { decision: "allow" })).response);
    expect(savedGrants(tenant)).toEqual([]);

    await store.users.reactivate(tenant.tenant.uuid, tenant.member.uuid);
    const callback = await browser.submit(consentUrl, allowAction, { decision: "allow" });
    expect(new URL(callback.url).searchParams.get("code")).toEqual(expect.any(String));
    expect(savedGrants(tenant)).toHaveLength(1);
  });

  it("refuses the consent of a user whose tenant is deleted after they signed in, and saves no grant", async () => {
    const tenant = await tenantWithPassword();
    const { browser, consentUrl, allowAction } = await atConsent(tenant);

    await context.services.store.tenants.delete(tenant.tenant.uuid);
    await expectAccountRefused((await browser.follow(consentUrl)).response);
    await expectAccountRefused((await browser.submit(consentUrl, allowAction, { decision: "allow" })).response);
    expect(savedGrants(tenant)).toEqual([]);
  });

  it("refuses an access token at once when its tenant is deleted", async () => {
    const tenant = await tenantWithPassword();
    const client = await signedInClient(tenant);
    expect((await rawMcpPost(`Bearer ${client.savedTokens!.access_token}`)).status).toBe(200);
    await context.services.store.tenants.delete(tenant.tenant.uuid);
    const refused = await rawMcpPost(`Bearer ${client.savedTokens!.access_token}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid access token: its user or tenant no longer exists");
  });

  it("refuses a refresh token once its tenant is deleted", async () => {
    const tenant = await tenantWithPassword();
    const client = await signedInClient(tenant);
    await context.services.store.tenants.delete(tenant.tenant.uuid);
    await expectInvalidGrant(await refresh(client, client.savedTokens!.refresh_token!));
  });
});

describe("a grant's expiry", () => {
  it("is judged by the services' clock: a token of a grant past its 30 days is refused though the token itself is unexpired", async () => {
    const client = await signedInClient(await tenantWithPassword());
    const token = client.savedTokens!.access_token;
    expect((await rawMcpPost(`Bearer ${token}`)).status).toBe(200);
    const start = context.clock.now();
    context.clock.advance(OAUTH_TTL.Grant * 1000 + 60_000);
    try {
      const refused = await rawMcpPost(`Bearer ${token}`);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe("invalid access token: its authorization was revoked or has ended; sign in again");
    } finally {
      context.clock.set(start);
    }
    expect((await rawMcpPost(`Bearer ${token}`)).status).toBe(200);
  });
});

describe("revoking grants with rapport oauth revoke beside the running server", () => {
  const revoke = async (...options: string[]) => {
    const revoked = await runRapport(context.databasePath, "--json", "oauth", "revoke", ...options);
    expect(revoked.code, revoked.stderr).toBe(0);
    return JSON.parse(revoked.stdout) as Record<string, unknown>;
  };
  const expectRevokedToken = async (accessToken: string) => {
    const refused = await rawMcpPost(`Bearer ${accessToken}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid access token: its authorization was revoked or has ended; sign in again");
  };
  const expectWorking = async (client: MemoryOAuthClient) => {
    expect((await rawMcpPost(`Bearer ${client.savedTokens!.access_token}`)).status).toBe(200);
    const refreshed = await refresh(client, client.savedTokens!.refresh_token!);
    expect(refreshed.status).toBe(200);
    const tokens = (await refreshed.json()) as { access_token: string; refresh_token: string };
    client.savedTokens = { ...client.savedTokens!, ...tokens };
  };

  it("refuses a revoked user's access and refresh tokens at once, and keeps another user's working", async () => {
    const leaving = await tenantWithPassword();
    const staying = await tenantWithPassword();
    const leavingClient = await signedInClient(leaving);
    const stayingClient = await signedInClient(staying);
    await expectWorking(leavingClient);

    const revoked = await revoke("--user", leaving.member.uuid);
    expect(revoked).toMatchObject({
      user: leaving.member.uuid,
      accounts: [{ tenant_uuid: leaving.tenant.uuid, user_uuid: leaving.member.uuid }],
      grants: 1,
      refresh_tokens: 1,
    });
    await expectRevokedToken(leavingClient.savedTokens!.access_token);
    await expectInvalidGrant(await refresh(leavingClient, leavingClient.savedTokens!.refresh_token!));
    await expectWorking(stayingClient);
  });

  it("ends a grant's access tokens at once when its client revokes the refresh token at /oauth/revoke", async () => {
    const tenant = await tenantWithPassword();
    const client = await signedInClient(tenant);
    await expectWorking(client);
    const revoked = await fetch(`${server.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: client.savedTokens!.refresh_token!, token_type_hint: "refresh_token", client_id: client.clientInfo!.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    await expectRevokedToken(client.savedTokens!.access_token);
  });

  it("refuses a revoked client's tokens, keeps the same user's other client working, and with --delete-client makes it register again", async () => {
    const tenant = await tenantWithPassword();
    const compromised = await signedInClient(tenant);
    const other = await signedInClient(tenant);
    const clientId = compromised.clientInfo!.client_id;

    const revoked = await revoke("--client", clientId, "--delete-client");
    expect(revoked).toMatchObject({ client_id: clientId, grants: 1, refresh_tokens: 1, sessions: 0, client_deleted: true });
    await expectRevokedToken(compromised.savedTokens!.access_token);
    const refused = await refresh(compromised, compromised.savedTokens!.refresh_token!);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "invalid_client" });
    await expectWorking(other);
  });
});

describe("a client revoking its tokens at /oauth/revoke (RFC 7009)", () => {
  const revokeAt = (token: string, clientId: string) =>
    fetch(`${server.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, client_id: clientId }).toString(),
    });
  const refreshedTokens = async (client: MemoryOAuthClient) => {
    const refreshed = await refresh(client, client.savedTokens!.refresh_token!);
    expect(refreshed.status).toBe(200);
    return (await refreshed.json()) as { access_token: string; refresh_token: string };
  };

  it("ends an access token at once: /mcp refuses it, and the grant's refresh token and newer tokens work on", async () => {
    const client = await signedInClient(await tenantWithPassword());
    const accessToken = client.savedTokens!.access_token;
    expect((await rawMcpPost(`Bearer ${accessToken}`)).status).toBe(200);
    const revoked = await revokeAt(accessToken, client.clientInfo!.client_id);
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toBe("");
    const refused = await rawMcpPost(`Bearer ${accessToken}`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid access token: it was revoked; obtain a new one");
    const next = await refreshedTokens(client);
    expect((await rawMcpPost(`Bearer ${next.access_token}`)).status).toBe(200);
  });

  it("refuses another client's access or refresh token with invalid_request, and both keep working", async () => {
    const tenant = await tenantWithPassword();
    const owner = await signedInClient(tenant);
    const other = await signedInClient(tenant);
    for (const token of [owner.savedTokens!.access_token, owner.savedTokens!.refresh_token!]) {
      const refused = await revokeAt(token, other.clientInfo!.client_id);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "invalid_request", error_description: "the token was not issued to this client" });
    }
    expect((await rawMcpPost(`Bearer ${owner.savedTokens!.access_token}`)).status).toBe(200);
    await refreshedTokens(owner);
  });

  it("answers 200 and does nothing for an access token that is expired, not ours, or no token at all", async () => {
    const client = await signedInClient(await tenantWithPassword());
    const clientId = client.clientInfo!.client_id;
    const claims = { iss: server.url, aud: `${server.url}/mcp`, sub: accountIdFor(acme.tenant.uuid, acme.member.uuid), client_id: clientId, jti: "expired-one" };
    const expired = await signedToken(claims, Math.floor(Date.now() / 1000) - 60);
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ ...claims, jti: "forged-one" })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt" })
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(privateKey);
    for (const token of [expired, forged, "not-a-token"]) expect((await revokeAt(token, clientId)).status).toBe(200);
    for (const jti of ["expired-one", "forged-one"]) expect(await context.services.store.oauthModels.find("RevokedAccessToken", jti)).toBeNull();
    expect((await rawMcpPost(`Bearer ${client.savedTokens!.access_token}`)).status).toBe(200);
  });
});

/** Stops the server and starts another on the same database and URL, as `rapport serve` restarted. */
async function restartServer() {
  await server.close(100);
  // Let the client side see the old connections close before it sends to the URL again.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const services = await createServices({ databasePath: context.databasePath, clock: context.clock, logger: createLogger({ level: "silent" }) });
  server = await startBehindAddress(services);
}

describe("a restart", () => {
  it("keeps registered clients, grants and signing keys", async () => {
    const accessToken = oauth.savedTokens!.access_token;
    await restartServer();
    // Signed by the key kept in the database: still accepted.
    expect((await rawMcpPost(`Bearer ${accessToken}`)).status).toBe(200);
    // The refresh token (and its grant and client) survived: the SDK refreshes and calls on.
    oauth.savedTokens = { ...oauth.savedTokens!, access_token: "stale", expires_in: 0 };
    const client = new Client({ name: "oauth-test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: oauth }));
    try {
      const result = await client.callTool({ name: "testWhoAmI", arguments: { body: { name: "After restart" } } });
      expect((result.structuredContent as { acting_user_uuid: string }).acting_user_uuid).toBe(acme.member.uuid);
      expect(oauth.savedTokens!.access_token).not.toBe("stale");
    } finally {
      await client.close();
    }
  });
});

describe("rotating the keys with rapport oauth rotate-keys", () => {
  const rotateKeys = async (...options: string[]) => {
    const rotated = await runRapport(context.databasePath, "--json", "oauth", "rotate-keys", ...options);
    expect(rotated.code, rotated.stderr).toBe(0);
    return JSON.parse(rotated.stdout) as { signing_keys: { current: string; verifying: string[]; removed: string[] } };
  };
  const kidOf = (token: string) => decodeProtectedHeader(token).kid;
  const jwksKids = async () => ((await (await fetch(`${server.url}/oauth/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
  /** Refreshes the client's access token at the token endpoint, keeping the refresh token it answers. */
  const refreshAccessToken = async () => {
    const response = await refresh(oauth, oauth.savedTokens!.refresh_token!);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access_token: string; refresh_token?: string };
    oauth.savedTokens = { ...oauth.savedTokens!, access_token: tokens.access_token, refresh_token: tokens.refresh_token ?? oauth.savedTokens!.refresh_token };
    return tokens.access_token;
  };
  let signedBeforeRotation = "";
  let signedAfterRotation = "";

  // The rotation runs in another process (the built command) while this server keeps running: it is never restarted.
  it("keeps a token signed before the rotation verifying, and the running server signs new tokens with the new key", async () => {
    signedBeforeRotation = oauth.savedTokens!.access_token;
    const oldKid = kidOf(signedBeforeRotation);
    expect(kidOf(await refreshAccessToken())).toBe(oldKid);
    const rotation = await rotateKeys();
    expect(rotation).toMatchObject({ signing_keys: { verifying: [oldKid], removed: [] } });
    expect(rotation.signing_keys.current).not.toBe(oldKid);

    expect((await rawMcpPost(`Bearer ${signedBeforeRotation}`)).status).toBe(200);
    expect(await jwksKids()).toEqual([rotation.signing_keys.current, oldKid]);
    signedAfterRotation = await refreshAccessToken();
    expect(kidOf(signedAfterRotation)).toBe(rotation.signing_keys.current);
    expect((await rawMcpPost(`Bearer ${signedAfterRotation}`)).status).toBe(200);
  });

  it("with --revoke-old, the running server at once stops verifying every token the replaced keys signed; a refresh gets one signed by the new key", async () => {
    expect((await rawMcpPost(`Bearer ${signedAfterRotation}`)).status).toBe(200);
    const rotation = await rotateKeys("--revoke-old");
    expect(rotation.signing_keys.verifying).toEqual([]);
    expect(rotation.signing_keys.removed).toEqual(expect.arrayContaining([kidOf(signedBeforeRotation), kidOf(signedAfterRotation)]));

    for (const token of [signedBeforeRotation, signedAfterRotation]) {
      const refused = await rawMcpPost(`Bearer ${token}`);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toMatch(/not a valid access token for this server/);
    }
    expect(await jwksKids()).toEqual([rotation.signing_keys.current]);
    // Refresh tokens are stored, not signed: the client carries on with a token signed by the new key.
    const refreshed = await refreshAccessToken();
    expect(kidOf(refreshed)).toBe(rotation.signing_keys.current);
    expect((await rawMcpPost(`Bearer ${refreshed}`)).status).toBe(200);
  });

  it("lets a sign-in begun before a rotation finish after it, but not one begun before --revoke-old", async () => {
    const beginSignIn = async () => {
      const client = new MemoryOAuthClient();
      await expect(new Client({ name: "oauth-test", version: "1.0.0" }, { jsonSchemaValidator: sharedSchemaValidator }).connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: client }))).rejects.toThrow(
        UnauthorizedError,
      );
      const browser = new UserAgent(server.url);
      const login = await browser.follow(client.authorizationUrl!.href);
      expect(login.response.status).toBe(200);
      const action = formAction(await login.response.text(), "login");
      // Its cookies are signed by the current cookie key.
      // The member's email is in a second workspace too (above): the tenant is named.
      return () => browser.submit(login.url, action, { email: acme.member.email, password: PASSWORD, tenant: acme.tenant.uuid });
    };
    const kept = await beginSignIn();
    await rotateKeys();
    const consent = await kept();
    expect(consent.response.status).toBe(200);
    expect(await consent.response.text()).toContain("Allow Rapport Test Agent?");

    const revoked = await beginSignIn();
    await rotateKeys("--revoke-old");
    const expired = await revoked();
    expect(expired.response.status).toBe(400);
    expect(await expired.response.text()).toContain("This sign-in page is no longer valid");
  });
});
