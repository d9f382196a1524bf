/** `rapport keys list` as an operator meets it: each key's state and last use (written by a server), and `--unused-for`. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-keys-list-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const DAY = 86_400_000;
const minuteOf = (epochMs: number) => `${new Date(epochMs).toISOString().slice(0, 16)}Z`;

describe("rapport keys list", { timeout: 60_000 }, () => {
  it("shows when a server last used each key, written when it stops, and never for a key not used", async () => {
    const database = join(folder, "served.db");
    // The lists in this process; the server that uses a key and writes its last use at its stop, the built command.
    const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Acme")).stdout);
    const used = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--label", "crm")).stdout);
    const unused = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid)).stdout);
    const server = await startRapportServer(database);
    const before = Date.now();
    try {
      expect((await fetch(`${server.url}/v1/persons`, { headers: { "x-api-key": used.key } })).status).toBe(200);
    } finally {
      await server.stop();
    }
    const listed = JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant.uuid)).stdout) as Array<Record<string, unknown>>;
    const byUuid = new Map(listed.map((key) => [key.uuid, key]));
    expect(byUuid.get(used.uuid)).toMatchObject({ last_used_via: "rest", expires_at: null, revoked_at: null });
    expect(byUuid.get(used.uuid)!.last_used_at).toBeGreaterThanOrEqual(before);
    expect(byUuid.get(unused.uuid)).toMatchObject({ last_used_at: null, last_used_via: null });
    const lines = (await rapport("keys", "list", "--tenant", tenant.uuid)).stdout;
    // The day each key was made, not the day now: a run across midnight (UTC) made them the day before.
    const createdOn = (key: { uuid: string }) => new Date(byUuid.get(key.uuid)!.created_at as number).toISOString().slice(0, 10);
    expect(lines).toContain(
      `${used.uuid}  ${used.key_prefix}…  created ${createdOn(used)}  active              read-write  tenant-scoped  last used ${minuteOf(byUuid.get(used.uuid)!.last_used_at as number)} (REST)  crm\n`,
    );
    expect(lines).toContain(`${unused.uuid}  ${unused.key_prefix}…  created ${createdOn(unused)}  active              read-write  tenant-scoped  never used\n`);
  });

  it("shows a key whose user is deactivated as suspended, since it answers 403 until the user is reactivated", async () => {
    const database = join(folder, "suspended.db");
    const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Acme")).stdout);
    const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Kim Lee", "--email", "kim@acme.example")).stdout);
    const bound = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--user", user.uuid)).stdout);
    const tenantWide = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid)).stdout);
    expect((await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid)).code).toBe(0);
    const lines = (await rapport("keys", "list", "--tenant", tenant.uuid)).stdout.split("\n");
    expect(lines.find((line) => line.startsWith(bound.uuid))).toContain(`active (suspended: user deactivated)  read-write  ${user.uuid}  never used`);
    expect(lines.find((line) => line.startsWith(tenantWide.uuid))).toContain("active              read-write  tenant-scoped");
    const listed = JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant.uuid)).stdout) as Array<Record<string, unknown>>;
    expect(listed.find((key) => key.uuid === bound.uuid)).toMatchObject({ user_suspended: true });
    expect(listed.find((key) => key.uuid === tenantWide.uuid)).not.toHaveProperty("user_suspended");
  });

  it("--unused-for lists the working keys not used in that many days, never-used keys created before then included", async () => {
    const database = join(folder, "unused.db");
    const now = Date.now();
    let clock = now - 100 * DAY;
    const store = await createSqliteStore({ path: database, now: () => clock });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const key = (name: string) => {
      // A millisecond apart, so the keys are listed in the order they were made.
      clock += 1;
      return store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: `hash-${name}`, key_prefix: `pk_${name}`, label: name });
    };
    const usedLongAgo = await key("used-long-ago");
    const neverUsed = await key("never-used");
    const usedYesterday = await key("used-yesterday");
    const revoked = await key("revoked");
    await store.apiKeys.revoke(tenant.uuid, revoked.uuid);
    clock = now - 40 * DAY;
    store.apiKeys.noteUse(usedLongAgo, "mcp");
    clock = now - DAY;
    store.apiKeys.noteUse(usedYesterday, "rest");
    clock = now - 5 * DAY;
    await key("new-never-used");
    await store.close();

    const listed = await runRapportInProcess(database, "keys", "list", "--tenant", tenant.uuid, "--unused-for", "30");
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split("\n").map((line) => line.split("  ").at(-1))).toEqual(["used-long-ago", "never-used"]);
    expect(listed.stdout).toContain(`last used ${minuteOf(now - 40 * DAY)} (MCP)  used-long-ago\n`);
    const asJson = JSON.parse((await runRapportInProcess(database, "--json", "keys", "list", "--tenant", tenant.uuid, "--unused-for", "30")).stdout) as Array<Record<string, unknown>>;
    expect(asJson.map(({ uuid, last_used_at, last_used_via }) => ({ uuid, last_used_at, last_used_via }))).toEqual([
      { uuid: usedLongAgo.uuid, last_used_at: now - 40 * DAY, last_used_via: "mcp" },
      { uuid: neverUsed.uuid, last_used_at: null, last_used_via: null },
    ]);
    const workingKeys = JSON.parse((await runRapportInProcess(database, "--json", "keys", "list", "--tenant", tenant.uuid)).stdout) as unknown[];
    expect(workingKeys).toHaveLength(4);
    const everyKey = JSON.parse((await runRapportInProcess(database, "--json", "keys", "list", "--tenant", tenant.uuid, "--all")).stdout) as unknown[];
    expect(everyKey).toHaveLength(5);
    expect(await runRapportInProcess(database, "keys", "list", "--tenant", tenant.uuid, "--unused-for", "0")).toEqual({
      code: 1,
      stdout: "",
      stderr: "rapport: option '--unused-for <days>' argument '0' is invalid. must be a positive integer\n",
    });
  });
});
