/**
 * `rapport users deactivate` as an operator meets it: a suspension that says what it suspends, and, with
 * `--revoke-keys`, a leaver's keys and OAuth grants revoked for good in the same step.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { accountIdFor } from "../oauth/account-id.js";
import { StoreOidcAdapter } from "../oauth/store-oidc-adapter.js";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { createTestContext } from "../testing/test-harness.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-users-deactivate-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const database = join(folder, "deactivate.db");
// What a deactivation prints and changes is checked in this process; the first test runs the built command.
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
const json = async (...args: string[]) => JSON.parse((await rapport("--json", ...args)).stdout);

/** A tenant with a user, a key bound to them, a tenant-scoped key, and an OAuth grant of the user's to a client. */
async function leaverSetUp() {
  const tenant = await json("tenants", "create", "--name", `Acme ${Math.random()}`);
  const user = await json("users", "create", "--tenant", tenant.uuid, "--name", "Lea Ving", "--email", `lea.${tenant.uuid}@acme.example`);
  const userKey = await json("keys", "create", "--tenant", tenant.uuid, "--user", user.uuid);
  const tenantKey = await json("keys", "create", "--tenant", tenant.uuid, "--label", "crm");
  const store = await createSqliteStore({ path: database });
  try {
    const grant = new StoreOidcAdapter("Grant", store, () => Date.now());
    await grant.upsert(`grant-${user.uuid}`, { jti: `grant-${user.uuid}`, kind: "Grant", accountId: accountIdFor(tenant.uuid, user.uuid), clientId: "client-1" }, 3600);
  } finally {
    await store.close();
  }
  return { tenant, user, userKey, tenantKey };
}

async function statuses(keys: string[]): Promise<number[]> {
  const app = await createTestContext({ databasePath: database, start: Date.now() });
  try {
    return await Promise.all(keys.map(async (key) => (await app.request("/v1/persons", { key })).status));
  } finally {
    await app.close();
  }
}

const grantsOf = async (tenant: string) => (await json("oauth", "list-grants", "--tenant", tenant)) as unknown[];

describe("rapport users deactivate", { timeout: 60_000 }, () => {
  it("suspends the user's keys and says so, and what becomes of their person; a reactivation brings the keys back", async () => {
    const { tenant, user, userKey, tenantKey } = await leaverSetUp();
    const deactivated = await runRapport(database, "users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid);
    expect(deactivated).toEqual({
      code: 0,
      stdout: [
        `deactivated user ${user.uuid}`,
        "their person counts as an outside contact from now on; their past emails and meetings stay",
        "suspended, not revoked: 1 API key bound to them (403) and 1 OAuth grant (their access tokens 401) work again after rapport users reactivate; for a leaver, run again with --revoke-keys",
        "their entity lists stay theirs: an administrator hands each to a colleague with PUT /v1/lists/{list_uuid} and owner_user_uuid",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(await statuses([userKey.key, tenantKey.key])).toEqual([403, 200]);
    expect(await grantsOf(tenant.uuid)).toHaveLength(1);
    expect((await rapport("users", "reactivate", "--tenant", tenant.uuid, "--user", user.uuid)).code).toBe(0);
    // Its JSON counts both too.
    expect(await json("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid)).toEqual({
      uuid: user.uuid,
      is_active: false,
      keys_suspended: 1,
      keys_revoked: 0,
      oauth_grants_suspended: 1,
      oauth_grants_revoked: 0,
    });
    expect((await rapport("users", "reactivate", "--tenant", tenant.uuid, "--user", user.uuid)).code).toBe(0);
    expect(await statuses([userKey.key])).toEqual([200]);
  });

  it("with --revoke-keys, revokes the keys bound to the user and their OAuth grants, for good; tenant-scoped keys stay", async () => {
    const { tenant, user, userKey, tenantKey } = await leaverSetUp();
    const deactivated = await json("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid, "--revoke-keys");
    expect(deactivated).toEqual({ uuid: user.uuid, is_active: false, keys_suspended: 0, keys_revoked: 1, oauth_grants_suspended: 0, oauth_grants_revoked: 1 });
    expect(await grantsOf(tenant.uuid)).toEqual([]);
    const keys = (await json("keys", "list", "--tenant", tenant.uuid, "--all")) as Array<{ uuid: string; revoked_at: number | null }>;
    expect(keys.find((key) => key.uuid === userKey.uuid)?.revoked_at).toEqual(expect.any(Number));
    expect(keys.find((key) => key.uuid === tenantKey.uuid)?.revoked_at).toBeNull();

    // Brought back, the user has no key: the leaver's keys are gone for good.
    expect((await rapport("users", "reactivate", "--tenant", tenant.uuid, "--user", user.uuid)).stdout).toBe(
      `reactivated user ${user.uuid}; API keys bound to them that work again: 0\n`,
    );
    expect(await statuses([userKey.key, tenantKey.key])).toEqual([401, 200]);
  });

  it("revokes a user deactivated before, when run again with --revoke-keys, and says so in its lines", async () => {
    const { tenant, user, userKey } = await leaverSetUp();
    expect((await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid)).code).toBe(0);
    const lines = (await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid, "--revoke-keys")).stdout.split("\n");
    expect(lines[0]).toBe(`user ${user.uuid} was deactivated already`);
    expect(lines[2]).toBe("revoked 1 API key bound to them and 1 OAuth grant: a reactivation brings none back");
    expect(await statuses([userKey.key])).toEqual([401]);
  });

  it("refuses an unknown user, revoking nothing", async () => {
    const { tenant, userKey } = await leaverSetUp();
    const unknown = "0b9f6a3e-8c1d-4e2f-9a7b-1c2d3e4f5a6b";
    expect(await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", unknown, "--revoke-keys")).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: user ${unknown} not found in tenant ${tenant.uuid}\n`,
    });
    expect(await statuses([userKey.key])).toEqual([200]);
    expect(await grantsOf(tenant.uuid)).toHaveLength(1);
  });
});
