/**
 * `rapport users access` as an operator preparing an access review meets it: every user with their role, state,
 * password, working keys and OAuth grants, the tenant-scoped keys, as lines, JSON or CSV; nothing of another tenant.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountIdFor } from "../oauth/account-id.js";
import { StoreOidcAdapter } from "../oauth/store-oidc-adapter.js";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess, runRapportInProcessWithInput } from "../testing/in-process-cli.js";
import { isoMinute } from "./key-line.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-users-access-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const database = join(folder, "access.db");
// What the review prints is checked in this process; the first test runs the built command.
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
const json = async (...args: string[]) => {
  const result = await rapport("--json", ...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

interface Created {
  uuid: string;
  key?: string;
  key_prefix?: string;
}

let tenant: Created;
let ada: Created;
let bo: Created;
let cy: Created;
let adaKey: Created;
let crmKey: Created;
let adaUsedAt: number;
const EVIL_CLIENT = '=HYPERLINK("http://evil.example","Claude")';

/** Acme: Ada (administrator, a password, a read-only key she used), Bo (an OAuth grant), Cy (deactivated, a key); a tenant key. */
beforeAll(async () => {
  tenant = await json("tenants", "create", "--name", "Acme");
  ada = await json("users", "create", "--tenant", tenant.uuid, "--name", "Ada Park", "--email", "ada@acme.example", "--role", "administrator");
  bo = await json("users", "create", "--tenant", tenant.uuid, "--name", "Bo Chen", "--email", "bo@acme.example");
  cy = await json("users", "create", "--tenant", tenant.uuid, "--name", "Cy Diaz", "--email", "cy@acme.example");
  adaKey = await json("keys", "create", "--tenant", tenant.uuid, "--user", ada.uuid, "--read-only");
  await json("keys", "create", "--tenant", tenant.uuid, "--user", cy.uuid);
  crmKey = await json("keys", "create", "--tenant", tenant.uuid, "--label", "crm");
  const revoked: Created = await json("keys", "create", "--tenant", tenant.uuid, "--user", ada.uuid);
  await json("keys", "revoke", "--tenant", tenant.uuid, "--key-id", revoked.uuid);
  await json("users", "deactivate", "--tenant", tenant.uuid, "--user", cy.uuid);
  expect((await runRapportInProcessWithInput("a long enough password\n", database, "users", "set-password", "--tenant", tenant.uuid, "--user", ada.uuid)).code).toBe(0);
  // Another tenant's user, key and grant, which Acme's review must not show.
  const other: Created = await json("tenants", "create", "--name", "Globex");
  const dan: Created = await json("users", "create", "--tenant", other.uuid, "--name", "Dan Other", "--email", "dan@globex.example");
  await json("keys", "create", "--tenant", other.uuid, "--user", dan.uuid);
  await json("keys", "create", "--tenant", other.uuid, "--label", "globex-crm");

  const store = await createSqliteStore({ path: database });
  try {
    const adapter = (model: string) => new StoreOidcAdapter(model, store, () => Date.now());
    await adapter("Client").upsert("client-1", { client_id: "client-1", client_name: EVIL_CLIENT });
    for (const [user, owner] of [[bo.uuid, tenant.uuid], [dan.uuid, other.uuid]] as const) {
      await adapter("Grant").upsert(`grant-${user}`, { jti: `grant-${user}`, kind: "Grant", accountId: accountIdFor(owner, user), clientId: "client-1" }, 3600);
    }
    store.apiKeys.noteUse({ uuid: adaKey.uuid, tenant_uuid: tenant.uuid }, "rest");
  } finally {
    // Closing writes the noted use.
    await store.close();
  }
  const keys = (await json("keys", "list", "--tenant", tenant.uuid)) as Array<{ uuid: string; last_used_at: number | null }>;
  adaUsedAt = keys.find((key) => key.uuid === adaKey.uuid)!.last_used_at!;
  expect(adaUsedAt).toEqual(expect.any(Number));
});

describe("rapport users access", { timeout: 60_000 }, () => {
  it("lists each user's role, state, password, working keys and OAuth grants, then the tenant-scoped keys and a count", async () => {
    const listed = await runRapport(database, "users", "access", "--tenant", tenant.uuid);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split("\n")).toEqual([
      `${ada.uuid}  administrator  active    Ada Park <ada@acme.example>  1 key (1 read-only), last used ${isoMinute(adaUsedAt)}; no OAuth grants; password set`,
      `${bo.uuid}  member         active    Bo Chen <bo@acme.example>  no keys; 1 OAuth grant (${JSON.stringify(EVIL_CLIENT)}); no password`,
      `${cy.uuid}  member         inactive  Cy Diaz <cy@acme.example>  1 key suspended, never used; no OAuth grants; no password`,
      `tenant-scoped key ${crmKey.uuid}  ${crmKey.key_prefix}…  read-write  never used  crm`,
      "3 users (1 administrator, 1 deactivated); 1 active with working keys, 1 with OAuth grants; 1 working tenant-scoped key",
      "",
    ]);
  });

  it("narrows to a role, and gives the same in --json", async () => {
    const administrators = await json("users", "access", "--tenant", tenant.uuid, "--role", "administrator");
    expect(administrators).toEqual({
      tenant_uuid: tenant.uuid,
      listed_at: expect.any(Number),
      users: [
        {
          uuid: ada.uuid,
          name: "Ada Park",
          email: "ada@acme.example",
          role: "administrator",
          is_active: true,
          password_set: true,
          keys: [{ uuid: adaKey.uuid, key_prefix: adaKey.key_prefix, read_only: true, label: null, created_at: expect.any(Number), expires_at: null, last_used_at: adaUsedAt }],
          oauth_grants: [],
        },
      ],
      tenant_scoped_keys: [expect.objectContaining({ uuid: crmKey.uuid, label: "crm", read_only: false })],
    });
    const members = await json("users", "access", "--tenant", tenant.uuid, "--role", "member");
    expect(members.users.map((user: Created) => user.uuid)).toEqual([bo.uuid, cy.uuid]);
    expect(members.users[0].oauth_grants).toEqual([{ client_id: "client-1", client_name: EVIL_CLIENT, granted_at: null, expires_at: expect.any(Number), scopes: [] }]);
  });

  it("prints CSV for a spreadsheet, a client's name kept from running as a formula", async () => {
    const csv = await rapport("users", "access", "--tenant", tenant.uuid, "--csv");
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split("\r\n")).toEqual([
      "kind,uuid,name,email,role,is_active,password_set,working_keys,read_only_keys,last_used_at,oauth_grants,oauth_clients,label",
      `user,${ada.uuid},Ada Park,ada@acme.example,administrator,true,true,1,1,${new Date(adaUsedAt).toISOString()},0,,`,
      `user,${bo.uuid},Bo Chen,bo@acme.example,member,true,false,0,0,,1,"'=HYPERLINK(""http://evil.example"",""Claude"")",`,
      `user,${cy.uuid},Cy Diaz,cy@acme.example,member,false,false,1,0,,0,,`,
      `tenant-scoped key,${crmKey.uuid},,,,,,1,0,,,,crm`,
      "",
    ]);
    expect(await rapport("--json", "users", "access", "--tenant", tenant.uuid, "--csv")).toEqual({ code: 1, stdout: "", stderr: "rapport: --csv and --json exclude each other: give one\n" });
  });

  it("shows nothing of another tenant, and refuses an unknown one", async () => {
    const everything = JSON.stringify(await json("users", "access", "--tenant", tenant.uuid));
    for (const other of ["Dan Other", "dan@globex.example", "globex-crm"]) expect(everything).not.toContain(other);
    const unknown = "0b9f6a3e-8c1d-4e2f-9a7b-1c2d3e4f5a6b";
    expect(await rapport("users", "access", "--tenant", unknown)).toEqual({ code: 1, stdout: "", stderr: `rapport: tenant ${unknown} not found\n` });
  });
});
