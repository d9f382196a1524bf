/** The built `rapport` command: scriptable JSON output, one-line errors, serve --demo end to end. */
import { execFile, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createSqliteStore } from "@rapport/store";
import SqliteDatabase from "better-sqlite3";
import { ERASED_COPIES_NOTE } from "./cli/admin-actions.js";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEMO_TENANT_UUID } from "./demo/demo-ids.js";
import { verifyPassword } from "./oauth/password-hash.js";
import { personUpdateSchema } from "./routes/persons/person-input.js";
import { CLI_PATH as cliPath, runRapport, startRapportServer } from "./testing/built-cli.js";
import { runRapportInProcess, runRapportInProcessWithInput, serveInProcess } from "./testing/in-process-cli.js";
import { longestAccepted } from "./testing/longest-accepted.js";
import { migratedDatabaseAt } from "./testing/migrated-database.js";
import { buildCommit } from "./build/build-commit.js";
import { RAPPORT_BUILD, RAPPORT_VERSION } from "./version.js";
import { endedWithTest } from "./testing/ended-with-test.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-cli-"));
// A copy of the run's migrated file: what these tests do is not a new database's creation (missing-database.test.ts).
const database = migratedDatabaseAt(join(folder, "cli.db"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const run = promisify(execFile);
const packageFolder = fileURLToPath(new URL("..", import.meta.url));
/** Whether `npx pnpm build` stamped a commit: it does in a git checkout (where the tests run), not in a copy without one. */
const builtInCheckout = buildCommit({ folder: packageFolder }) !== null;
// What a command prints and changes is checked in this process, beside a running server too (the server is a process
// of its own); the entry point and standard input from a pipe run the built command (rapportProcess,
// rapportWithInput, runRapport).
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
const rapportProcess = (...args: string[]) => runRapport(database, ...args);

/** Runs the built command with `input` on standard input (a pipe, not a terminal). */
function rapportWithInput(input: string, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [cliPath, "--db", database, ...args]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/**
 * One `rapport serve` for the tests that check a running server applies a command's change at the user's next call
 * (each started its own: 1.3 s of processor time a start). Stopped once the file's tests are done.
 */
let sharedServer: ReturnType<typeof startRapportServer> | undefined;
const runningServer = () => (sharedServer ??= startRapportServer(database, { sharedByTests: true }));
afterAll(async () => {
  if (sharedServer) await (await sharedServer).stop();
});

// Each test starts the built command several times; on a busy two-core machine (turbo runs the other
// packages' suites beside this one) six starts took over the default 20 s once.
describe("rapport", { timeout: 60_000 }, () => {
  it("runs through the package's bin launcher, which exists before the build", async () => {
    const packageJson = JSON.parse(readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8")) as { bin: { rapport: string } };
    const launcher = fileURLToPath(new URL(`../${packageJson.bin.rapport}`, import.meta.url));
    expect(launcher).not.toContain("/dist/");
    const { stdout } = await run(process.execPath, [launcher, "--help"]);
    expect(stdout).toContain("Usage: rapport");
  });

  it("prints its version: the release and, built in a checkout, the commit it was built from", async () => {
    const built = await runRapport(database, "--version");
    expect(built).toMatchObject({ code: 0, stderr: "" });
    if (!builtInCheckout) {
      expect(built.stdout).toBe(`${RAPPORT_VERSION}\n`);
      return;
    }
    const commit = new RegExp(`^${RAPPORT_VERSION.replaceAll(".", "\\.")}\\+([0-9a-f]{12})(\\.dirty)?\\n$`).exec(built.stdout)?.[1];
    expect(commit, built.stdout).toBeDefined();
    // A commit of this repository, not a made-up number.
    await run("git", ["cat-file", "-e", `${commit}^{commit}`], { cwd: packageFolder });
    // Run from source there is no build: the release alone.
    expect(await rapport("-V")).toEqual({ code: 0, stdout: `${RAPPORT_BUILD}\n`, stderr: "" });
    expect(RAPPORT_BUILD).toBe(RAPPORT_VERSION);
  });

  it("administers tenants, users and keys with --json output", async () => {
    // Through the built command: a --json document (tenants create) and a text listing (keys list); the rest in this process.
    const tenant = JSON.parse((await rapportProcess("--json", "tenants", "create", "--name", "Acme", "--tier", "custom", "--per-second", "9", "--monthly", "99")).stdout);
    expect(tenant).toMatchObject({ name: "Acme", tier: "custom", limits: { per_second: 9, monthly: 99 } });
    const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Ann", "--email", "ann@acme.example", "--role", "administrator")).stdout);
    expect(user).toMatchObject({ name: "Ann", role: "administrator", is_active: true });
    const key = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--user", user.uuid)).stdout);
    expect(key.key).toMatch(/^pk_/);
    expect(key.user_uuid).toBe(user.uuid);
    expect(key.read_only).toBe(false);
    const reader = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--read-only", "--label", "assistant")).stdout);
    expect(reader).toMatchObject({ read_only: true, user_uuid: null, label: "assistant" });
    const listed = JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant.uuid)).stdout);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    expect(listed.map((each: { uuid: string; read_only: boolean }) => [each.uuid, each.read_only])).toEqual([
      [key.uuid, false],
      [reader.uuid, true],
    ]);
    expect((await rapportProcess("keys", "list", "--tenant", tenant.uuid)).stdout).toMatch(/read-only .* assistant/);
    expect(JSON.parse((await rapport("--json", "keys", "revoke", "--tenant", tenant.uuid, "--key-id", key.uuid)).stdout)).toEqual({
      uuid: key.uuid,
      revoked: true,
      revoked_at: expect.any(Number),
      already_revoked: false,
    });
    expect(JSON.parse((await rapport("--json", "users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid)).stdout)).toEqual({ uuid: user.uuid, is_active: false, keys_suspended: 0, keys_revoked: 0, oauth_grants_suspended: 0, oauth_grants_revoked: 0 });
  });

  it("lists keys with the day each was created and revoked, and revokes a revoked key again without failing", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Rotating")).stdout);
    const old = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--label", "old")).stdout);
    // The text output says the label back, so an operator sees which key the printed secret is.
    const other = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Labelled")).stdout);
    expect((await rapport("keys", "create", "--tenant", other.uuid, "--label", "crm sync")).stdout).toMatch(/^created key \S+ \(tenant-scoped\) labelled "crm sync"\n/);
    const today = new Date().toISOString().slice(0, 10);
    expect((await rapport("keys", "revoke", "--tenant", tenant.uuid, "--key-id", old.uuid)).stdout).toBe(`revoked key ${old.uuid}\n`);
    const again = await rapport("keys", "revoke", "--tenant", tenant.uuid, "--key-id", old.uuid);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^key ${old.uuid} was already revoked, at ${today}T[\\d:.]+Z; nothing changed\n$`));
    // A revoked key is listed with --all only (until rapport keys prune deletes it).
    expect((await rapport("keys", "list", "--tenant", tenant.uuid)).stdout).toBe(`no working keys in tenant ${tenant.uuid}\n`);
    expect((await rapport("keys", "list", "--tenant", tenant.uuid, "--all")).stdout).toBe(
      `${old.uuid}  ${old.key_prefix}…  created ${today}  revoked ${today}  read-write  tenant-scoped  never used  old\n`,
    );
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await rapport("keys", "revoke", "--tenant", tenant.uuid, "--key-id", unknown)).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: key ${unknown} not found in tenant ${tenant.uuid} (rapport keys list --tenant ${tenant.uuid} lists its keys)\n`,
    });
  });

  it("reads --tenant, --user and --key-id in any case, and refuses what is not a UUID", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Upper")).stdout);
    const upperTenant = tenant.uuid.toUpperCase();
    expect(upperTenant).not.toBe(tenant.uuid);
    const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", upperTenant, "--name", "Uma", "--email", "uma@upper.example")).stdout);
    expect(JSON.parse((await rapport("--json", "users", "list", "--tenant", upperTenant)).stdout)).toMatchObject([{ uuid: user.uuid }]);
    const key = JSON.parse((await rapport("--json", "keys", "create", "--tenant", upperTenant, "--user", user.uuid.toUpperCase())).stdout);
    expect(key).toMatchObject({ tenant_uuid: tenant.uuid, user_uuid: user.uuid });
    const revoked = await rapport("--json", "keys", "revoke", "--tenant", upperTenant, "--key-id", key.uuid.toUpperCase());
    expect(JSON.parse(revoked.stdout)).toMatchObject({ uuid: key.uuid, revoked: true });
    const deactivated = await rapport("--json", "users", "deactivate", "--tenant", upperTenant, "--user", user.uuid.toUpperCase());
    expect(JSON.parse(deactivated.stdout)).toEqual({ uuid: user.uuid, is_active: false, keys_suspended: 0, keys_revoked: 0, oauth_grants_suspended: 0, oauth_grants_revoked: 0 });
    expect(JSON.parse((await rapport("--json", "tenants", "delete", "--tenant", upperTenant)).stdout)).toEqual({ uuid: tenant.uuid, deleted: true });
    const other = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Leaving")).stdout);
    expect((await rapport("tenants", "delete", "--tenant", other.uuid)).stdout).toBe(
      `deleted tenant ${other.uuid}: its keys answer 401 and it is out of every answer from now on\n` +
        `its records stay in the database file until rapport tenants purge --tenant ${other.uuid} --yes removes them, and in every backup\n`,
    );
    const malformed = await rapport("users", "list", "--tenant", "acme");
    expect(malformed).toMatchObject({ code: 1, stderr: "rapport: option '--tenant <uuid>' argument 'acme' is invalid. must be a UUID, not a name: rapport tenants list shows each tenant's\n" });
  });

  it("changes a tenant's tier with tenants set-tier, which a running server's rate-limit headers follow at the next request, and lists its size with --usage", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Growing")).stdout);
    const key = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid)).stdout);
    const server = await runningServer();
    const limits = async () => {
      const { headers } = await fetch(`${server.url}/v1/users`, { headers: { "x-api-key": key.key } });
      return [headers.get("x-ratelimit-limit"), headers.get("x-ratelimit-limit-monthly")];
    };
    expect(await limits()).toEqual(["5", "10000"]);
    expect((await rapport("tenants", "set-tier", "--tenant", tenant.uuid, "--tier", "professional")).stdout).toBe(
      `tenant ${tenant.uuid} "Growing" is now professional: 20 req/s per key, 100000 req/month, from its next request on\n`,
    );
    expect(await limits()).toEqual(["20", "100000"]);
    const custom = await rapport("--json", "tenants", "set-tier", "--tenant", tenant.uuid, "--tier", "custom", "--per-second", "7", "--monthly", "70000");
    expect(JSON.parse(custom.stdout)).toMatchObject({ tier: "custom", per_second_limit: 7, monthly_limit: 70000, limits: { per_second: 7, monthly: 70000 } });
    expect(await limits()).toEqual(["7", "70000"]);
    expect(await rapport("tenants", "set-tier", "--tenant", tenant.uuid, "--tier", "standard", "--per-second", "9")).toMatchObject({ code: 1, stderr: "rapport: --per-second and --monthly apply only to --tier custom\n" });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await rapport("tenants", "set-tier", "--tenant", unknown, "--tier", "standard")).toMatchObject({ code: 1, stderr: `rapport: tenant ${unknown} not found\n` });

    // The host's view of the tenant: its size, and its requests this month (the server's three, once it wrote them).
    await rapport("users", "create", "--tenant", tenant.uuid, "--name", "Gus", "--email", "gus@growing.example");
    const usageOf = async () => (JSON.parse((await rapport("--json", "tenants", "list", "--usage")).stdout) as Array<{ uuid: string; usage: Record<string, number> }>).find(({ uuid }) => uuid === tenant.uuid)!.usage;
    await vi.waitFor(async () => expect((await usageOf()).requests_this_month).toBe(3), { timeout: 30_000, interval: 50 });
    expect(await usageOf()).toMatchObject({ persons: 1, companies: 0, emails: 0, meetings: 0, rows: expect.any(Number) });
    expect((await rapport("tenants", "list", "--usage")).stdout).toMatch(new RegExp(`${tenant.uuid}  custom\\s+Growing  \\(1 persons, 0 companies, 0 emails, 0 meetings, \\d+ rows; 3 requests in \\d{4}-\\d{2}\\)\n`));
  });

  it("reactivates a user: the key bound to them answers 403 while deactivated and works again after", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Comeback")).stdout);
    const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Rae", "--email", "rae@comeback.example")).stdout);
    const key = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--user", user.uuid)).stdout);
    const server = await runningServer();
    const asUser = () => fetch(`${server.url}/v1/users`, { headers: { "x-api-key": key.key } });
    expect((await asUser()).status).toBe(200);
    await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid);
    expect((await asUser()).status).toBe(403);

    const reactivated = await rapport("--json", "users", "reactivate", "--tenant", tenant.uuid, "--user", user.uuid.toUpperCase());
    expect(reactivated.code, reactivated.stderr).toBe(0);
    expect(JSON.parse(reactivated.stdout)).toEqual({ uuid: user.uuid, is_active: true });
    expect((await asUser()).status).toBe(200);
    const listed = (await (await asUser()).json()) as { items: Array<{ uuid: string; is_active: boolean }> };
    expect(listed.items).toContainEqual(expect.objectContaining({ uuid: user.uuid, is_active: true }));
    // The line says how many bound keys work again; a key revoked meanwhile stays revoked.
    const again = () => rapport("users", "reactivate", "--tenant", tenant.uuid, "--user", user.uuid);
    await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid);
    expect((await again()).stdout).toBe(`reactivated user ${user.uuid}; API keys bound to them that work again: 1\n`);
    await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid);
    await rapport("keys", "revoke", "--tenant", tenant.uuid, "--key-id", key.uuid);
    expect((await again()).stdout).toBe(
      `reactivated user ${user.uuid}; API keys bound to them that work again: 0\n`,
    );
  });

  it("refuses to reactivate an unknown user, or one whose person became another user's, in one line", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Merged")).stdout);
    const ada = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Ada", "--email", "ada@merged.example")).stdout);
    const ben = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Ben", "--email", "ben@merged.example")).stdout);
    await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", ben.uuid);
    // What a merge made before merges checked owners left behind: Ben's person merged into Ada's (refused now).
    const sqlite = new SqliteDatabase(database);
    try {
      sqlite.prepare("update persons set deleted_at = 1, merged_into_uuid = ? where uuid = ?").run(ada.person_uuid, ben.person_uuid);
    } finally {
      sqlite.close();
    }
    const conflict = await rapport("users", "reactivate", "--tenant", tenant.uuid, "--user", ben.uuid);
    expect(conflict).toMatchObject({
      code: 1,
      stderr: `rapport: user ${ben.uuid}'s person is now person ${ada.person_uuid}, which is user ${ada.uuid}'s own\n`,
    });
    const users = JSON.parse((await rapport("--json", "users", "list", "--tenant", tenant.uuid)).stdout) as Array<{ uuid: string; is_active: boolean }>;
    expect(users.find((user) => user.uuid === ben.uuid)?.is_active).toBe(false);

    const stranger = "00000000-0000-4000-8000-000000000000";
    expect(await rapport("users", "reactivate", "--tenant", tenant.uuid, "--user", stranger)).toMatchObject({
      code: 1,
      stderr: `rapport: user ${stranger} not found in tenant ${tenant.uuid}\n`,
    });
    expect(await rapport("users", "reactivate", "--tenant", stranger, "--user", ada.uuid)).toMatchObject({
      code: 1,
      stderr: `rapport: tenant ${stranger} not found\n`,
    });
  });

  it("erases a person with persons erase, refusing an active user's own person and an unknown one in one line", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Erasure")).stdout);
    const ada = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Ada", "--email", "ada@erasure.example")).stdout);
    const store = await createSqliteStore({ path: database });
    let zeldaUuid: string;
    let mergedUuid: string;
    try {
      const zelda = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Zelda Quintero", emails: ["zelda@quintero.example"] });
      await store.emails.ingest(tenant.uuid, { message_id: "erasure-1", sent_at: 1, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: zelda.uuid }] });
      zeldaUuid = zelda.uuid;
      const yuri = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Yuri" });
      await store.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: zelda.uuid, superseded_uuid: yuri.uuid, preview: false, merged_by_user_uuid: null });
      mergedUuid = yuri.uuid;
    } finally {
      await store.close();
    }

    expect(await rapport("persons", "erase", "--tenant", tenant.uuid, "--person", mergedUuid)).toMatchObject({
      code: 1,
      stderr: `rapport: person ${mergedUuid} not found in tenant ${tenant.uuid}: it was merged into person ${zeldaUuid}, erase that one\n`,
    });
    const erased = await rapport("--json", "persons", "erase", "--tenant", tenant.uuid, "--person", zeldaUuid.toUpperCase());
    expect(erased.code, erased.stderr).toBe(0);
    expect(JSON.parse(erased.stdout)).toEqual({ uuid: zeldaUuid, erased: true, notes_kept: [], tasks_kept: [] });
    const sqlite = new SqliteDatabase(database, { readonly: true });
    try {
      expect(sqlite.prepare("select count(*) as count from persons where uuid in (?, ?)").get(zeldaUuid, mergedUuid)).toEqual({ count: 0 });
      expect(sqlite.prepare("select count(*) as count from person_emails where address = ?").get("zelda@quintero.example")).toEqual({ count: 0 });
      expect(sqlite.prepare("select count(*) as count from emails where message_id = ?").get("erasure-1")).toEqual({ count: 0 });
    } finally {
      sqlite.close();
    }

    expect(await rapport("persons", "erase", "--tenant", tenant.uuid, "--person", zeldaUuid)).toMatchObject({
      code: 1,
      stderr: `rapport: person ${zeldaUuid} not found in tenant ${tenant.uuid}\n`,
    });
    const own = await rapport("persons", "erase", "--tenant", tenant.uuid, "--person", ada.person_uuid);
    expect(own).toMatchObject({
      code: 1,
      stderr: `rapport: person ${ada.person_uuid} is active user ${ada.uuid}'s own person: deactivate the user first (rapport users deactivate), then erase the person\n`,
    });

    // A former employee: deactivated, then erased; the account stays with nothing personal, and cannot come back.
    expect((await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", ada.uuid)).code).toBe(0);
    expect(await rapport("persons", "erase", "--tenant", tenant.uuid, "--person", ada.person_uuid)).toMatchObject({ code: 0, stdout: `erased person ${ada.person_uuid}\n${ERASED_COPIES_NOTE}\n` });
    const users = await rapport("users", "list", "--tenant", tenant.uuid);
    expect(users.stdout).toBe(`${ada.uuid}  member         inactive  [erased] <${ada.uuid}@erased.invalid>\n`);
    expect(await rapport("users", "reactivate", "--tenant", tenant.uuid, "--user", ada.uuid)).toMatchObject({
      code: 1,
      stderr: `rapport: user ${ada.uuid}'s person ${ada.person_uuid} was erased, and an erased user cannot be reactivated: create a new user instead\n`,
    });
  });

  it("sets a user's role, which a running server applies at the user's next call", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Roles")).stdout);
    const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Max", "--email", "max@roles.example")).stdout);
    const key = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant.uuid, "--user", user.uuid)).stdout);
    const server = await runningServer();
    const createType = (label: string) =>
      fetch(`${server.url}/v1/opportunity-types`, {
        method: "POST",
        headers: { "x-api-key": key.key, "content-type": "application/json" },
        body: JSON.stringify({ label }),
      });
    expect((await createType("Deal")).status).toBe(403);
    const promoted = await rapport("--json", "users", "set-role", "--tenant", tenant.uuid, "--user", user.uuid, "--role", "administrator");
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(JSON.parse(promoted.stdout)).toEqual({ ...user, role: "administrator", updated_at: expect.any(Number) });
    expect((await createType("Deal")).status).toBe(201);
    const demoted = await rapport("users", "set-role", "--tenant", tenant.uuid, "--user", user.uuid, "--role", "member");
    expect(demoted.stdout).toBe(`Max <max@roles.example> (${user.uuid}) is now member\n`);
    expect((await createType("Fund")).status).toBe(403);

    const stranger = "00000000-0000-4000-8000-000000000000";
    for (const [args, message] of [
      [["--user", user.uuid, "--role", "owner"], "option '--role <role>' argument 'owner' is invalid. Allowed choices are member, administrator."],
      [["--user", user.uuid], "required option '--role <role>' not specified"],
      [["--user", stranger, "--role", "member"], `user ${stranger} not found in tenant ${tenant.uuid}`],
    ] as const) {
      expect(await rapport("users", "set-role", "--tenant", tenant.uuid, ...args), args.join(" ")).toMatchObject({ code: 1, stderr: `rapport: ${message}\n` });
    }
    expect(await rapport("users", "set-role", "--tenant", stranger, "--user", user.uuid, "--role", "member")).toMatchObject({
      code: 1,
      stderr: `rapport: tenant ${stranger} not found\n`,
    });
    const users = JSON.parse((await rapport("--json", "users", "list", "--tenant", tenant.uuid)).stdout) as Array<{ role: string }>;
    expect(users.map((listed) => listed.role)).toEqual(["member"]);
  });

  it("sets a user's sign-in password from standard input, stored only as a scrypt hash", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Pass")).stdout);
    const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Pat", "--email", "pat@pass.example")).stdout);
    const set = await rapportWithInput("a long enough secret\n", "--json", "users", "set-password", "--tenant", tenant.uuid, "--user", user.uuid);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ uuid: user.uuid, email: "pat@pass.example", password_set: true });
    const store = await createSqliteStore({ path: database });
    try {
      const hash = await store.userPasswords.get(tenant.uuid, user.uuid);
      expect(hash).toMatch(/^scrypt\$15\$8\$1\$/);
      expect(hash).not.toContain("a long enough secret");
      expect(await verifyPassword("a long enough secret", hash!)).toBe(true);
    } finally {
      await store.close();
    }
    const short = await runRapportInProcessWithInput("short\n", database, "users", "set-password", "--tenant", tenant.uuid, "--user", user.uuid);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/^rapport: the password must have at least 10 characters; nothing changed/);
    const stranger = await runRapportInProcessWithInput("a long enough secret\n", database, "users", "set-password", "--tenant", tenant.uuid, "--user", "00000000-0000-4000-8000-000000000000");
    expect(stranger.stderr).toMatch(/not found in tenant/);
  });

  it("sets no password for an erased former employee, whose account can never sign in again", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Gone")).stdout);
    const user = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "Gil", "--email", "gil@gone.example")).stdout);
    expect((await rapport("users", "deactivate", "--tenant", tenant.uuid, "--user", user.uuid)).code).toBe(0);
    expect((await rapport("persons", "erase", "--tenant", tenant.uuid, "--person", user.person_uuid)).code).toBe(0);
    const set = await runRapportInProcessWithInput("a long enough secret\n", database, "users", "set-password", "--tenant", tenant.uuid, "--user", user.uuid);
    expect(set).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: user ${user.uuid}'s person was erased, and an erased user cannot sign in again: create a new user instead; nothing changed\n`,
    });
    const store = await createSqliteStore({ path: database });
    try {
      expect(await store.userPasswords.get(tenant.uuid, user.uuid)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it("fails with one clear line on stderr and a non-zero exit", async () => {
    const unknownTenantUser = ["users", "create", "--tenant", "00000000-0000-4000-8000-000000000000", "--name", "N", "--email", "n@x.example"];
    // The built command for a usage error and a store's refusal; the other refusals in this process.
    const throughEntryPoint = (args: string[]) => args === unknownTenantUser || args[0] === "no-such-command";
    for (const args of [
      ["tenants", "create", "--name", "X", "--tier", "gold"],
      unknownTenantUser,
      ["keys", "revoke", "--tenant", "nope", "--key-id", "k"],
      ["no-such-command"],
      ["tenants", "create"],
      ["users", "create", "--tenant", "00000000-0000-4000-8000-000000000000", "--name", "   ", "--email", "n@x.example"],
      ["users", "create", "--tenant", "00000000-0000-4000-8000-000000000000", "--name", "N".repeat(301), "--email", "n@x.example"],
      ["tenants", "create", "--name", "Two\nlines"],
      ["--db", "", "tenants", "list"],
      ["--db", folder, "tenants", "list"],
    ]) {
      const result = throughEntryPoint(args) ? await rapportProcess(...args) : await rapport(...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(result.stderr).toMatch(/^rapport: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    // serve's refused hosts, in this process on a port serveInProcess holds: a host let through would fail there instead,
    // on another line ("already in use"), which the whole line tells apart.
    for (const host of ["", "  "]) {
      expect(await serveInProcess(database, {}, "--host", host), JSON.stringify(host)).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: option '--host <host>' argument '${host}' is invalid. must be an address to bind, e.g. 127.0.0.1 (0.0.0.0 for every interface), not empty\n`,
      });
    }
  });

  it("takes a user's name and email up to the REST API's limits for a person's, and no longer", async () => {
    const address = (length: number) => `${"a".repeat(length - "@limits.example".length)}@limits.example`;
    const nameLimit = longestAccepted((length) => personUpdateSchema.safeParse({ name: "n".repeat(length) }).success);
    const emailLimit = longestAccepted((length) => personUpdateSchema.safeParse({ emails: [address(length)] }).success);
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Limits")).stdout);
    const longest = await rapport("--json", "users", "create", "--tenant", tenant.uuid, "--name", "n".repeat(nameLimit), "--email", address(emailLimit));
    expect(longest.code, longest.stderr).toBe(0);
    expect(JSON.parse(longest.stdout)).toMatchObject({ name: "n".repeat(nameLimit), email: address(emailLimit) });
    const longName = await rapport("users", "create", "--tenant", tenant.uuid, "--name", "n".repeat(nameLimit + 1), "--email", "b@limits.example");
    expect(longName.stderr).toBe(`rapport: --name is ${nameLimit + 1} characters long; at most ${nameLimit}\n`);
    const longEmail = await rapport("users", "create", "--tenant", tenant.uuid, "--name", "B", "--email", address(emailLimit + 1));
    expect(longEmail.stderr).toBe(`rapport: --email is ${emailLimit + 1} characters long; at most ${emailLimit}\n`);
  });

  it("takes the email addresses the REST API takes for a person's, and refuses the others", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Addresses")).stdout);
    // The first two were judged by a pattern of the command's own: "mailto:@..." taken (and stored as "@acme.example"), "mailto: ..." refused.
    for (const [index, address] of ["mailto:@acme.example", "mailto: bo@acme.example", "cy@acme", "Di@Acme.Example"].entries()) {
      const takenByApi = personUpdateSchema.safeParse({ emails: [address] }).success;
      const created = await rapport("users", "create", "--tenant", tenant.uuid, "--name", `User ${index}`, "--email", address);
      expect({ code: created.code, stderr: created.stderr }, address).toEqual(takenByApi ? { code: 0, stderr: "" } : { code: 1, stderr: `rapport: --email ${address} is not an email address\n` });
    }
    const stored = (JSON.parse((await rapport("--json", "users", "list", "--tenant", tenant.uuid)).stdout) as Array<{ email: string }>).map((user) => user.email);
    expect(stored.sort()).toEqual(["bo@acme.example", "di@acme.example"]);
  });

  it("refuses a name, email or label holding a control character, C1 included, and writes nothing", async () => {
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Controls")).stdout);
    for (const [args, message] of [
      [["tenants", "create", "--name", "Acme\u001b]0;owned\u0007"], "--name must not contain control characters (U+001B)"],
      [["users", "create", "--tenant", tenant.uuid, "--name", "Ada\u009b2J", "--email", "ada@controls.example"], "--name must not contain control characters (U+009B)"],
      [["users", "create", "--tenant", tenant.uuid, "--name", "Ada", "--email", "ada\u0085@controls.example"], "--email must not contain control characters (U+0085)"],
      [["keys", "create", "--tenant", tenant.uuid, "--label", "ci\u0008\u0008"], "--label must not contain control characters (U+0008)"],
    ] as const) {
      expect(await rapport(...args), args.join(" ")).toEqual({ code: 1, stdout: "", stderr: `rapport: ${message}\n` });
    }
    expect(JSON.parse((await rapport("--json", "users", "list", "--tenant", tenant.uuid)).stdout)).toEqual([]);
    expect(JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant.uuid)).stdout)).toEqual([]);
    expect((JSON.parse((await rapport("--json", "tenants", "list")).stdout) as Array<{ name: string }>).filter((listed) => listed.name.startsWith("Acme\u001b"))).toEqual([]);
  });

  it("escapes C1 control characters and DEL in --json output, as JSON.stringify escapes C0, the document unchanged", async () => {
    // Written through the store (the REST API takes such text): a name the command line itself would refuse.
    const name = "Ctrl\u009b2J\u0085\u007f\u001b end";
    const store = await createSqliteStore({ path: database });
    let tenantUuid: string;
    try {
      tenantUuid = (await store.tenants.create({ name, tier: "standard" })).uuid;
      await store.users.create({ tenant_uuid: tenantUuid, name, email: "ctrl@c1.example", role: "member" });
    } finally {
      await store.close();
    }
    for (const args of [["tenants", "list"], ["users", "list", "--tenant", tenantUuid]]) {
      const listed = await rapport("--json", ...args);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout, args.join(" ")).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(listed.stdout).toContain("Ctrl\\u009b2J\\u0085\\u007f\\u001b end");
      expect((JSON.parse(listed.stdout) as Array<{ name: string }>).some((record) => record.name === name), args.join(" ")).toBe(true);
    }
  });

  it("names the database file it cannot open, and a group without its command shows only its help", async () => {
    expect((await rapport("--db", folder, "tenants", "list")).stderr).toBe(
      `rapport: cannot open the database file ${folder} (chosen by --db, RAPPORT_DB or the default ./data/rapport.db): name a SQLite file in a folder you can write\n`,
    );
    const group = await rapportProcess("users");
    expect(group.code).toBe(1);
    expect(group.stderr).toMatch(/^Usage: rapport users/);
    expect(group.stderr).not.toMatch(/outputHelp|rapport: /);
  });

  it("refuses a corrupt database, a newer Rapport's and another application's in one line, leaving each file as it was", async () => {
    const chosen = "(chosen by --db, RAPPORT_DB or the default ./data/rapport.db)";
    const corrupt = join(folder, "corrupt.db");
    const store = await createSqliteStore({ path: corrupt });
    for (let index = 0; index < 50; index += 1) await store.tenants.create({ name: `Tenant ${index} ${"x".repeat(200)}`, tier: "standard" });
    await store.close();
    const pages = readFileSync(corrupt);
    // Every page after the schema's first is garbage: the tables' pages SQLite reads at opening among them.
    pages.fill(0xab, 4096);
    writeFileSync(corrupt, pages);
    const newer = join(folder, "newer.db");
    await (await createSqliteStore({ path: newer })).close();
    const writer = new SqliteDatabase(newer);
    writer.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run("9999-from-a-newer-version", new Date(0).toISOString());
    writer.close();
    const other = join(folder, "other-application.db");
    const otherWriter = new SqliteDatabase(other);
    otherWriter.exec("create table customers (id integer primary key)");
    otherWriter.close();
    const expected: Array<[string, string]> = [
      [corrupt, `rapport: ${corrupt} is corrupt ${chosen}: stop every process that has it open, then put a backup in its place: rapport restore --db ${corrupt} --from FILE\n`],
      [newer, `rapport: ${newer} was written by a newer version of Rapport: it has migration 9999-from-a-newer-version, which this version does not know; run that version or a newer one, or restore a backup taken before the upgrade: rapport restore --db ${newer} --from FILE\n`],
      [other, `rapport: ${other} is not a Rapport database: it has tables (customers) but no record of Rapport's migrations; name another file\n`],
    ];
    for (const [path, message] of expected) {
      const before = readFileSync(path);
      expect(await runRapportInProcess(path, "tenants", "list"), path).toMatchObject({ code: 1, stderr: message });
      // serve must fail before it would listen: as the built command on the corrupt file, in this process on the others.
      const served = path === corrupt ? await runRapport(path, "serve", "--port", "0") : await serveInProcess(path);
      expect(served, `${path} serve`).toMatchObject({ code: 1, stderr: message });
      expect(readFileSync(path).equals(before), path).toBe(true);
    }
    const blocked = await rapport("--db", join(folder, "corrupt.db", "inside", "rapport.db"), "tenants", "create", "--name", "Blocked");
    expect(blocked).toMatchObject({ code: 1, stderr: `rapport: cannot create the folder ${join(folder, "corrupt.db", "inside")} for the database ${chosen}: ENOTDIR; name a SQLite file in a folder you can write\n` });
  });

  it("stops quietly when the reader of its output goes away", async () => {
    const store = await createSqliteStore({ path: database });
    for (let index = 0; index < 2_000; index += 1) await store.tenants.create({ name: `Piped tenant ${index} ${"x".repeat(60)}`, tier: "standard" });
    await store.close();
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cliPath, "--db", database, "tenants", "list"]);
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.once("data", () => child.stdout.destroy());
      child.on("close", (code) => resolve({ code, stderr }));
    });
    expect(result).toEqual({ code: 0, stderr: "" });
  });

  it("writes no demo keys when the server cannot start", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    const demoDatabase = migratedDatabaseAt(join(folder, "failed-demo.db"));
    try {
      const env = { ...process.env, RAPPORT_LOG_LEVEL: "silent" };
      const failed = await run(process.execPath, [cliPath, "--db", demoDatabase, "serve", "--demo", "--port", String(port)], { env }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 1, stderr: `rapport: port ${port} on 127.0.0.1 is already in use; pick another with --port\n` });
      // The refused hosts in this process (the built command's refusal to listen is the taken port's, above): on a
      // port serveInProcess holds, a host let through would fail there rather than listen in the test's process.
      const badHost = await serveInProcess(demoDatabase, {}, "--host", "192.0.2.1");
      expect(badHost.stderr).toBe("rapport: --host 192.0.2.1 is not an address of this machine; use 127.0.0.1, 0.0.0.0 or one of its own addresses\n");
      // Empty (an unset variable in --host "$HOST"), Node would listen on every interface.
      const emptyHost = await serveInProcess(demoDatabase, {}, "--host", "");
      expect(emptyHost).toMatchObject({ code: 1, stderr: "rapport: option '--host <host>' argument '' is invalid. must be an address to bind, e.g. 127.0.0.1 (0.0.0.0 for every interface), not empty\n" });
    } finally {
      taken.close();
    }
    const store = await createSqliteStore({ path: demoDatabase });
    expect(await store.apiKeys.list(DEMO_TENANT_UUID)).toEqual([]);
    await store.close();
  });

  it("names an unusable setting in one plain line, not as an unexpected failure", async () => {
    for (const [variable, value, message] of [
      ["RAPPORT_WARM_GRAPHS", "2", 'RAPPORT_WARM_GRAPHS: expecting 1 or 0 (or true/false, yes/no, on/off) but got "2"'],
      ["RAPPORT_TRUST_PROXY", "maybe", 'RAPPORT_TRUST_PROXY: expecting 1 or 0 (or true/false, yes/no, on/off) but got "maybe"'],
      ["RAPPORT_SQLITE_MMAP_MIB", "lots", 'RAPPORT_SQLITE_MMAP_MIB: expecting a whole number from 0 to 1048576 but got "lots"'],
      ["RAPPORT_SQLITE_SYNCHRONOUS", "off", 'RAPPORT_SQLITE_SYNCHRONOUS: expecting normal or full but got "off"'],
      ["RAPPORT_IMPORT_UPLOADS_MIB", "10", 'RAPPORT_IMPORT_UPLOADS_MIB: expecting a whole number from 100 to 1048576 but got "10"'],
      ["RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND", "slow", 'RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND: expecting a whole number from 0 to 102400 but got "slow"'],
      ["RAPPORT_KEEP_ALIVE_SECONDS", "0", 'RAPPORT_KEEP_ALIVE_SECONDS: expecting a whole number from 1 to 3600 but got "0"'],
      ["RAPPORT_MCP_ALLOWED_ORIGINS", "*", 'RAPPORT_MCP_ALLOWED_ORIGINS: "*" is not an origin; give comma-separated origins'],
      ["RAPPORT_SCORING_PARAMETERS", join(folder, "missing.json"), "RAPPORT_SCORING_PARAMETERS: cannot read scoring parameters from"],
      ["RAPPORT_LOG_LEVEL", "loud", "RAPPORT_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got 'loud'"],
    ] as const) {
      // The first through the built command, the others in this process.
      const failed =
        variable === "RAPPORT_WARM_GRAPHS"
          ? await run(process.execPath, [cliPath, "--db", join(folder, "settings.db"), "serve", "--port", "0"], {
              env: { ...process.env, RAPPORT_LOG_LEVEL: "silent", [variable]: value },
            }).then(
              () => ({ code: 0, stderr: "" }),
              (error: { code: number; stderr: string }) => error,
            )
          : await serveInProcess(join(folder, "settings.db"), { [variable]: value });
      expect(failed.code, variable).toBe(1);
      expect(failed.stderr.trim().split("\n"), variable).toHaveLength(1);
      expect(failed.stderr, variable).toContain(`rapport: ${message}`);
    }
  });

  it("with --json, serve prints only its JSON document on stdout and logs on stderr", async () => {
    const server = endedWithTest(spawn(process.execPath, [cliPath, "--db", migratedDatabaseAt(join(folder, "json-serve.db")), "--json", "serve", "--port", "0"], {
      env: { ...process.env, RAPPORT_LOG_LEVEL: "info" },
    }));
    let stdout = "";
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => server.once("close", resolve));
    const url = await new Promise<string>((resolve, reject) => {
      server.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.match(/"url": "([^"]+)"/);
        if (line) resolve(line[1]!);
      });
      server.once("exit", (code) => reject(new Error(`server exited early with ${code}: ${stderr}`)));
    });
    expect((await fetch(`${url}/v1/persons`)).status).toBe(401);
    server.kill("SIGTERM");
    expect(await closed).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ url, database: join(folder, "json-serve.db"), demo: null });
    const logs = stderr.trim().split("\n").map((line) => JSON.parse(line) as { msg: string; path?: string });
    expect(logs).toContainEqual(expect.objectContaining({ msg: "request", path: "/v1/persons" }));
    expect(logs).toContainEqual(expect.objectContaining({ msg: "listening", url, database: join(folder, "json-serve.db"), version: RAPPORT_VERSION, commit: builtInCheckout ? expect.stringMatching(/^[0-9a-f]{12}(\.dirty)?$/) : null, pid: server.pid }));
    expect(logs).toContainEqual(expect.objectContaining({ msg: "shutting down: finishing in-flight requests" }));
  });

  it("serves the demo tenant and its printed key works, then stops cleanly on SIGTERM", async () => {
    const server = endedWithTest(spawn(process.execPath, [cliPath, "--db", migratedDatabaseAt(join(folder, "demo.db")), "--json", "serve", "--demo", "--port", "0"], {
      env: { ...process.env, RAPPORT_LOG_LEVEL: "silent" },
    }));
    let output = "";
    const started = await new Promise<{ url: string; demo: { tenant_key: string; read_only_key: string; user_keys: Array<{ key: string }> } }>((resolve, reject) => {
      server.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        try {
          resolve(JSON.parse(output));
        } catch {
          // Not the whole document yet.
        }
      });
      server.once("exit", (code) => reject(new Error(`server exited early with ${code}`)));
    });
    const persons = await fetch(`${started.url}/v1/persons?per_page=50`, { headers: { "x-api-key": started.demo.tenant_key } });
    expect(persons.status).toBe(200);
    const body = (await persons.json()) as { total: number; items: Array<{ name: string }> };
    expect(body.items.map((item) => item.name)).toContain("Jordan Blake");
    const asUser = await fetch(`${started.url}/v1/users`, { headers: { "x-api-key": started.demo.user_keys[0]!.key } });
    expect(asUser.status).toBe(200);
    const readOnly = { "x-api-key": started.demo.read_only_key, "content-type": "application/json" };
    expect((await fetch(`${started.url}/v1/users`, { headers: readOnly })).status).toBe(200);
    const refused = await fetch(`${started.url}/v1/persons`, { method: "POST", headers: readOnly, body: JSON.stringify({ name: "Not written" }) });
    expect(refused.status).toBe(403);
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
