/** `rapport keys rotate` as an operator meets it: the new key printed once, the old key's grace period, and its refusals. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { createTestContext } from "../testing/test-harness.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-keys-rotate-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const database = join(folder, "rotate.db");
// What a rotation prints and changes is checked in this process; the first test rotates through the built command.
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
const HOUR = 3_600_000;

/**
 * The API over the database in this process, as a server would answer (what the keys answer does not depend on the
 * process). Its clock starts at the real time the commands wrote their expiries and revocations with: the harness's
 * fixed 2026-11-21 could come before them.
 */
const appAtRealTime = () => createTestContext({ databasePath: database, start: Date.now() });

async function tenantWithUser() {
  const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", `Acme ${Math.random()}`)).stdout);
  const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Ann", "--email", `ann.${tenant.uuid}@acme.example`)).stdout);
  return { tenant, user };
}

describe("rapport keys rotate", { timeout: 60_000 }, () => {
  it("prints a new key of the same user, label and read-only flag once; the old key works for a day, then not", async () => {
    const { tenant, user } = await tenantWithUser();
    const old = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--user", user.uuid, "--label", "crm", "--read-only")).stdout);
    const before = Date.now();
    const rotated = await runRapport(database, "keys", "rotate", "--tenant", tenant.uuid, "--key-id", old.uuid.toUpperCase());
    expect(rotated.code, rotated.stderr).toBe(0);
    const [created, plaintext, warning, grace] = rotated.stdout.trim().split("\n");
    expect(created).toMatch(new RegExp(`^created read-only key (\\S+) \\(bound to user ${user.uuid}\\) to replace key ${old.uuid}$`));
    expect(plaintext).toMatch(/^pk_[\w-]{43}$/);
    expect(warning).toBe("store it now: it is not shown again");
    expect(grace).toMatch(new RegExp(`^key ${old.uuid} keeps working until (\\S+) \\(24 hours\\), then answers 401$`));
    const expiresAt = Date.parse(/until (\S+) /.exec(grace!)![1]!);
    expect(expiresAt - before).toBeGreaterThanOrEqual(24 * HOUR);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    const listed = JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant.uuid)).stdout) as Array<Record<string, unknown>>;
    const replacement = listed.find((key) => key.uuid !== old.uuid)!;
    expect(replacement).toMatchObject({ user_uuid: user.uuid, label: "crm", read_only: true, expires_at: null, revoked_at: null, last_used_at: null });
    expect(listed.find((key) => key.uuid === old.uuid)).toMatchObject({ expires_at: expiresAt, revoked_at: null });
    expect((await rapport("keys", "list", "--tenant", tenant.uuid)).stdout).toContain(`expires ${new Date(expiresAt).toISOString().slice(0, 16)}Z  read-only `);

    // Both work while the grace period lasts; then the old one answers 401 and the new one goes on.
    const app = await appAtRealTime();
    try {
      for (const key of [old.key, plaintext!]) expect((await app.request("/v1/persons", { key })).status).toBe(200);
      app.clock.set(expiresAt + 1);
      expect((await app.request("/v1/persons", { key: old.key })).status).toBe(401);
      expect((await app.request("/v1/persons", { key: plaintext! })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("revokes the old key at once with --grace 0, and says so in --json", async () => {
    const { tenant } = await tenantWithUser();
    const old = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid)).stdout);
    const rotated = JSON.parse((await rapport("--json", "keys", "rotate", "--tenant", tenant.uuid, "--key-id", old.uuid, "--grace", "0")).stdout);
    expect(rotated).toMatchObject({ tenant_uuid: tenant.uuid, user_uuid: null, read_only: false, key: expect.stringMatching(/^pk_/), replaced: { uuid: old.uuid, expires_at: null, revoked_at: expect.any(Number) } });
    const app = await appAtRealTime();
    try {
      expect((await app.request("/v1/persons", { key: old.key })).status).toBe(401);
      expect((await app.request("/v1/persons", { key: rotated.key })).status).toBe(200);
    } finally {
      await app.close();
    }
    const text = await rapport("keys", "rotate", "--tenant", tenant.uuid, "--key-id", rotated.uuid, "--grace", "0");
    expect(text.stdout.trim().split("\n").at(-1)).toBe(`key ${rotated.uuid} is revoked: it answers 401 from now on`);
  });

  it("refuses a key rotated already, a revoked key, an unknown key and a grace period out of range, changing nothing", async () => {
    const { tenant } = await tenantWithUser();
    const old = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid)).stdout);
    const first = JSON.parse((await rapport("--json", "keys", "rotate", "--tenant", tenant.uuid, "--key-id", old.uuid, "--grace", "2")).stdout);
    const again = await rapport("keys", "rotate", "--tenant", tenant.uuid, "--key-id", old.uuid);
    expect(again).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: key ${old.uuid} was rotated already, with a grace period until ${new Date(first.replaced.expires_at).toISOString()} (revoking it ends that now)\n`,
    });
    await rapport("keys", "revoke", "--tenant", tenant.uuid, "--key-id", old.uuid);
    expect((await rapport("keys", "rotate", "--tenant", tenant.uuid, "--key-id", old.uuid)).stderr).toMatch(
      new RegExp(`^rapport: key ${old.uuid} was revoked at \\S+: there is nothing to rotate; create a key instead\n$`),
    );
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await rapport("keys", "rotate", "--tenant", tenant.uuid, "--key-id", unknown)).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: key ${unknown} not found in tenant ${tenant.uuid} (rapport keys list --tenant ${tenant.uuid} lists its keys)\n`,
    });
    // " 5" too: one parser for every number option, which takes digits alone.
    for (const grace of ["721", "-1", "1.5", "soon", " 5"]) {
      const refused = await rapport("keys", "rotate", "--tenant", tenant.uuid, "--key-id", first.uuid, "--grace", grace);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(`rapport: option '--grace <hours>' argument '${grace}' is invalid. must be a whole number of hours from 0 to 720\n`);
    }
    expect(JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant.uuid, "--all")).stdout)).toHaveLength(2);
  });
});
