import SqliteDatabase from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { ImmediateTransactionsSqliteDialect } from "../sqlite/immediate-transactions.js";
import { inReadSnapshot } from "./read-snapshot.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-read-snapshot-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("inReadSnapshot", () => {
  let path: string;
  let db: Kysely<Database>;
  let other: SqliteDatabase.Database;
  beforeEach(() => {
    path = join(folder, `${Math.random().toString(36).slice(2)}.db`);
    const sqlite = new SqliteDatabase(path);
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec("create table settings (key text primary key, value text)");
    db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: sqlite }) });
    // Another process's connection.
    other = new SqliteDatabase(path);
    other.pragma("busy_timeout = 5000");
  });
  afterEach(async () => {
    other.close();
    await db.destroy();
  });

  const count = async (executor: Kysely<Database>) => Number((await sql<{ rows: number }>`select count(*) as rows from settings`.execute(executor)).rows[0]!.rows);
  const insertElsewhere = (key: string) => other.prepare("insert into settings (key, value) values (?, 'x')").run(key);

  it("reads every statement from the snapshot of its first read, while another connection commits and does not wait", async () => {
    const counts = await inReadSnapshot(db, async (snapshot) => {
      const first = await count(snapshot);
      insertElsewhere("during");
      return [first, await count(snapshot)];
    });
    expect(counts).toEqual([0, 0]);
    expect(await count(db)).toBe(1);
  });

  it("sees the other connection's commit between two reads without it (what the snapshot prevents)", async () => {
    const first = await count(db);
    insertElsewhere("between");
    expect([first, await count(db)]).toEqual([0, 1]);
  });

  it("ends its transaction when the work fails, and reads inside a caller's transaction", async () => {
    await expect(inReadSnapshot(db, async () => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    await db.transaction().execute(async (transaction) => {
      expect(await inReadSnapshot(transaction, count)).toBe(0);
    });
    insertElsewhere("after");
    expect(await inReadSnapshot(db, count)).toBe(1);
  });
});
