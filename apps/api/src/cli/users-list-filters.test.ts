/**
 * `rapport users list` and `rapport keys list` narrowed as an operator of hundreds of users narrows them: the
 * administrators, the deactivated users, one user's keys.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-users-list-filters-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const database = join(folder, "filters.db");
// The lists in this process; one through the built command.
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
const json = async (...args: string[]) => {
  const result = await rapport("--json", ...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
const uuids = (rows: Array<{ uuid: string }>) => rows.map((row) => row.uuid);

let tenant: { uuid: string };
let ada: { uuid: string };
let bo: { uuid: string };
let cy: { uuid: string };
let adaKey: { uuid: string };
let boKey: { uuid: string };

beforeAll(async () => {
  tenant = await json("tenants", "create", "--name", "Acme");
  ada = await json("users", "create", "--tenant", tenant.uuid, "--name", "Ada Park", "--email", "ada@acme.example", "--role", "administrator");
  bo = await json("users", "create", "--tenant", tenant.uuid, "--name", "Bo Chen", "--email", "bo@acme.example");
  cy = await json("users", "create", "--tenant", tenant.uuid, "--name", "Cy Diaz", "--email", "cy@acme.example", "--role", "administrator");
  await json("users", "deactivate", "--tenant", tenant.uuid, "--user", cy.uuid);
  adaKey = await json("keys", "create", "--tenant", tenant.uuid, "--user", ada.uuid);
  boKey = await json("keys", "create", "--tenant", tenant.uuid, "--user", bo.uuid);
  await json("keys", "create", "--tenant", tenant.uuid);
});

describe("rapport users list", { timeout: 60_000 }, () => {
  it("narrows to a role, to the active or to the deactivated users, and to both", async () => {
    const administrators = await runRapport(database, "users", "list", "--tenant", tenant.uuid, "--role", "administrator");
    expect(administrators).toEqual({
      code: 0,
      stdout: `${ada.uuid}  administrator  active    Ada Park <ada@acme.example>\n${cy.uuid}  administrator  inactive  Cy Diaz <cy@acme.example>\n`,
      stderr: "",
    });
    expect(uuids(await json("users", "list", "--tenant", tenant.uuid, "--inactive"))).toEqual([cy.uuid]);
    expect(uuids(await json("users", "list", "--tenant", tenant.uuid, "--active"))).toEqual([ada.uuid, bo.uuid]);
    expect(uuids(await json("users", "list", "--tenant", tenant.uuid, "--active", "--role", "administrator"))).toEqual([ada.uuid]);
    expect(uuids(await json("users", "list", "--tenant", tenant.uuid))).toEqual([ada.uuid, bo.uuid, cy.uuid]);
  });

  it("says in its own words that none is listed, and refuses --active with --inactive", async () => {
    expect((await rapport("users", "list", "--tenant", tenant.uuid, "--inactive", "--role", "member")).stdout).toBe(`no deactivated member users in tenant ${tenant.uuid}\n`);
    expect(await rapport("users", "list", "--tenant", tenant.uuid, "--active", "--inactive")).toMatchObject({
      code: 1,
      stderr: "rapport: option '--inactive' cannot be used with option '--active'\n",
    });
  });
});

describe("rapport keys list --user", { timeout: 60_000 }, () => {
  it("lists only the keys bound to that user, and refuses a user the tenant does not have", async () => {
    expect(uuids(await json("keys", "list", "--tenant", tenant.uuid, "--user", ada.uuid.toUpperCase()))).toEqual([adaKey.uuid]);
    expect(uuids(await json("keys", "list", "--tenant", tenant.uuid, "--user", bo.uuid))).toEqual([boKey.uuid]);
    expect((await rapport("keys", "list", "--tenant", tenant.uuid, "--user", cy.uuid)).stdout).toBe(`no working keys bound to user ${cy.uuid}\n`);
    const other = await json("tenants", "create", "--name", "Globex");
    expect(await rapport("keys", "list", "--tenant", other.uuid, "--user", ada.uuid)).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: user ${ada.uuid} not found in tenant ${other.uuid}\n`,
    });
  });
});
