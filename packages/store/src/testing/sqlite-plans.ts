/** @module Test helpers: the SQL a store call prepares, and the plan SQLite gives a statement. */
import { Worker } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { expect, vi } from "vitest";
import type { Database } from "../database-schema.js";
import { registerFoldName } from "../repositories/fold-name.js";
import { migrations } from "../sqlite/migrations/index.js";

/**
 * The SQL that `read` prepares (a statement the driver prepared earlier in the process does not show), and every
 * statement it sends to a connection on a worker thread.
 */
export async function preparedDuring(read: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const prepare = SqliteDatabase.prototype.prepare;
  const spy = vi.spyOn(SqliteDatabase.prototype, "prepare").mockImplementation(function (this: SqliteDatabase.Database, source: string) {
    statements.push(source);
    return prepare.call(this, source);
  });
  // A connection on a worker thread (sqlite/worker-thread-dialect.ts) is sent its statements' SQL.
  const postMessage = Worker.prototype.postMessage;
  const workerSpy = vi.spyOn(Worker.prototype, "postMessage").mockImplementation(function (this: Worker, message: unknown, ...rest: unknown[]) {
    const sql = (message as { sql?: unknown } | null)?.sql;
    if (typeof sql === "string") statements.push(sql);
    return postMessage.call(this, message, ...(rest as []));
  });
  try {
    await read();
  } finally {
    spy.mockRestore();
    workerSpy.mockRestore();
  }
  return statements;
}

/** The SQL of every statement that `run` reads with (`all`, `get`), prepared earlier or not. */
export async function readDuring(run: () => Promise<unknown>): Promise<string[]> {
  const probe = new SqliteDatabase(":memory:");
  const statementPrototype = Object.getPrototypeOf(probe.prepare("select 1")) as SqliteDatabase.Statement;
  probe.close();
  const sources: string[] = [];
  const spies = (["all", "get"] as const).map((method) => {
    const original = statementPrototype[method];
    return vi.spyOn(statementPrototype, method).mockImplementation(function (this: SqliteDatabase.Statement, ...parameters: unknown[]) {
      sources.push(this.source);
      return original.apply(this, parameters);
    });
  });
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return sources;
}

/**
 * SQLite's query plan of `source` on `sqlite`, its steps joined by "; " (every parameter bound to null). The store's
 * functions (`registerFoldName`) are registered on the connection first: a statement calling one, as a text sort does,
 * is not prepared without them on a connection opened by hand.
 */
export function planOf(sqlite: SqliteDatabase.Database, source: string): string {
  registerFoldName(sqlite);
  const parameters = new Array<null>((source.match(/\?/g) ?? []).length).fill(null);
  return (sqlite.prepare(`explain query plan ${source}`).all(...parameters) as Array<{ detail: string }>).map((row) => row.detail).join("; ");
}

/**
 * The steps of a plan (`planOf`'s "; "-joined form) that seek nothing but a tenant, so walk all its rows, or skip
 * from tenant to tenant through an index led by the tenant (a seek per tenant in the file for every key).
 */
export function tenantWalksIn(plan: string): string[] {
  return plan.split("; ").filter((step) => /USING ((COVERING )?INDEX \S+|PRIMARY KEY) \(tenant_uuid=\?\)$/.test(step) || step.includes("ANY(tenant_uuid)"));
}

/** How many statements `run` reads with (as `readDuring` sees them) whose SQL matches `pattern`. */
export async function readsMatchingDuring(pattern: RegExp, run: () => Promise<unknown>): Promise<number> {
  return (await readDuring(run)).filter((source) => pattern.test(source)).length;
}

/** SQLite's plan for `source` on an empty database migrated to the latest schema. */
export async function planOnMigratedSchema(source: string): Promise<string> {
  const sqlite = new SqliteDatabase(":memory:");
  registerFoldName(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
    return planOf(sqlite, source);
  } finally {
    await db.destroy();
  }
}

/**
 * `source` with every `in (?, ...)` list grown to `length` parameters: the statement a call naming that many
 * values prepares, from a test that named a few.
 */
export function withInListsOf(source: string, length: number): string {
  return source.replace(/ in \(\?(, \?)*\)/g, ` in (${new Array<string>(length).fill("?").join(", ")})`);
}
