/** `rapport oauth rotate-keys` and `rapport oauth revoke` as an operator meets them: their help, what they print, and their errors. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountIdFor } from "../oauth/account-id.js";
import { StoreOidcAdapter } from "../oauth/store-oidc-adapter.js";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-oauth-command-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// What each command prints and changes is checked in this process; one test of each runs the built command.
describe("rapport oauth rotate-keys", () => {
  it("says in its help that running servers follow without a restart, and what --revoke-old does", async () => {
    const help = await runRapportInProcess(join(folder, "unused.db"), "oauth", "rotate-keys", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("take the new keys at their next OAuth request, without a restart");
    expect(help.stdout).not.toMatch(/Restart every/);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("--revoke-old delete the replaced keys at once");
  });

  it("prints the new key, the keys still verifying, and that running servers follow", async () => {
    const database = join(folder, "rotated.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    const first = await runRapport(database, "--json", "oauth", "rotate-keys");
    const { signing_keys: firstKeys } = JSON.parse(first.stdout) as { signing_keys: { current: string } };
    const second = await runRapportInProcess(database, "oauth", "rotate-keys");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^new signing key \S+ \(signs access and ID tokens from now on, for every tenant\)$/m);
    expect(second.stdout).toContain(`still verifying the tokens they signed (for up to 1 hour): ${firstKeys.current}`);
    expect(second.stdout).toContain("replaced cookie keys still verifying the sign-in sessions they signed (for up to 14 days): 1");
    expect(second.stdout.trim().split("\n").at(-1)).toBe(
      "running servers on this database use the new keys from their next OAuth request: no restart needed",
    );
    expect(JSON.parse(first.stdout)).not.toHaveProperty("restart_required");
    const revoked = await runRapportInProcess(database, "oauth", "rotate-keys", "--revoke-old");
    expect(revoked.stdout).toMatch(/^ {2}revoked: \S+, \S+$/m);
    expect(revoked.stdout).toContain("cookie keys revoked: 2");
  });

  it("refuses a database file that does not exist, without creating it", async () => {
    const missing = join(folder, "missing.db");
    const refused = await runRapportInProcess(missing, "oauth", "rotate-keys");
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe(`rapport: no database at ${missing} (chosen by --db, RAPPORT_DB or the default ./data/rapport.db); check the path: only rapport serve, rapport tenants create, rapport tenants import and rapport seed demo create one\n`);
    expect(existsSync(missing)).toBe(false);
  });

  it("refuses a file that is not a database in one line", async () => {
    const notDatabase = join(folder, "notes.txt");
    writeFileSync(notDatabase, "not a database, just some notes that are long enough to read as a file header\n".repeat(20));
    const refused = await runRapportInProcess(notDatabase, "oauth", "rotate-keys");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^rapport: .*notes\.txt is not a SQLite database.*\n$/);
  });
});

describe("rapport oauth revoke", () => {
  const database = join(folder, "revoke.db");
  const created = async (...args: string[]) => {
    const result = await runRapportInProcess(database, "--json", ...args);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { uuid: string; email: string };
  };
  let acme: { uuid: string };
  let globex: { uuid: string };
  let aliceAtAcme: { uuid: string };
  let aliceAtGlobex: { uuid: string };

  /** Grants of Alice in both tenants and of Bob, each with a refresh token, stored as the authorization server stores them. */
  beforeAll(async () => {
    acme = await created("tenants", "create", "--name", "Acme");
    globex = await created("tenants", "create", "--name", "Globex");
    aliceAtAcme = await created("users", "create", "--tenant", acme.uuid, "--name", "Alice", "--email", "alice@example.com");
    aliceAtGlobex = await created("users", "create", "--tenant", globex.uuid, "--name", "Alice", "--email", "Alice@Example.com");
    const bob = await created("users", "create", "--tenant", acme.uuid, "--name", "Bob", "--email", "bob@example.com");
    const store = await createSqliteStore({ path: database });
    try {
      const save = (model: string, id: string, payload: Record<string, unknown>) => new StoreOidcAdapter(model, store).upsert(id, payload, 3600);
      await save("Client", "agent", { client_id: "agent" });
      for (const [name, tenant, user] of [
        ["alice-acme", acme, aliceAtAcme],
        ["alice-globex", globex, aliceAtGlobex],
        ["bob", acme, bob],
      ] as const) {
        const accountId = accountIdFor(tenant.uuid, user.uuid);
        await save("Grant", `grant-${name}`, { kind: "Grant", accountId, clientId: "agent" });
        await save("RefreshToken", `refresh-${name}`, { kind: "RefreshToken", grantId: `grant-${name}`, accountId, clientId: "agent" });
        await save("Session", `session-${name}`, { kind: "Session", uid: `uid-${name}`, accountId });
      }
    } finally {
      await store.close();
    }
  });

  /** The grants still stored, by id. */
  const storedGrants = async () => {
    const store = await createSqliteStore({ path: database });
    try {
      return (await store.oauthModels.listIds("Grant")).sort();
    } finally {
      await store.close();
    }
  };

  it("explains each option in its help", async () => {
    const help = await runRapportInProcess(database, "oauth", "revoke", "--help");
    expect(help.code).toBe(0);
    const text = help.stdout.replace(/\s+/g, " ");
    expect(text).toContain("Give exactly one of --user, --client or --all");
    expect(text).toContain("Access tokens issued under a revoked grant answer 401 at once on every running server");
    for (const option of ["--user <user>", "--client <client_id>", "--all", "--tenant <uuid>", "--delete-client"]) expect(text).toContain(option);
  });

  it.each([
    [[], "rapport: say what to revoke: --user <email or uuid>, --client <client_id> or --all"],
    [["--user", "bob@example.com", "--all"], "rapport: --user and --all exclude each other: give one"],
    [["--client", "agent", "--user", "bob@example.com"], "rapport: --user and --client exclude each other: give one"],
    [["--all", "--delete-client"], "rapport: --delete-client goes with --client"],
    [["--user", "nobody@example.com"], "rapport: no user nobody@example.com in any tenant"],
    [["--user", "bob@example.com", "--tenant", "00000000-0000-4000-8000-000000000000"], "rapport: tenant 00000000-0000-4000-8000-000000000000 not found"],
    [["--client", "unknown-client"], "rapport: no client unknown-client: none is registered, and no grant names it"],
    [["--user", "   "], "rapport: --user must not be empty"],
  ])("refuses %j with a clear error, exit code 1, and revokes nothing", async (options, message) => {
    const before = await storedGrants();
    const refused = await runRapportInProcess(database, "oauth", "revoke", ...options);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe(`${message}\n`);
    expect(await storedGrants()).toEqual(before);
  });

  it("refuses --delete-client for a client that is not registered, and revokes nothing", async () => {
    const store = await createSqliteStore({ path: database });
    try {
      await new StoreOidcAdapter("Grant", store).upsert("grant-metadata", { kind: "Grant", accountId: "x:y", clientId: "https://agent.example/client.json" }, 3600);
    } finally {
      await store.close();
    }
    const refused = await runRapportInProcess(database, "oauth", "revoke", "--client", "https://agent.example/client.json", "--delete-client");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^rapport: client https:\/\/agent\.example\/client\.json is not registered here .*leave out --delete-client\n$/);
    expect(await storedGrants()).toContain("grant-metadata");
  });

  it("revokes a user's grants in one tenant with --tenant, then in every tenant by email, saying how many", async () => {
    const inAcme = await runRapportInProcess(database, "oauth", "revoke", "--user", "ALICE@example.com", "--tenant", acme.uuid);
    expect(inAcme.code, inAcme.stderr).toBe(0);
    expect(inAcme.stdout).toBe(
      "revoked 1 grant of user ALICE@example.com (1 account): 1 refresh token, 0 authorization codes, 1 sign-in session, 0 sign-ins in progress\n" +
        "access tokens issued under them answer 401 at once on every running server\n",
    );
    expect(await storedGrants()).toEqual(["grant-alice-globex", "grant-bob", "grant-metadata"]);

    const everywhere = await runRapportInProcess(database, "--json", "oauth", "revoke", "--user", "alice@example.com");
    expect(JSON.parse(everywhere.stdout)).toEqual({
      user: "alice@example.com",
      accounts: expect.arrayContaining([
        { tenant_uuid: acme.uuid, user_uuid: aliceAtAcme.uuid, email: "alice@example.com" },
        { tenant_uuid: globex.uuid, user_uuid: aliceAtGlobex.uuid, email: expect.stringMatching(/^alice@example\.com$/i) },
      ]),
      tenant_uuid: null,
      grants: 1,
      refresh_tokens: 1,
      authorization_codes: 0,
      sessions: 1,
      sign_ins_in_progress: 0,
      client_deleted: false,
    });
    expect((JSON.parse(everywhere.stdout) as { accounts: unknown[] }).accounts).toHaveLength(2);
    expect(await storedGrants()).toEqual(["grant-bob", "grant-metadata"]);
  });

  it("revokes a client's grants and deletes its registration with --delete-client", async () => {
    const revoked = await runRapportInProcess(database, "oauth", "revoke", "--client", "agent", "--delete-client");
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain("revoked 1 grant to client agent: 1 refresh token, 0 authorization codes, 0 sign-in sessions, 0 sign-ins in progress");
    expect(revoked.stdout).toContain("deleted client agent: it must register again");
    expect(await storedGrants()).toEqual(["grant-metadata"]);
  });

  it("revokes every grant of the database with --all", async () => {
    const revoked = await runRapport(database, "--json", "oauth", "revoke", "--all");
    expect(JSON.parse(revoked.stdout)).toMatchObject({ all: true, tenant_uuid: null, grants: 1 });
    expect(await storedGrants()).toEqual([]);
  });
});
