/** Each migration's start, progress between its statements once the interval has passed, and end with its duration. */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql, type Migration } from "kysely";
import { describe, expect, it } from "vitest";
import { observedMigrations, type MigrationEvent } from "./observed-migrations.js";

describe("observedMigrations", () => {
  it("reports start, a running line each interval between statements, and the end, in the order applied", async () => {
    let clock = 1_000;
    // Each statement takes 4 ms of the fake clock.
    const statements = (count: number): Migration => ({
      async up(db) {
        for (let index = 0; index < count; index += 1) {
          clock += 4;
          await sql`select ${index}`.execute(db);
        }
      },
    });
    const events: MigrationEvent[] = [];
    const migrations = observedMigrations({ "0002-short": statements(1), "0001-long": statements(7) }, (event) => events.push(event), () => clock, 10);
    const db = new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(":memory:") }) });
    try {
      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
    } finally {
      await db.destroy();
    }
    expect(events).toEqual([
      { event: "started", migration: "0001-long" },
      { event: "running", migration: "0001-long", elapsedMs: 12, statements: 3 },
      { event: "running", migration: "0001-long", elapsedMs: 24, statements: 6 },
      { event: "finished", migration: "0001-long", durationMs: 28 },
      { event: "started", migration: "0002-short" },
      { event: "finished", migration: "0002-short", durationMs: 4 },
    ]);
  });

  it("fails the migration, and so the run, when the observer throws", async () => {
    const migrations = observedMigrations({ "0001-table": { up: async (db) => void (await sql`create table t (x)`.execute(db)) } }, () => {
      throw new Error("observer broke");
    });
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
      expect((error as Error).message).toBe("observer broke");
    } finally {
      await db.destroy();
    }
  });
});
