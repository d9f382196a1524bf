/** `rapport status`, and what `rapport serve` logs when it migrates a database an older release wrote. */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSqliteStore } from "@rapport/store";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { buildCommit } from "../build/build-commit.js";
import { runRapport, serveOnceForLogs, startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { RAPPORT_VERSION } from "../version.js";
import type { StatusOutput } from "./status-action.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-status-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const LAST_MIGRATION = "0098-import-job-cancels";

/** Makes `database` look as the release before the last migration left it: without 0098's cancel requests of import jobs. */
function undoLastMigration(database: string): void {
  const db = new SqliteDatabase(database);
  db.prepare("delete from kysely_migration where name = ?").run(LAST_MIGRATION);
  db.exec("alter table import_jobs drop column cancel_requested_at");
  db.close();
}

/** What `rapport serve` logs as it migrates `database`, left by the release before (undoLastMigration): the pending migration, each step and its duration, before it listens. */
function expectMigrationLogged(database: string, lines: Array<Record<string, unknown>>): void {
  const messages = lines.map((line) => line.msg);
  expect(lines).toContainEqual(expect.objectContaining({ msg: "migrating the database", database, pending: [LAST_MIGRATION] }));
  expect(lines).toContainEqual(expect.objectContaining({ msg: "migrated the database", applied: 1, durationMs: expect.any(Number) }));
  expect(messages.indexOf("migrated the database")).toBeLessThan(messages.indexOf("listening"));
  // Each migration's start and end, with its duration, between the two.
  expect(lines.filter((line) => line.msg === "migration started" || line.msg === "migration finished")).toEqual([
    expect.objectContaining({ msg: "migration started", migration: LAST_MIGRATION }),
    expect.objectContaining({ msg: "migration finished", migration: LAST_MIGRATION, durationMs: expect.any(Number) }),
  ]);
  expect(messages.indexOf("migrating the database")).toBeLessThan(messages.indexOf("migration started"));
  expect(messages.indexOf("migration finished")).toBeLessThan(messages.indexOf("migrated the database"));
}

describe("rapport status", { timeout: 60_000 }, () => {
  // One server for both: the status while it has the file open, and what it logged as it migrated it (a start costs
  // over a second of processor time).
  it("says whether a server has the database open, and the schema against this release; the server logs its migration, and how long it took", async () => {
    const database = join(folder, "status.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    undoLastMigration(database);
    // The statuses in this process; the server that has the database open is another one, the built command.
    const older = await runRapportInProcess(database, "status");
    expect(older.code, older.stderr).toBe(0);
    // What to do before that start: a backup of the earlier release's file (it said only what the start does).
    expect(older.stdout).toContain(
      `; 1 pending (${LAST_MIGRATION}): the next start of this release ${RAPPORT_VERSION} applies them; take a backup first (rapport backup --to FILE), which the earlier release can go back to\n`,
    );
    expect(older.stdout).toContain("\nno process has it open\n");
    expect(older.stdout).toMatch(/^database .*: \d+\.\d MB, WAL \d+\.\d MB, free \d+\.\d MB \(reused by later writes; rapport compact gives it back\)\n/);

    const server = await startRapportServer(database, { logs: true });
    try {
      const serving = JSON.parse((await runRapportInProcess(database, "--json", "status")).stdout) as Record<string, unknown>;
      expect(serving).toMatchObject({ database, open_elsewhere: true, tenants: 1, migrations: { pending: [], latest: LAST_MIGRATION } });
      expect((await runRapportInProcess(database, "status")).stdout).toContain("\nopen in another process (a server, an import or another command): stop it before rapport restore or rapport compact\n");
      expect(serving.free_bytes).toEqual(expect.any(Number));
    } finally {
      await server.stop();
    }
    expectMigrationLogged(database, server.logs());
  });

  it("names the persons whose LinkedIn profile another person has, which lookups find both of since migration 0091, to merge", async () => {
    const database = join(folder, "linkedin-keys.db");
    let clock = Date.UTC(2026, 11, 1);
    const store = await createSqliteStore({ path: database, now: () => (clock += 1000) });
    const tenant = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const page = (await store.persons.create({ tenant_uuid: tenant, name: "Ada Park", linkedin_url: "https://www.linkedin.com/in/ada-park/en" })).uuid;
    const profile = (await store.persons.create({ tenant_uuid: tenant, name: "Ada", linkedin_url: "https://www.linkedin.com/in/ada-park" })).uuid;
    await store.close();
    // Two persons given one profile (as the API or an import gives it) are duplicates as those 0063 left are.
    expect((await runRapportInProcess(database, "status")).stdout).toContain(`\n  tenant ${tenant}: person ${profile}, whose profile finds ${page} first\n`);
    // As a release before 0063 left it: the page's own key, then the migration applied by the next store to open it.
    const db = new SqliteDatabase(database);
    db.prepare("update persons set linkedin_key = 'linkedin.com/in/ada-park/en' where uuid = ?").run(page);
    db.close();
    // 0063 and the migrations after it pending again, to be applied in order.
    undoLastMigration(database);
    const undone = new SqliteDatabase(database);
    undone.prepare("delete from kysely_migration where name in ('0063-linkedin-profile-keys', '0091-linkedin-keys-shared')").run();
    undone.close();
    await (await createSqliteStore({ path: database })).close();

    const status = await runRapportInProcess(database, "status");
    expect(status.stdout).toContain("\npersons whose LinkedIn profile another person has: 1 (lookups of the profile find both, imports the first;");
    expect(status.stdout).toContain(`\n  tenant ${tenant}: person ${profile}, whose profile finds ${page} first\n`);
    const json = JSON.parse((await runRapportInProcess(database, "--json", "status")).stdout) as StatusOutput;
    expect(json.linkedin_keys_left).toEqual({ count: 1, persons: [{ tenant_uuid: tenant, person_uuid: profile, matched_person_uuid: page }] });
  });

  it("names the build it was run from: the release and the commit, as rapport --version does", async () => {
    const database = join(folder, "build.db");
    expect((await runRapportInProcess(database, "tenants", "create", "--name", "Acme")).code).toBe(0);
    const built = await runRapport(database, "--json", "status");
    expect(built.code, built.stderr).toBe(0);
    const build = (JSON.parse(built.stdout) as StatusOutput).build;
    expect(build).toBe((await runRapport(database, "--version")).stdout.trim());
    // Built in a checkout (where the tests run), the commit is there; a copy without git builds the release alone.
    const builtInCheckout = buildCommit({ folder: fileURLToPath(new URL("../..", import.meta.url)) }) !== null;
    expect(build).toMatch(builtInCheckout ? new RegExp(`^${RAPPORT_VERSION.replaceAll(".", "\\.")}\\+[0-9a-f]{12}(\\.dirty)?$`) : /^\d+\.\d+\.\d+$/);
    expect((await runRapport(database, "status")).stdout).toContain(`; up to date with this release ${build}\n`);
  });

  it("gives an upgrade's many pending migrations by their count, first and last, each on a line of its own with --verbose, all in --json", async () => {
    const database = join(folder, "many-pending.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    // As a two-week-old release left it: its last 66 migrations not yet there (status reads only their names).
    const db = new SqliteDatabase(database);
    const pending = (db.prepare("select name from kysely_migration order by name desc limit 66").pluck().all() as string[]).reverse();
    db.prepare(`delete from kysely_migration where name in (${pending.map(() => "?").join(", ")})`).run(...pending);
    db.close();

    const status = await runRapportInProcess(database, "status");
    expect(status.code, status.stderr).toBe(0);
    const schema = status.stdout.split("\n").find((line) => line.startsWith("schema: "))!;
    expect(schema).toContain(`; 66 pending (${pending[0]} to ${pending[65]}; rapport status --verbose names each): the next start of this release ${RAPPORT_VERSION}`);
    // One line of 2,000 characters named all 66.
    expect(schema).not.toContain(pending[1]);

    const verbose = await runRapportInProcess(database, "status", "--verbose");
    expect(verbose.stdout).toContain(`; 66 pending (${pending[0]} to ${pending[65]}, each below): the next start`);
    expect(verbose.stdout).toContain(`\n${pending.map((name) => `  ${name}`).join("\n")}\n`);
    const json = JSON.parse((await runRapportInProcess(database, "--json", "status")).stdout) as StatusOutput;
    expect(json.migrations.pending).toEqual(pending);
  });

  it("counts a newer release's migrations in the file's, as it names the last of them", async () => {
    const database = join(folder, "newer.db");
    await (await createSqliteStore({ path: database })).close();
    const db = new SqliteDatabase(database);
    const known = db.prepare("select count(*) from kysely_migration").pluck().get() as number;
    db.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run("0999-from-a-newer-release", new Date().toISOString());
    db.close();
    const status = await runRapportInProcess(database, "status");
    expect(status.stdout).toContain(
      `\nschema: ${known + 1} migrations, the last 0999-from-a-newer-release; written by a newer release (0999-from-a-newer-release): this release `,
    );
    // What to do, as every other command's refusal says it (it said only "refuses it").
    expect(status.stdout).toMatch(/ refuses it; run that release or a newer one, or go back to the backup taken before the upgrade \(rapport restore --from FILE\)\n/);
  });

  it("says, as rapport serve logs at each start, that an earlier release's database file is readable by other users, until it is chmod 600", async () => {
    const database = join(folder, "loose-mode.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    // As a release before 2026-12-05 made it, under the usual umask; an upgrade kept it so, unsaid.
    chmodSync(database, 0o644);
    const advice = `the database file is readable by other users of this host (mode 0644), and it holds personal data, key hashes and the OAuth signing keys: chmod 600 ${database} (its -wal and -shm files take its mode)`;
    expect((await runRapportInProcess(database, "status")).stdout).toContain(`\n${advice}\n`);
    expect(JSON.parse((await runRapportInProcess(database, "--json", "status")).stdout)).toMatchObject({ mode_open_to_others: "0644" });
    expect((await serveOnceForLogs(database)).logs).toContainEqual(expect.objectContaining({ level: 40, database, mode: "0644", msg: advice }));
    chmodSync(database, 0o600);
    expect((await runRapportInProcess(database, "status")).stdout).not.toContain("readable by other users");
    expect(JSON.parse((await runRapportInProcess(database, "--json", "status")).stdout)).toMatchObject({ mode_open_to_others: null });
    expect((await serveOnceForLogs(database)).logs.filter((line) => "mode" in line)).toEqual([]);
  });

  it("refuses a path with no database", async () => {
    const missing = join(folder, "missing.db");
    expect((await runRapportInProcess(missing, "status")).stderr).toMatch(/^rapport: no database at /);
  });

  it("refuses another application's SQLite database in one line, as every other command does, not as pending migrations", async () => {
    const database = join(folder, "crm.db");
    const other = new SqliteDatabase(database);
    other.exec("create table customers (id integer primary key)");
    other.close();
    expect(await runRapportInProcess(database, "status")).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `rapport: ${database} is not a Rapport database: it has tables (customers) but no record of Rapport's migrations; name another file\n`,
    });
  });

  it("logs no migration one by one when rapport serve --demo creates a new database (the README's first command)", async () => {
    const { exit, logs: lines } = await serveOnceForLogs(join(folder, "new-demo.db"), "--demo");
    expect(exit).toBe(0);
    expect(lines.map((line) => line.msg)).toContain("no database was at this path: created a new one for the demo tenant");
    expect(lines.filter((line) => typeof line.msg === "string" && line.msg.startsWith("migrat"))).toEqual([]);
  });

  it("logs each migration when rapport serve --demo migrates the demo database as it seeds it", async () => {
    const database = join(folder, "upgraded-demo.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    undoLastMigration(database);
    const { exit, logs: lines } = await serveOnceForLogs(database, "--demo");
    expect(exit).toBe(0);
    expect(lines.filter((line) => line.msg === "migration started" || line.msg === "migration finished")).toEqual([
      expect.objectContaining({ msg: "migration started", migration: LAST_MIGRATION }),
      expect.objectContaining({ msg: "migration finished", migration: LAST_MIGRATION, durationMs: expect.any(Number) }),
    ]);
  });
});
