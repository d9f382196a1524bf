/**
 * `rapport keys prune` and `rapport keys list --all` as an operator meets them: keys retired long ago are deleted
 * (and a running server answers them exactly as an unknown key), working and lately retired keys stay.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore, type Store } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { generateApiKey } from "../platform/auth/api-key-secret.js";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-keys-prune-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const DAY = 86_400_000;

/** Acme's keys: revoked and rotated 100 days ago, revoked 5 days ago, working; Beta's revoked 100 days ago. */
async function retiredKeys(database: string) {
  const now = Date.now();
  let clock = now - 100 * DAY;
  const store: Store = await createSqliteStore({ path: database, now: () => clock });
  const acme = await store.tenants.create({ name: "Acme", tier: "standard" });
  const beta = await store.tenants.create({ name: "Beta", tier: "standard" });
  const issue = (tenantUuid: string, label: string) => {
    clock += 1;
    return issueApiKey(store, { tenantUuid, label });
  };
  const revokedLongAgo = await issue(acme.uuid, "revoked-long-ago");
  const rotatedLongAgo = await issue(acme.uuid, "rotated-long-ago");
  const revokedLately = await issue(acme.uuid, "revoked-lately");
  const working = await issue(acme.uuid, "working");
  const betaRevoked = await issue(beta.uuid, "beta-revoked");
  await store.apiKeys.revoke(acme.uuid, revokedLongAgo.key.uuid);
  await store.apiKeys.revoke(beta.uuid, betaRevoked.key.uuid);
  const replacement = generateApiKey();
  await store.apiKeys.rotate(acme.uuid, rotatedLongAgo.key.uuid, { key_hash: replacement.hash, key_prefix: replacement.prefix }, { graceMs: DAY });
  clock = now - 5 * DAY;
  await store.apiKeys.revoke(acme.uuid, revokedLately.key.uuid);
  await store.close();
  return { now, acme, beta, keys: { revokedLongAgo, rotatedLongAgo, revokedLately, working, betaRevoked } };
}

describe("rapport keys prune", { timeout: 60_000 }, () => {
  it("deletes the keys retired over --older-than days ago, of --tenant or every tenant; a server answers them as unknown", async () => {
    const database = join(folder, "prune.db");
    // The commands only print and delete: they run in this process, beside the built server, which answers the keys.
    const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
    const { acme, beta, keys } = await retiredKeys(database);
    const server = await startRapportServer(database);
    try {
      const answer = async (key: string) => {
        const response = await fetch(`${server.url}/v1/persons`, { headers: { "x-api-key": key } });
        return { status: response.status, body: await response.json() };
      };
      const unknown = await answer(generateApiKey().plaintext);
      expect(unknown.status).toBe(401);
      expect(await answer(keys.revokedLongAgo.plaintext)).toEqual(unknown);

      const forAcme = await rapport("keys", "prune", "--older-than", "30", "--tenant", acme.uuid);
      expect(forAcme.code, forAcme.stderr).toBe(0);
      const lines = forAcme.stdout.trimEnd().split("\n");
      expect(lines[0]).toMatch(new RegExp(`^deleted 2 keys revoked or expired before \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\dZ in tenant ${acme.uuid}$`));
      expect(lines.slice(1).map((line) => line.split("  ").at(-1))).toEqual(["revoked-long-ago", "rotated-long-ago"]);
      expect(lines[1]).toMatch(new RegExp(`^  ${keys.revokedLongAgo.key.uuid}  ${keys.revokedLongAgo.key.key_prefix}…  tenant ${acme.uuid}  revoked \\d{4}-\\d\\d-\\d\\d  revoked-long-ago$`));
      expect(lines[2]).toMatch(/  expired \d{4}-\d\d-\d\dT\d\d:\d\dZ  rotated-long-ago$/);

      // Deleted, the key is refused as an unknown one; the working key and the rotation's replacement still work.
      expect(await answer(keys.revokedLongAgo.plaintext)).toEqual(unknown);
      expect(await answer(keys.rotatedLongAgo.plaintext)).toEqual(unknown);
      expect((await answer(keys.working.plaintext)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const everyAcmeKey = JSON.parse((await rapport("--json", "keys", "list", "--tenant", acme.uuid, "--all")).stdout) as Array<{ label: string }>;
    expect(everyAcmeKey.map((key) => key.label)).toEqual(["revoked-lately", "working", "rotated-long-ago"]);

    const everywhere = JSON.parse((await rapport("--json", "keys", "prune", "--older-than", "30")).stdout);
    expect(everywhere).toMatchObject({ older_than_days: 30, tenant_uuid: null, deleted: [{ uuid: keys.betaRevoked.key.uuid, tenant_uuid: beta.uuid, label: "beta-revoked", expires_at: null }] });
    expect(everywhere.deleted[0].revoked_at).toEqual(expect.any(Number));
    expect((await rapport("keys", "prune", "--older-than", "30")).stdout).toMatch(/^deleted 0 keys revoked or expired before \S+\n$/);
    // Lately retired keys go once they are old enough.
    expect(JSON.parse((await rapport("--json", "keys", "prune", "--older-than", "1")).stdout).deleted.map((key: { label: string }) => key.label)).toEqual(["revoked-lately"]);
  });

  it("refuses a bad --older-than and an unknown --tenant", async () => {
    const database = join(folder, "refusals.db");
    await retiredKeys(database);
    for (const days of ["0", "-3", "1.5", "36501", "soon"]) {
      expect(await runRapportInProcess(database, "keys", "prune", "--older-than", days)).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: option '--older-than <days>' argument '${days}' is invalid. must be a whole number of days from 1 to 36500\n`,
      });
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await runRapportInProcess(database, "keys", "prune", "--older-than", "30", "--tenant", unknown)).toEqual({ code: 1, stdout: "", stderr: `rapport: tenant ${unknown} not found\n` });
  });
});

describe("rapport keys list", { timeout: 60_000 }, () => {
  it("lists the working keys (in a grace period too), and with --all the revoked and expired ones", async () => {
    const database = join(folder, "list.db");
    const { acme } = await retiredKeys(database);
    const labels = async (...args: string[]) =>
      (JSON.parse((await runRapportInProcess(database, "--json", "keys", "list", "--tenant", acme.uuid, ...args)).stdout) as Array<{ label: string; key_prefix: string }>).map((key) => key.label);
    expect(await labels()).toEqual(["working", "rotated-long-ago"]);
    expect(await labels("--all")).toEqual(["revoked-long-ago", "rotated-long-ago", "revoked-lately", "working", "rotated-long-ago"]);
    expect((await runRapportInProcess(database, "keys", "list", "--tenant", acme.uuid, "--all")).stdout).toMatch(/  expired \S+  read-write  tenant-scoped  never used  rotated-long-ago\n/);
    expect(await runRapportInProcess(database, "keys", "list", "--tenant", acme.uuid, "--all", "--unused-for", "3")).toEqual({
      code: 1,
      stdout: "",
      stderr: "rapport: option '--unused-for <days>' cannot be used with option '--all'\n",
    });
  });
});
