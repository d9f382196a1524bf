/** `rapport status`, and what `rapport serve` logs when it migrates a database an older release wrote. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { serveOnceForLogs, startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { RAPPORT_VERSION } from "../version.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-status-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const LAST_MIGRATION = "0062-tenant-log-sequences";

/** Each log's indexes as they were before migration 0062: their columns then. */
const LOG_INDEXES_BEFORE = {
  activity_feed: { activity_feed_by_tenant: "tenant_uuid, sequence", activity_feed_by_kind: "tenant_uuid, kind, sequence", activity_feed_by_time: "tenant_uuid, recorded_at" },
  record_deletions: {
    record_deletions_by_tenant: "tenant_uuid, sequence",
    record_deletions_by_type: "tenant_uuid, entity_type, sequence",
    record_deletions_by_time: "tenant_uuid, deleted_at",
  },
};

/**
 * Makes `database` look as the release before the last migration left it: migration 0062's tenant sequences undone,
 * the rows' keys named `sequence` again.
 */
function undoLastMigration(database: string): void {
  const db = new SqliteDatabase(database);
  db.transaction(() => {
    db.exec("drop trigger activity_feed_take_sequence; drop trigger record_deletions_take_sequence; drop table log_sequences");
    db.exec("drop trigger activity_feed_raise_timelines_on_update");
    for (const [table, indexes] of Object.entries(LOG_INDEXES_BEFORE)) {
      for (const index of Object.keys(indexes)) db.exec(`drop index ${index}`);
      db.exec(`alter table ${table} drop column sequence; alter table ${table} rename column id to sequence`);
      for (const [index, columns] of Object.entries(indexes)) db.exec(`create index ${index} on ${table} (${columns})`);
    }
    db.exec(`create trigger activity_feed_raise_timelines_on_update after update on activity_feed begin
      insert into change_generations (tenant_uuid, scope, generation) values (NEW.tenant_uuid, 'timelines', 1)
        on conflict (tenant_uuid, scope) do update set generation = generation + 1;
    end`);
    db.prepare("delete from kysely_migration where name = ?").run(LAST_MIGRATION);
  })();
  db.close();
}

describe("rapport status", { timeout: 60_000 }, () => {
  it("says whether a server has the database open, and the schema against this release", async () => {
    const database = join(folder, "status.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    undoLastMigration(database);
    // The statuses in this process; the server that has the database open is another one, the built command.
    const older = await runRapportInProcess(database, "status");
    expect(older.code, older.stderr).toBe(0);
    expect(older.stdout).toContain(`; 1 pending (${LAST_MIGRATION}): the next start of this release ${RAPPORT_VERSION} applies them\n`);
    expect(older.stdout).toContain("\nno process has it open\n");
    expect(older.stdout).toMatch(/^database .*: \d+\.\d MB, WAL \d+\.\d MB, free \d+\.\d MB \(reused by later writes; rapport compact gives it back\)\n/);

    const server = await startRapportServer(database);
    try {
      const serving = JSON.parse((await runRapportInProcess(database, "--json", "status")).stdout) as Record<string, unknown>;
      expect(serving).toMatchObject({ database, open_elsewhere: true, tenants: 1, migrations: { pending: [], latest: LAST_MIGRATION } });
      expect((await runRapportInProcess(database, "status")).stdout).toContain("\nopen in another process (a server, an import or another command): stop it before rapport restore or rapport compact\n");
      expect(serving.free_bytes).toEqual(expect.any(Number));
    } finally {
      await server.stop();
    }
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

  it("is what rapport serve logs as it migrates a database an older release wrote, and how long it took", async () => {
    const database = join(folder, "upgraded.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    undoLastMigration(database);
    const { exit, logs: lines } = await serveOnceForLogs(database);
    expect(exit).toBe(0);
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
