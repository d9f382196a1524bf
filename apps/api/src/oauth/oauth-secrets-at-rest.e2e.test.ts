/**
 * OAuth secrets at rest, over a real port: after registration, sign-in, consent, code exchange and refresh, no
 * column of `oauth_models` holds a code, a refresh token, an access token, a registration access token or the
 * session cookie's value, while the session, refresh, revocation, grant revocation and spent codes behave as
 * before. Rows written the old way (raw ids) keep working and are rewritten hashed.
 */
import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services.js";
import { createLogger } from "../platform/logging/logger.js";
import type { AppServices } from "../services.js";
import { operations } from "../routes/operations.js";
import { startServer, type RunningServer } from "../server.js";
import { databaseSnapshot } from "../testing/database-snapshot.js";
import { formAction, UserAgent } from "../testing/form-user-agent.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { hashedOAuthId } from "./oauth-secret-ids.js";
import { hashTestPassword } from "../testing/test-password-hash.js";
import { stableAddress, type StableAddress } from "../testing/stable-address.js";

const PASSWORD = "correct horse battery staple";
const REDIRECT_URL = "http://127.0.0.1:9/callback";
const SESSION_COOKIE = "_session";

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;
/** The running server's services: a restart (restartServer) closes the context's store and opens another. */
let services: AppServices;
let address: StableAddress;

/** Starts the server on a free port behind the file's one address, which is its URL (and the OAuth issuer). */
async function startBehindAddress(): Promise<RunningServer> {
  const started = await startServer(services, { port: 0, publicUrl: address.url, operations });
  address.forwardTo(started.port);
  return { ...started, url: address.url };
}

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme OAuth" });
  await context.services.store.userPasswords.set(acme.tenant.uuid, acme.member.uuid, await hashTestPassword(PASSWORD));
  services = context.services;
  address = await stableAddress();
  server = await startBehindAddress();
});
afterAll(async () => {
  await server.close(100);
  await address.close();
  await context.close();
});

const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** Every row of `oauth_models`, every column, as text. */
const storedOAuthRows = () => (databaseSnapshot(context.databasePath).oauth_models as Array<Record<string, unknown>>).map((row) => JSON.stringify(row));

function expectStoredNowhere(secrets: Record<string, string>) {
  const rows = storedOAuthRows();
  expect(rows.length).toBeGreaterThan(0);
  for (const [name, secret] of Object.entries(secrets)) {
    expect(secret.length, name).toBeGreaterThanOrEqual(20);
    expect(rows.filter((row) => row.includes(secret)), name).toEqual([]);
  }
}

interface RegisteredClient {
  client_id: string;
  registration_access_token: string;
}

async function register(): Promise<RegisteredClient> {
  const response = await fetch(`${server.url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Rapport Test Agent",
      redirect_uris: [REDIRECT_URL],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as RegisteredClient;
}

/** An authorization request with PKCE; `verifier` goes with its code. */
function authorization(client: RegisteredClient) {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(`${server.url}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT_URL,
    scope: "mcp offline_access",
    resource: `${server.url}/mcp`,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "s",
  }).toString();
  return { url: url.href, verifier };
}

/**
 * An authorization in `browser`: signed in and allowed through the pages, or, `signedIn` (its session found by
 * its cookie and the client's grant with it), straight back with a code.
 */
async function authorize(browser: UserAgent, client: RegisteredClient, { signedIn }: { signedIn: boolean }) {
  const request = authorization(client);
  const codeOf = (url: string) => {
    expect(url.startsWith(REDIRECT_URL)).toBe(true);
    return { code: new URL(url).searchParams.get("code")!, verifier: request.verifier };
  };
  const start = await browser.follow(request.url);
  if (signedIn) return codeOf(start.url);
  const login = await browser.submit(start.url, formAction(await start.response.text(), "login"), { email: acme.member.email, password: PASSWORD });
  const consentHtml = await login.response.text();
  expect(consentHtml).toContain("Allow Rapport Test Agent?");
  // At consent the interaction holds the session: its cookie's value must not be stored with it.
  expectStoredNowhere({ sessionCookie: browser.cookie(SESSION_COOKIE)! });
  return codeOf((await browser.submit(login.url, formAction(consentHtml, "consent"), { decision: "allow" })).url);
}

const exchange = (client: RegisteredClient, code: string, verifier: string) =>
  postForm("/oauth/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URL,
    code_verifier: verifier,
    client_id: client.client_id,
    resource: `${server.url}/mcp`,
  });
const refresh = (client: RegisteredClient, refreshToken: string) =>
  postForm("/oauth/token", { grant_type: "refresh_token", refresh_token: refreshToken, client_id: client.client_id });

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function tokensOf(response: Response): Promise<Tokens> {
  expect(response.status).toBe(200);
  const tokens = (await response.json()) as Tokens;
  expect(tokens.refresh_token).toEqual(expect.any(String));
  return tokens;
}

async function expectInvalidGrant(response: Response) {
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: "invalid_grant" });
}

/** A client signed in through a new browser, with the tokens of its code and of one refresh. */
async function signedIn() {
  const client = await register();
  const browser = new UserAgent(server.url);
  const { code, verifier } = await authorize(browser, client, { signedIn: false });
  const first = await tokensOf(await exchange(client, code, verifier));
  const refreshed = await tokensOf(await refresh(client, first.refresh_token));
  return { client, browser, code, verifier, first, refreshed };
}

describe("OAuth secrets at rest", () => {
  it("stores no code, token or session cookie value, and the flows work on", async () => {
    const { client, browser, code, verifier, first, refreshed } = await signedIn();
    const sessionCookie = browser.cookie(SESSION_COOKIE)!;
    expectStoredNowhere({
      code,
      firstRefreshToken: first.refresh_token,
      refreshToken: refreshed.refresh_token,
      accessToken: first.access_token,
      accessTokenJti: String(decodeJwt(refreshed.access_token).jti),
      registrationAccessToken: client.registration_access_token,
      sessionCookie,
    });
    // What is stored instead: the hashes.
    const rows = storedOAuthRows();
    expect(rows.some((row) => row.includes(hashedOAuthId(refreshed.refresh_token)))).toBe(true);
    expect(rows.some((row) => row.includes(hashedOAuthId(sessionCookie)))).toBe(true);

    // The registration access token still reads the client's registration.
    const registration = await fetch(`${server.url}/oauth/register/${client.client_id}`, {
      headers: { authorization: `Bearer ${client.registration_access_token}` },
    });
    expect(registration.status).toBe(200);
    // The session is found by its cookie: a second authorization skips the sign-in and consent pages.
    const again = await authorize(browser, client, { signedIn: true });
    expect(decodeJwt((await tokensOf(await exchange(client, again.code, again.verifier))).access_token).sub).toBe(decodeJwt(first.access_token).sub);
    // The rotated refresh token works; the stored hash of a live one is no token.
    const rotated = await tokensOf(await refresh(client, refreshed.refresh_token));
    await expectInvalidGrant(await refresh(client, hashedOAuthId(rotated.refresh_token)));
    // A spent code is refused, and its reuse revokes its grant (revokeByGrantId): the grant's refresh tokens go.
    await expectInvalidGrant(await exchange(client, code, verifier));
    await expectInvalidGrant(await refresh(client, rotated.refresh_token));
    expect(storedOAuthRows().filter((row) => row.includes(`"model":"RefreshToken"`) && row.includes(client.client_id))).toEqual([]);
  });

  it("revokes a refresh token presented to /oauth/revoke, and its grant's rows with it", async () => {
    const { client, refreshed } = await signedIn();
    const grantRows = () => storedOAuthRows().filter((row) => row.includes(`"model":"RefreshToken"`) && row.includes(hashedOAuthId(refreshed.refresh_token)));
    expect(grantRows()).toHaveLength(1);
    const revoked = await postForm("/oauth/revoke", { token: refreshed.refresh_token, client_id: client.client_id });
    expect(revoked.status).toBe(200);
    expect(grantRows()).toEqual([]);
    await expectInvalidGrant(await refresh(client, refreshed.refresh_token));
  });
});

describe("rows stored before ids were hashed", () => {
  /** Puts a row back the way the earlier version stored it: under the raw id, with the id as `jti`. */
  async function storeTheOldWay(model: string, rawId: string) {
    const { store } = services;
    const record = await store.oauthModels.find(model, hashedOAuthId(rawId));
    expect(record).not.toBeNull();
    await store.oauthModels.rekey(model, hashedOAuthId(rawId), rawId, { ...record!.payload, jti: rawId });
    expect(storedOAuthRows().some((row) => row.includes(rawId))).toBe(true);
  }

  async function restartServer() {
    await server.close(100);
    await new Promise((resolve) => setTimeout(resolve, 100));
    services = await createServices({ databasePath: context.databasePath, clock: context.clock, logger: createLogger({ level: "silent" }) });
    server = await startBehindAddress();
  }

  it("are found by their raw id and moved to the hash on first use", async () => {
    const { client, refreshed } = await signedIn();
    await storeTheOldWay("RefreshToken", refreshed.refresh_token);
    const rotated = await tokensOf(await refresh(client, refreshed.refresh_token));
    expectStoredNowhere({ oldRefreshToken: refreshed.refresh_token, refreshToken: rotated.refresh_token });
    // Consumed when used, as before: presented again it is refused.
    await expectInvalidGrant(await refresh(client, refreshed.refresh_token));
  });

  it("are rewritten hashed when the authorization server starts, and the tokens and the session keep working", async () => {
    const { client, browser, refreshed } = await signedIn();
    const sessionCookie = browser.cookie(SESSION_COOKIE)!;
    await storeTheOldWay("RefreshToken", refreshed.refresh_token);
    await storeTheOldWay("Session", sessionCookie);
    await restartServer();
    // Any OAuth request starts the authorization server, which rewrites the rows before it answers.
    expect((await fetch(`${server.url}/.well-known/oauth-authorization-server`)).status).toBe(200);
    expectStoredNowhere({ refreshToken: refreshed.refresh_token, sessionCookie });

    await tokensOf(await refresh(client, refreshed.refresh_token));
    const again = await authorize(browser, client, { signedIn: true });
    await tokensOf(await exchange(client, again.code, again.verifier));
  });
});
