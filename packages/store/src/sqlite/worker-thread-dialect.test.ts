import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import { Kysely, sql, type Generated } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { WorkerThreadSqliteDialect } from "./worker-thread-dialect.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-worker-thread-dialect-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Tables {
  notes: { id: Generated<number>; body: string; bytes: Buffer | null };
}

/** A WAL file with a notes table, its own connection, and a Kysely handle whose connection is on a worker thread. */
function openDatabase(name: string) {
  const path = join(folder, name);
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.exec("create table notes (id integer primary key, body text not null unique, bytes blob)");
  const db = new Kysely<Tables>({ dialect: new WorkerThreadSqliteDialect({ path, pragmas: ["busy_timeout = 5000", "foreign_keys = ON"] }) });
  return { sqlite, db };
}

describe("WorkerThreadSqliteDialect", () => {
  it("writes and reads through the worker: affected rows, the inserted id, blobs as Buffers", async () => {
    const { sqlite, db } = openDatabase("round-trip.db");
    try {
      const inserted = await db.insertInto("notes").values({ body: "first", bytes: Buffer.from([1, 2, 3]) }).executeTakeFirst();
      expect(inserted.insertId).toBe(1n);
      expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
      const rows = await db.selectFrom("notes").selectAll().execute();
      expect(rows).toEqual([{ id: 1, body: "first", bytes: Buffer.from([1, 2, 3]) }]);
      expect(Buffer.isBuffer(rows[0]!.bytes)).toBe(true);
      expect(await db.selectFrom("notes").select("id").where("bytes", "=", Buffer.from([1, 2, 3])).execute()).toEqual([{ id: 1 }]);
      // The caller's own connection sees the worker's commit.
      expect(sqlite.prepare("select body from notes").pluck().all()).toEqual(["first"]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
    } finally {
      await db.destroy();
      sqlite.close();
    }
  });

  it("fails a statement with SQLite's message and code, and rolls a failed transaction back whole", async () => {
    const { sqlite, db } = openDatabase("failures.db");
    try {
      await db.insertInto("notes").values({ body: "taken" }).execute();
      await expect(db.insertInto("notes").values({ body: "taken" }).execute()).rejects.toMatchObject({
        message: expect.stringMatching(/UNIQUE constraint failed: notes.body/),
        code: "SQLITE_CONSTRAINT_UNIQUE",
      });
      await expect(
        db.transaction().execute(async (transaction) => {
          await transaction.insertInto("notes").values({ body: "inside" }).execute();
          await transaction.insertInto("notes").values({ body: "taken" }).execute();
        }),
      ).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_UNIQUE" });
      expect(sqlite.prepare("select body from notes").pluck().all()).toEqual(["taken"]);
    } finally {
      await db.destroy();
      sqlite.close();
    }
  });

  it("waits for another connection's write lock in the worker, while the event loop goes on", async () => {
    const { sqlite, db } = openDatabase("lock.db");
    try {
      sqlite.exec("begin immediate");
      sqlite.prepare("insert into notes (body) values ('held')").run();
      const order: string[] = [];
      const writing = db
        .transaction()
        .execute((transaction) => transaction.insertInto("notes").values({ body: "after the lock" }).execute())
        .then(() => order.push("worker committed"));
      // The worker sleeps in SQLite's busy handler; this thread's timers still fire, and this commit frees the lock.
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("event loop turned");
      sqlite.exec("commit");
      await writing;
      expect(order).toEqual(["event loop turned", "worker committed"]);
      expect(sqlite.prepare("select body from notes order by id").pluck().all()).toEqual(["held", "after the lock"]);
    } finally {
      await db.destroy();
      sqlite.close();
    }
  });

  it("fails a statement at once, naming the thread, after its worker thread ended unasked", async () => {
    const { sqlite, db } = openDatabase("ended.db");
    const threads = new Set<Worker>();
    const postMessage = Worker.prototype.postMessage;
    const spy = vi.spyOn(Worker.prototype, "postMessage").mockImplementation(function (this: Worker, message: unknown, ...rest: unknown[]) {
      threads.add(this);
      return postMessage.call(this, message, ...(rest as []));
    });
    try {
      await db.insertInto("notes").values({ body: "first" }).execute();
      expect(threads.size).toBe(1);
      for (const thread of threads) await thread.terminate();
      await expect(db.selectFrom("notes").selectAll().execute()).rejects.toThrow(/SQLite worker thread exited/);
    } finally {
      spy.mockRestore();
      await db.destroy();
      sqlite.close();
    }
  });
});

describe("WorkerThreadSqliteDialect, a transaction SQLite rolled back by itself (a full disk)", () => {
  it("fails with SQLite's own error, SQLITE_FULL, not the rollback's 'no transaction is active'", async () => {
    const { sqlite, db } = openDatabase("full.db");
    const pages = sqlite.pragma("page_count", { simple: true }) as number;
    await db.destroy();
    // A full disk as SQLite sees it: the worker's connection may not grow the file past its pages now.
    const full = new Kysely<Tables>({ dialect: new WorkerThreadSqliteDialect({ path: join(folder, "full.db"), pragmas: [`max_page_count = ${pages}`] }) });
    try {
      const writing = full.transaction().execute(async (transaction) => {
        for (let row = 0; row < 100; row += 1) await transaction.insertInto("notes").values({ body: `note ${row}`, bytes: Buffer.alloc(3000) }).execute();
      });
      await expect(writing).rejects.toMatchObject({ code: "SQLITE_FULL", message: "database or disk is full" });
      expect(sqlite.prepare("select count(*) from notes").pluck().get()).toBe(0);
    } finally {
      await full.destroy();
      sqlite.close();
    }
  });
});
