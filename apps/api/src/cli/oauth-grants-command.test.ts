/**
 * `rapport oauth list-grants` as an operator meets it, beside a running `rapport serve`: grants made through the real
 * OAuth flow (registration, sign-in, consent), listed one line each or as JSON, narrowed by tenant, user and client;
 * another tenant's grants never shown under --tenant, expired ones never shown; its refusals.
 */
import SqliteDatabase from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashTestPassword } from "../testing/test-password-hash.js";
import type { ListedOAuthGrant } from "../oauth/list-oauth-grants.js";
import { runRapport, startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { formAction, UserAgent } from "../testing/form-user-agent.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-oauth-grants-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const database = join(folder, "grants.db");
const PASSWORD = "correct horse battery staple";
const REDIRECT_URL = "http://127.0.0.1:9/callback";
const DAY_MS = 86_400_000;

interface Created {
  uuid: string;
  name: string;
  email: string;
}
// What list-grants prints is checked in this process; beside the server, it runs as the built command.
const created = async (...args: string[]) => {
  const result = await runRapportInProcess(database, "--json", ...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Created;
};
const grantsListedIn = async (databasePath: string, ...args: string[]) => {
  const result = await runRapportInProcess(databasePath, "--json", "oauth", "list-grants", ...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as ListedOAuthGrant[];
};
const grantsListed = (...args: string[]) => grantsListedIn(database, ...args);

/** A copy of the database with its grants, for a test that changes them: the others see the four live grants. */
function databaseCopy(name: string): string {
  const copy = join(folder, name);
  const connection = new SqliteDatabase(database, { readonly: true });
  try {
    connection.prepare("vacuum into ?").run(copy);
  } finally {
    connection.close();
  }
  return copy;
}

let acme: Created;
let globex: Created;
let alice: Created;
let bob: Created;
let carol: Created;
let agent: string;
let helper: string;
let consentedFrom: number;
let consentedUntil: number;
let server: Awaited<ReturnType<typeof startRapportServer>> | undefined;

/** Registers a client with the server's dynamic registration; its client_id. */
async function register(url: string, clientName: string): Promise<string> {
  const response = await fetch(`${url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: clientName,
      redirect_uris: [REDIRECT_URL],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** A user signing in on the OAuth pages and allowing `clientId` (`scope`), which stores the grant. */
async function consent(url: string, clientId: string, user: Created, scope: string): Promise<void> {
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${url}/oauth/authorize`);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URL,
    scope,
    resource: `${url}/mcp`,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "s",
  }).toString();
  const browser = new UserAgent(url);
  const start = await browser.follow(authorize.href);
  const login = await browser.submit(start.url, formAction(await start.response.text(), "login"), { email: user.email, password: PASSWORD });
  const consentHtml = await login.response.text();
  expect(consentHtml).toContain("Allow ");
  const callback = await browser.submit(login.url, formAction(consentHtml, "consent"), { decision: "allow" });
  expect(new URL(callback.url).searchParams.get("code")).toEqual(expect.any(String));
}

/** Tenants, users with passwords, two registered clients and four grants, made while `rapport serve` runs. */
beforeAll(async () => {
  acme = await created("tenants", "create", "--name", "Acme");
  globex = await created("tenants", "create", "--name", "Globex");
  alice = await created("users", "create", "--tenant", acme.uuid, "--name", "Alice", "--email", "alice@example.com");
  bob = await created("users", "create", "--tenant", acme.uuid, "--name", "Bob", "--email", "bob@example.com");
  carol = await created("users", "create", "--tenant", globex.uuid, "--name", "Carol", "--email", "carol@example.com");
  const store = await createSqliteStore({ path: database });
  try {
    for (const [tenant, user] of [[acme, alice], [acme, bob], [globex, carol]] as const) {
      await store.userPasswords.set(tenant.uuid, user.uuid, await hashTestPassword(PASSWORD));
    }
  } finally {
    await store.close();
  }
  server = await startRapportServer(database, { sharedByTests: true });
  agent = await register(server.url, "Rapport Test Agent");
  helper = await register(server.url, "Desk\nHelper");
  consentedFrom = Date.now() - 1000;
  await consent(server.url, helper, carol, "mcp:read");
  await consent(server.url, agent, bob, "mcp");
  await consent(server.url, agent, alice, "mcp mcp:read");
  // A grant's time of consent is its iat, in whole seconds: the next consent comes in a later second.
  const nextSecond = (Math.floor(Date.now() / 1000) + 1) * 1000;
  await new Promise((resolve) => setTimeout(resolve, nextSecond - Date.now() + 5));
  await consent(server.url, helper, alice, "mcp:read");
  consentedUntil = Date.now() + 1000;
}, 60_000);
afterAll(() => server?.stop());

describe("rapport oauth list-grants beside a running server", () => {
  it("says plainly when there is no grant", async () => {
    const empty = join(folder, "no-grants.db");
    copyFileSync(inject("migratedDatabasePath"), empty);
    const listed = await runRapportInProcess(empty, "oauth", "list-grants");
    expect(listed).toEqual({ code: 0, stdout: "no live OAuth grants\n", stderr: "" });
    expect(await grantsListedIn(empty)).toEqual([]);
  });

  it("lists the grants made through sign-in and consent, sorted by tenant, user and time of consent, while the server runs", async () => {
    const listed = await runRapport(database, "oauth", "list-grants");
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${alice.uuid}  Alice <alice@example\\.com>  tenant ${acme.uuid} \\(Acme\\)  client ${agent} \\("Rapport Test Agent"\\)  ` +
          `granted \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\dZ  expires \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\dZ  scopes mcp mcp:read$`,
      ),
    );
    // A registered name is the client's own choice: its line break is shown escaped, on the grant's one line.
    expect(lines[1]).toContain(`${alice.uuid}  Alice <alice@example.com>  tenant ${acme.uuid} (Acme)  client ${helper} ("Desk\\nHelper")`);
    expect(lines[1]).toMatch(/  scopes mcp:read$/);
    expect(lines[2]).toContain(`${bob.uuid}  Bob <bob@example.com>  tenant ${acme.uuid} (Acme)  client ${agent} ("Rapport Test Agent")`);
    expect(lines[2]).toMatch(/  scopes mcp$/);
    expect(lines[3]).toContain(`${carol.uuid}  Carol <carol@example.com>  tenant ${globex.uuid} (Globex)  client ${helper}`);
  });

  it("prints each grant's fields with --json: times in epoch ms, the grant expiring 30 days after consent", async () => {
    const grants = await grantsListed();
    expect(grants.map((grant) => [grant.user_email, grant.client_id])).toEqual([
      ["alice@example.com", agent],
      ["alice@example.com", helper],
      ["bob@example.com", agent],
      ["carol@example.com", helper],
    ]);
    expect(grants[0]).toEqual({
      tenant_uuid: acme.uuid,
      tenant_name: "Acme",
      user_uuid: alice.uuid,
      user_name: "Alice",
      user_email: "alice@example.com",
      user_active: true,
      client_id: agent,
      client_name: "Rapport Test Agent",
      granted_at: expect.any(Number),
      expires_at: expect.any(Number),
      scopes: ["mcp", "mcp:read"],
    });
    for (const grant of grants) {
      expect(grant.granted_at).toBeGreaterThanOrEqual(consentedFrom);
      expect(grant.granted_at).toBeLessThanOrEqual(consentedUntil);
      expect(grant.expires_at! - grant.granted_at!).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
      expect(grant.expires_at! - grant.granted_at!).toBeLessThanOrEqual(30 * DAY_MS + 1000);
    }
  });

  it("narrows to one tenant's accounts with --tenant: another tenant's grants are not shown", async () => {
    const inGlobex = await grantsListed("--tenant", globex.uuid);
    expect(inGlobex.map((grant) => grant.user_uuid)).toEqual([carol.uuid]);
    const inAcme = await grantsListed("--tenant", acme.uuid.toUpperCase());
    expect(inAcme.map((grant) => grant.user_uuid)).toEqual([alice.uuid, alice.uuid, bob.uuid]);
    expect(inAcme.every((grant) => grant.tenant_uuid === acme.uuid)).toBe(true);
  });

  it("narrows to a user (by email or uuid) with --user, and to a client with --client; together, to both", async () => {
    expect((await grantsListed("--user", "ALICE@example.com")).map((grant) => grant.client_id)).toEqual([agent, helper]);
    expect((await grantsListed("--user", bob.uuid)).map((grant) => grant.user_email)).toEqual(["bob@example.com"]);
    expect((await grantsListed("--client", helper)).map((grant) => grant.user_email)).toEqual(["alice@example.com", "carol@example.com"]);
    expect((await grantsListed("--client", helper, "--tenant", acme.uuid)).map((grant) => grant.user_email)).toEqual(["alice@example.com"]);
    expect((await grantsListed("--client", agent, "--user", "alice@example.com")).map((grant) => grant.client_id)).toEqual([agent]);
    const none = await runRapportInProcess(database, "oauth", "list-grants", "--user", carol.uuid, "--client", agent);
    expect(none).toEqual({ code: 0, stdout: `no live OAuth grants of user ${carol.uuid} to client ${agent}\n`, stderr: "" });
  });

  it("leaves out a grant past its expiry, still stored until the server's hourly pruning", async () => {
    const expired = databaseCopy("expired.db");
    const store = await createSqliteStore({ path: expired });
    try {
      for (const id of await store.oauthModels.listIds("Grant")) {
        const grant = (await store.oauthModels.find("Grant", id))!;
        const { consumed_at: _consumedAt, ...stored } = grant;
        if (grant.payload.accountId === `${acme.uuid}:${bob.uuid}`) await store.oauthModels.upsert({ ...stored, expires_at: Date.now() - 1000 });
      }
      expect(await store.oauthModels.listIds("Grant")).toHaveLength(4);
    } finally {
      await store.close();
    }
    expect((await grantsListedIn(expired)).map((grant) => grant.user_email)).toEqual(["alice@example.com", "alice@example.com", "carol@example.com"]);
    const none = await runRapportInProcess(expired, "oauth", "list-grants", "--user", "bob@example.com");
    expect(none.stdout).toBe("no live OAuth grants of user bob@example.com\n");
  });

  it("marks a deactivated user's grants", async () => {
    const deactivated = databaseCopy("deactivated.db");
    expect((await runRapportInProcess(deactivated, "users", "deactivate", "--tenant", globex.uuid, "--user", carol.uuid)).code).toBe(0);
    const listed = await runRapportInProcess(deactivated, "oauth", "list-grants", "--tenant", globex.uuid);
    expect(listed.stdout).toContain(`${carol.uuid}  Carol <carol@example.com> (deactivated)  tenant ${globex.uuid} (Globex)`);
    expect((await grantsListedIn(deactivated, "--tenant", globex.uuid))[0]).toMatchObject({ user_active: false });
  });

  it.each([
    [["--tenant", "acme"], "rapport: option '--tenant <uuid>' argument 'acme' is invalid. must be a UUID, not a name: rapport tenants list shows each tenant's"],
    [["--tenant", "00000000-0000-4000-8000-000000000000"], "rapport: tenant 00000000-0000-4000-8000-000000000000 not found"],
    [["--user", "nobody@example.com"], "rapport: no user nobody@example.com in any tenant"],
    [["--user", "bob@example.com", "--tenant", "GLOBEX"], "rapport: option '--tenant <uuid>' argument 'GLOBEX' is invalid. must be a UUID, not a name: rapport tenants list shows each tenant's"],
    [["--user", "   "], "rapport: --user must not be empty"],
    [["--client", "unknown-client"], "rapport: no client unknown-client: none is registered, and no grant names it"],
  ])("refuses %j with a clear error and exit code 1", async (options, message) => {
    const refused = await runRapportInProcess(database, "oauth", "list-grants", ...options);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe(`${message}\n`);
  });

  it("refuses a user of another tenant than --tenant", async () => {
    const refused = await runRapportInProcess(database, "oauth", "list-grants", "--user", "bob@example.com", "--tenant", globex.uuid);
    expect(refused).toMatchObject({ code: 1, stdout: "", stderr: `rapport: no user bob@example.com in tenant ${globex.uuid}\n` });
  });

  it("refuses a database file that does not exist", async () => {
    const refused = await runRapportInProcess(join(folder, "missing.db"), "oauth", "list-grants");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^rapport: no database at .*missing\.db/);
  });

  it("answers to `rapport oauth grants` too, and explains itself in its help", async () => {
    expect((await runRapportInProcess(database, "--json", "oauth", "grants")).stdout).toBe((await runRapportInProcess(database, "--json", "oauth", "list-grants")).stdout);
    const help = await runRapportInProcess(database, "oauth", "list-grants", "--help");
    const text = help.stdout.replace(/\s+/g, " ");
    expect(text).toContain("Reads only; runs beside a server");
    for (const option of ["--tenant <uuid>", "--user <user>", "--client <client_id>"]) expect(text).toContain(option);
  });
});
