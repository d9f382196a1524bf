/** Migrating a database from an earlier, a newer or another application's schema: all or nothing, once, or not at all. */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { IncompatibleDatabaseError, InvalidInputError } from "../errors.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { ImmediateTransactionsSqliteDialect } from "./immediate-transactions.js";
import { migrateToLatest } from "./migrate-to-latest.js";
import type { MigrationEvent } from "./observed-migrations.js";
import { migrations } from "./migrations/index.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-migrate-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const EARLIER = "0034-meeting-departures";

/** A connection to `path` as the store makes one: transactions begin immediate, a busy database waits `busyMilliseconds`. */
function connect(path: string, busyMilliseconds = 5_000) {
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`busy_timeout = ${busyMilliseconds}`);
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: sqlite }) });
  return { sqlite, db };
}

/** A database at an earlier release's schema (migrated up to 0034), holding a tenant. */
async function earlierDatabase(name: string): Promise<string> {
  const path = join(folder, name);
  const { sqlite, db } = connect(path);
  expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(EARLIER)).error).toBeUndefined();
  sqlite.exec("insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1)");
  await db.destroy();
  return path;
}

function appliedMigrations(sqlite: SqliteDatabase.Database): string[] {
  return sqlite.prepare("select name from kysely_migration order by name").pluck().all() as string[];
}

/** The error `promise` rejects with (a test failure when it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error as Error,
  );
  expect(outcome, "expected a rejection").not.toBeNull();
  return outcome!;
}

const laterNames = () => Object.keys(migrations).filter((name) => name > EARLIER);
const fileDigest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

describe("migrateToLatest", () => {
  it.each([null, undefined, "./data/rapport.db", {}])("refuses %j for a database with an InvalidInputError naming it", async (db) => {
    const refusal = migrateToLatest(db as unknown as Kysely<Database>);
    await expect(refusal).rejects.toThrow(InvalidInputError);
    await expect(refusal).rejects.toThrow(/^migrateToLatest: expecting a Kysely instance/);
  });

  it("brings an earlier release's database up to date, keeping its data, and applies nothing the second time", async () => {
    const path = await earlierDatabase("earlier.db");
    const { sqlite, db } = connect(path);
    try {
      expect(await migrateToLatest(db)).toEqual(laterNames());
      expect(await migrateToLatest(db)).toEqual([]);
      expect(appliedMigrations(sqlite)).toEqual(Object.keys(migrations).sort());
      expect(sqlite.prepare("select name from tenants").pluck().all()).toEqual(["Acme"]);
    } finally {
      await db.destroy();
    }
  });

  it("tells onMigration each pending migration's start and end, in the order applied, and nothing when up to date", async () => {
    const path = await earlierDatabase("observed.db");
    const { db } = connect(path);
    try {
      const events: MigrationEvent[] = [];
      expect(await migrateToLatest(db, { onMigration: (event) => events.push(event) })).toEqual(laterNames());
      expect(events.map(({ event, migration }) => [event, migration])).toEqual(laterNames().flatMap((name) => [["started", name], ["finished", name]]));
      for (const event of events) if (event.event === "finished") expect(event.durationMs).toBeGreaterThanOrEqual(0);
      await migrateToLatest(db, { onMigration: (event) => events.push(event) });
      expect(events).toHaveLength(laterNames().length * 2);
      await expect(migrateToLatest(db, { onMigration: "log" as unknown as () => void })).rejects.toThrow('migrateToLatest: expecting "onMigration" to be a function, got string');
    } finally {
      await db.destroy();
    }
  });

  it("leaves the file as it was when a migration fails, the earlier ones of the same run included", async () => {
    const path = await earlierDatabase("failing.db");
    const { sqlite, db } = connect(path);
    try {
      // The last migration creates this index: here it exists already, so that migration fails.
      sqlite.exec("create index persons_by_merge_target on persons (uuid)");
      const failure = await failureOf(migrateToLatest(db));
      expect(failure.message).toMatch(/^database migration 0038-persons-by-merge-target failed: index persons_by_merge_target already exists/);
      expect((failure.cause as { code?: string }).code).toBe("SQLITE_ERROR");
      expect(appliedMigrations(sqlite)).toEqual(Object.keys(migrations).filter((name) => name <= EARLIER).sort());
      // 0035 ran in the same run, before the failure: rolled back too.
      expect(sqlite.prepare("select name from sqlite_master where name = 'users_by_person'").all()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it("lets one connection migrate at a time: another cannot begin until the first has committed, then finds nothing to do", async () => {
    const path = await earlierDatabase("two-processes.db");
    const first = connect(path);
    // One thread runs both connections here: a waiting second connection would block the first, so it waits 0 ms.
    const second = connect(path, 0);
    const firstRun = migrateToLatest(first.db);
    try {
      // Until the first run has begun its transaction; it then awaits each of its queries in turn (promptly, as microtasks).
      for (let turn = 0; turn < 100_000 && !first.sqlite.inTransaction; turn += 1) await Promise.resolve();
      expect(first.sqlite.inTransaction).toBe(true);
      const refused = await failureOf(migrateToLatest(second.db));
      expect(refused.cause).toMatchObject({ code: "SQLITE_BUSY" });
      expect(await firstRun).toEqual(laterNames());
      expect(await migrateToLatest(second.db)).toEqual([]);
      expect(appliedMigrations(second.sqlite)).toEqual(Object.keys(migrations).sort());
    } finally {
      await firstRun.catch(() => undefined);
      await first.db.destroy();
      await second.db.destroy();
    }
  });

  it("applies nothing to an up-to-date database without waiting for the write lock another connection holds", async () => {
    const path = join(folder, "up-to-date.db");
    await (await createSqliteStore({ path })).close();
    const writer = connect(path);
    // Waits 0 ms for a lock: Kysely's Migrator began an immediate transaction on every run, with nothing to apply too.
    const opening = connect(path, 0);
    writer.sqlite.exec("begin immediate");
    try {
      expect(await migrateToLatest(opening.db)).toEqual([]);
      expect(await migrateToLatest(opening.db, { onMigration: () => undefined })).toEqual([]);
      expect(appliedMigrations(opening.sqlite)).toEqual(Object.keys(migrations).sort());
    } finally {
      writer.sqlite.exec("rollback");
      await writer.db.destroy();
      await opening.db.destroy();
    }
  });

  it("refuses a database written by a newer Rapport without writing to it", async () => {
    const path = join(folder, "newer.db");
    const current = await createSqliteStore({ path });
    await current.tenants.create({ name: "Acme", tier: "standard" });
    await current.close();
    const writer = new SqliteDatabase(path);
    writer.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run("9999-from-a-newer-version", new Date(0).toISOString());
    writer.close();
    const before = fileDigest(path);
    const refused = await failureOf(createSqliteStore({ path }));
    expect(refused).toBeInstanceOf(IncompatibleDatabaseError);
    expect((refused as IncompatibleDatabaseError).newerRapport).toBe(true);
    expect(refused.message).toBe(
      "was written by a newer version of Rapport: it has migration 9999-from-a-newer-version, which this version does not know; run that version or a newer one, or restore a backup taken before the upgrade",
    );
    expect(fileDigest(path)).toBe(before);
  });

  it("refuses another application's database without writing to it", async () => {
    const path = join(folder, "other-application.db");
    const other = new SqliteDatabase(path);
    other.exec("create table customers (id integer primary key, name text); insert into customers (name) values ('Ada')");
    other.close();
    const before = fileDigest(path);
    const refused = await failureOf(createSqliteStore({ path }));
    expect(refused).toBeInstanceOf(IncompatibleDatabaseError);
    expect(refused.message).toBe("is not a Rapport database: it has tables (customers) but no record of Rapport's migrations; name another file");
    // Its journal mode (in the file's header) included: SQLite's default, not the WAL the store sets on its own files.
    expect(fileDigest(path)).toBe(before);
    const reopened = new SqliteDatabase(path, { readonly: true });
    expect(reopened.prepare("select name from sqlite_master where type = 'table'").pluck().all()).toEqual(["customers"]);
    reopened.close();
  });
});
