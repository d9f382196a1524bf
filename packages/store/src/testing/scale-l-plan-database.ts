/** @module Test helper: an empty database with one tenant whose planner reads benchmark scale L's statistics. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../database-schema.js";
import { registerFoldName } from "../repositories/fold-name.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics, type ScaleLTable } from "./scale-l-statistics.js";
import { planOf, preparedDuring, readDuring } from "./sqlite-plans.js";

/** The calling file's database: a Kysely handle over it, its tenant, and the plans of the reads a call makes. */
export interface ScaleLPlanDatabase {
  readonly db: Kysely<Database>;
  readonly tenantUuid: string;
  /** The plans SQLite gives the reads `run` makes from `table` (at least one, or the expectation fails). */
  plansOfReads(table: string, run: () => Promise<unknown>): Promise<string[]>;
  /** The plans SQLite gives the statements `run` prepares naming `table`, writes included (at least one). */
  plansOfStatements(table: string, run: () => Promise<unknown>): Promise<string[]>;
}

/**
 * Opens, before the calling file's tests, a migrated database file with one tenant whose planner reads the
 * statistics of `tables` at scale L (`useScaleLStatistics`), and removes it after them: store functions called
 * with `db` are then planned as they would be on the benchmark's L database.
 */
export function useScaleLPlanDatabase(tables: readonly ScaleLTable[], now: number): ScaleLPlanDatabase {
  const folder = mkdtempSync(join(tmpdir(), "rapport-scale-l-plans-"));
  let sqlite: SqliteDatabase.Database | undefined;
  let db: Kysely<Database> | undefined;
  let tenantUuid = "";
  beforeAll(async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => now });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    await store.close();
    sqlite = new SqliteDatabase(path);
    // The store's functions, as its own connections have them: a case-folded filter calls one.
    registerFoldName(sqlite);
    useScaleLStatistics(sqlite, tables);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  });
  afterAll(async () => {
    await db?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useScaleLPlanDatabase: the database is opened before the file's tests");
    return value;
  };
  return {
    get db() {
      return opened(db);
    },
    get tenantUuid() {
      return tenantUuid;
    },
    async plansOfReads(table, run) {
      const reads = (await readDuring(run)).filter((source) => new RegExp(`\\b${table}\\b`).test(source));
      expect(reads.length).toBeGreaterThan(0);
      return reads.map((source) => planOf(opened(sqlite), source));
    },
    async plansOfStatements(table, run) {
      const statements = (await preparedDuring(run)).filter((source) => new RegExp(`\\b${table}\\b`).test(source));
      expect(statements.length).toBeGreaterThan(0);
      return statements.map((source) => planOf(opened(sqlite), source));
    },
  };
}
