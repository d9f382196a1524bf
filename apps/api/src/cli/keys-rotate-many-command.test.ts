/**
 * `rapport keys rotate --older-than DAYS [--label L]` as an operator rotating a team's keys on a schedule meets it: every
 * working key old enough replaced in one go, each new key printed once, a second run rotating nothing again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { createTestContext } from "../testing/test-harness.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-keys-rotate-many-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const database = join(folder, "rotate-many.db");
// What a rotation prints and changes is checked in this process; the first test rotates through the built command.
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
const json = async (...args: string[]) => {
  const result = await rapport("--json", ...args);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};
const DAY = 86_400_000;

/**
 * A tenant whose keys were made 100 days ago: Ada's and Bo's (label `laptop`), Cy's (deactivated since) and a
 * tenant-scoped one (label `crm`); and a key of Ada's made today.
 */
async function tenantWithOldKeys() {
  const tenant = await json("tenants", "create", "--name", `Acme ${Math.random()}`);
  const user = (name: string) => json("users", "create", "--tenant", tenant.uuid, "--name", name, "--email", `${name.toLowerCase()}.${tenant.uuid}@acme.example`);
  const [ada, bo, cy] = [await user("Ada"), await user("Bo"), await user("Cy")];
  const store = await createSqliteStore({ path: database, now: () => Date.now() - 100 * DAY });
  let old;
  try {
    const issue = (userUuid: string | null, label: string) => issueApiKey(store, { tenantUuid: tenant.uuid, userUuid, label });
    old = { ada: await issue(ada.uuid, "laptop"), bo: await issue(bo.uuid, "laptop"), cy: await issue(cy.uuid, "laptop"), crm: await issue(null, "crm") };
  } finally {
    await store.close();
  }
  const young = await json("keys", "create", "--tenant", tenant.uuid, "--user", ada.uuid, "--label", "laptop");
  await json("users", "deactivate", "--tenant", tenant.uuid, "--user", cy.uuid);
  return { tenant, ada, bo, cy, old, young };
}

async function statuses(keys: string[]): Promise<number[]> {
  const app = await createTestContext({ databasePath: database, start: Date.now() });
  try {
    return await Promise.all(keys.map(async (key) => (await app.request("/v1/persons", { key })).status));
  } finally {
    await app.close();
  }
}

describe("rapport keys rotate --older-than", { timeout: 60_000 }, () => {
  it("replaces every working key older than the days given, printing each new key once; young keys and deactivated users' stay", async () => {
    const { tenant, ada, bo, cy, old, young } = await tenantWithOldKeys();
    const result = await runRapport(database, "keys", "rotate", "--tenant", tenant.uuid, "--older-than", "90");
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^rotated 3 keys of tenant ${tenant.uuid} created more than 90 days ago; the old keys keep working until \\S+ \\(24 hours\\), then answer 401$`));
    const created = lines.filter((line) => line.startsWith("created "));
    expect(created.map((line) => line.replace(/key \S+ \(/, "key K (").replace(/replace key \S+/, "replace key O"))).toEqual([
      `created key K (bound to user ${ada.uuid} Ada <${ada.email}>) to replace key O labelled "laptop"`,
      `created key K (bound to user ${bo.uuid} Bo <${bo.email}>) to replace key O labelled "laptop"`,
      `created key K (tenant-scoped) to replace key O labelled "crm"`,
    ]);
    for (const line of created) expect(lines[lines.indexOf(line) + 1]).toMatch(/^pk_[\w-]{43}$/);
    expect(lines).toContain(`skipped key ${old.cy.key.uuid}: bound to user ${cy.uuid}, who is deactivated`);
    expect(lines.at(-1)).toBe("store them now: they are not shown again");

    const keys = (await json("keys", "list", "--tenant", tenant.uuid, "--all")) as Array<{ uuid: string; expires_at: number | null }>;
    const expiring = keys.filter((key) => key.expires_at !== null).map((key) => key.uuid).sort();
    expect(expiring).toEqual([old.ada.key.uuid, old.bo.key.uuid, old.crm.key.uuid].sort());
    expect(keys.find((key) => key.uuid === young.uuid)?.expires_at).toBeNull();
    const newKeys = lines.filter((line) => line.startsWith("pk_"));
    expect(await statuses([...newKeys, old.ada.plaintext, young.key])).toEqual([200, 200, 200, 200, 200]);
  });

  it("rotates only the keys of --label, and a second run rotates nothing again", async () => {
    const { tenant, old } = await tenantWithOldKeys();
    const first = await json("keys", "rotate", "--tenant", tenant.uuid, "--older-than", "90", "--label", " crm ", "--grace", "0");
    expect(first).toMatchObject({ tenant_uuid: tenant.uuid, older_than_days: 90, label: "crm", grace_hours: 0, skipped: [] });
    expect(first.rotated).toEqual([
      expect.objectContaining({ user_uuid: null, user_email: null, label: "crm", key: expect.stringMatching(/^pk_/), replaced: { uuid: old.crm.key.uuid, expires_at: null, revoked_at: expect.any(Number) } }),
    ]);
    expect(await statuses([old.crm.plaintext, first.rotated[0].key])).toEqual([401, 200]);
    const again = await rapport("keys", "rotate", "--tenant", tenant.uuid, "--older-than", "90", "--label", "crm");
    expect(again).toEqual({ code: 0, stdout: `no working key of tenant ${tenant.uuid} was created more than 90 days ago labelled "crm"; nothing changed\n`, stderr: "" });

    // The laptops' keys with a grace period, then again: those in their grace period are said to be rotated already.
    await json("keys", "rotate", "--tenant", tenant.uuid, "--older-than", "90", "--label", "laptop");
    const laptops = await json("keys", "rotate", "--tenant", tenant.uuid, "--older-than", "90", "--label", "laptop");
    expect(laptops.rotated).toEqual([]);
    expect(laptops.skipped.map((key: { uuid: string; reason: string }) => [key.uuid, key.reason.replace(/ at \S+$/, "")]).sort()).toEqual(
      [
        [old.ada.key.uuid, "rotated already: it expires"],
        [old.bo.key.uuid, "rotated already: it expires"],
        [old.cy.key.uuid, `bound to user ${old.cy.key.user_uuid}, who is deactivated`],
      ].sort(),
    );
  });

  it("asks for exactly one of --key-id and --older-than, and --label only with --older-than", async () => {
    const { tenant, old } = await tenantWithOldKeys();
    const refusals = [
      [[], "say which keys to rotate: --key-id <uuid>, or --older-than <days> for many"],
      // Both given: "say which keys" read as if neither had been.
      [["--key-id", old.ada.key.uuid, "--older-than", "1"], "option '--older-than <days>' cannot be used with option '--key-id <uuid>'"],
      [["--key-id", old.ada.key.uuid, "--label", "laptop"], "--label goes with --older-than"],
    ] as const;
    for (const [args, message] of refusals) {
      expect(await rapport("keys", "rotate", "--tenant", tenant.uuid, ...args)).toEqual({ code: 1, stdout: "", stderr: `rapport: ${message}\n` });
    }
    expect(((await json("keys", "list", "--tenant", tenant.uuid, "--all")) as Array<{ expires_at: number | null }>).every((key) => key.expires_at === null)).toBe(true);
  });
});
