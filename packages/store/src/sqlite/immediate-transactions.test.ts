/**
 * Transactions that read then write, while another process writes: Kysely's deferred ones fail with
 * SQLITE_BUSY_SNAPSHOT; the store's, begun immediate, keep the write lock and finish.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Dialect } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { preparedDuring } from "../testing/sqlite-plans.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { ImmediateTransactionsSqliteDialect } from "./immediate-transactions.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-immediate-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
/** A WAL database file with one counter, a connection standing for another process, and ours. */
function twoProcesses(dialectFor: (database: SqliteDatabase.Database) => Dialect) {
  const path = join(folder, `counter-${++files}.db`);
  const ours = new SqliteDatabase(path);
  ours.pragma("journal_mode = WAL");
  ours.pragma("busy_timeout = 200");
  ours.exec("create table counter (value integer not null); insert into counter values (0);");
  const other = new SqliteDatabase(path);
  other.pragma("busy_timeout = 0");
  return { db: new Kysely<{ counter: { value: number } }>({ dialect: dialectFor(ours) }), other };
}

/** Reads the counter, lets the other process try a write, then writes what it read plus one. */
async function readThenWrite(dialectFor: (database: SqliteDatabase.Database) => Dialect) {
  const { db, other } = twoProcesses(dialectFor);
  let otherWrote = true;
  try {
    await db.transaction().execute(async (transaction) => {
      const { value } = await transaction.selectFrom("counter").select("value").executeTakeFirstOrThrow();
      try {
        other.exec("update counter set value = value + 100");
      } catch (error) {
        otherWrote = false;
        expect((error as { code?: string }).code).toBe("SQLITE_BUSY");
      }
      await sql`update counter set value = ${value + 1}`.execute(transaction);
    });
    return { otherWrote, value: (await db.selectFrom("counter").select("value").executeTakeFirstOrThrow()).value };
  } finally {
    other.close();
    await db.destroy();
  }
}

describe("transactions begun immediate", () => {
  it("hold the write lock from the start: another process's write waits, and the read-then-write commits", async () => {
    expect(await readThenWrite((database) => new ImmediateTransactionsSqliteDialect({ database }))).toEqual({ otherWrote: false, value: 1 });
  });

  it("are needed: begun deferred, the same transaction fails once the other process has written", async () => {
    await expect(readThenWrite((database) => new SqliteDialect({ database }))).rejects.toMatchObject({ code: "SQLITE_BUSY_SNAPSHOT" });
  });

  it("are how the store begins its transactions, its migrations' included", async () => {
    let store: Awaited<ReturnType<typeof createSqliteStore>> | undefined;
    try {
      // From the opening: the migrations' transaction prepares the statement that later transactions reuse.
      const statements = await preparedDuring(async () => {
        store = await createSqliteStore({ path: join(folder, "store.db") });
        const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
        await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada Lovelace" });
      });
      expect(statements).toContain("begin immediate");
      expect(statements).not.toContain("begin");
    } finally {
      await store?.close();
    }
  });
});

/** Our connection as the store sets it up (SQLite never sleeps: `busy_timeout = 0`), and another holding the write lock. */
function lockedByAnother(waitForLocksMs: number) {
  const { db, other } = twoProcesses((database) => {
    database.pragma("busy_timeout = 0");
    return new ImmediateTransactionsSqliteDialect({ database }, { waitForLocksMs });
  });
  other.exec("begin immediate; update counter set value = value + 100");
  return { db, other };
}

/**
 * Lets the event loop turn three times while `work` waits, then `release`s what it waits for: `waitedTurns` is 3 when
 * the wait left the loop free (a wait that blocked it would have ended first, failing busy after its waitForLocksMs).
 * Turns counted for a fixed 60 ms were one on a loaded machine: the process had not run meanwhile.
 */
async function turnsDuring<T>(work: Promise<T>, release: () => void): Promise<{ waitedTurns: number; result: T }> {
  let settled = false;
  const watched = work.finally(() => (settled = true));
  let waitedTurns = 0;
  await new Promise<void>((resolve) => {
    const ticker = setInterval(() => {
      if (!settled) waitedTurns += 1;
      if (settled || waitedTurns === 3) {
        clearInterval(ticker);
        resolve();
      }
    }, 5);
  });
  release();
  return { result: await watched, waitedTurns };
}

/**
 * `performance.now` (the clock the lock wait reads) held still until the test advances it, counting its reads: how
 * long a write waits is then the test's to say, not the machine's speed. Polls with the real timers.
 */
function heldPerformanceClock() {
  let now = performance.now();
  const clock = {
    reads: 0,
    advance: (milliseconds: number) => (now += milliseconds),
    until: async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
    },
    restore: () => spy.mockRestore(),
  };
  const spy = vi.spyOn(performance, "now").mockImplementation(() => {
    clock.reads += 1;
    return now;
  });
  return clock;
}

describe("writes refused by another connection's lock, with waitForLocksMs", () => {
  it.each([
    ["a transaction's begin", (db: Kysely<{ counter: { value: number } }>) => db.transaction().execute((transaction) => sql`update counter set value = value + 1`.execute(transaction))],
    ["a statement outside a transaction", (db: Kysely<{ counter: { value: number } }>) => sql`update counter set value = value + 1`.execute(db)],
  ])("wait for it between turns of the event loop, then write: %s", async (_case, write) => {
    const { db, other } = lockedByAnother(5_000);
    try {
      const { waitedTurns } = await turnsDuring(write(db), () => other.exec("commit"));
      expect(waitedTurns).toBe(3);
      expect((await db.selectFrom("counter").select("value").executeTakeFirstOrThrow()).value).toBe(101);
    } finally {
      other.close();
      await db.destroy();
    }
  });

  it("fail with SQLite's busy error once they have waited that long, having written nothing", async () => {
    const { db, other } = lockedByAnother(50);
    try {
      await expect(db.transaction().execute((transaction) => sql`update counter set value = value + 1`.execute(transaction))).rejects.toMatchObject({
        code: "SQLITE_BUSY",
      });
      await expect(sql`update counter set value = value + 1`.execute(db)).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      other.exec("rollback");
      expect((await db.selectFrom("counter").select("value").executeTakeFirstOrThrow()).value).toBe(0);
    } finally {
      other.close();
      await db.destroy();
    }
  });

  it("are how the store writes: a write waiting for another process's lock leaves the event loop free", async () => {
    const path = join(folder, "store-waiting.db");
    const store = await createSqliteStore({ path });
    const other = new SqliteDatabase(path);
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      other.exec("begin immediate");
      const creating = store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada Lovelace" });
      const { waitedTurns, result } = await turnsDuring(creating, () => other.exec("commit"));
      expect(waitedTurns).toBe(3);
      expect(result.name).toBe("Ada Lovelace");
    } finally {
      other.close();
      await store.close();
    }
  });

  it("wait the store's lockWaitMs when it is given, not the default five seconds, then fail busy having written nothing", async () => {
    const path = join(folder, "store-short-wait.db");
    const store = await createSqliteStore({ path, lockWaitMs: 50 });
    const other = new SqliteDatabase(path);
    const clock = heldPerformanceClock();
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      other.exec("begin immediate");
      let settled = false;
      const creating = store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada Lovelace" }).finally(() => (settled = true));
      creating.catch(() => {});
      // The wait reads the held clock as it tries again: still waiting, whatever the real time that passes.
      await clock.until(() => clock.reads >= 3);
      clock.advance(49);
      const readsAt49 = clock.reads;
      await clock.until(() => clock.reads >= readsAt49 + 2);
      expect(settled).toBe(false);
      // Its 50 ms are up, the default's five seconds are not: the next try fails busy.
      clock.advance(1);
      const readsAt50 = clock.reads;
      await clock.until(() => settled || clock.reads >= readsAt50 + 3);
      expect(settled).toBe(true);
      await expect(creating).rejects.toMatchObject({ code: "SQLITE_BUSY" });
      other.exec("rollback");
      expect(other.prepare("select count(*) from persons where name = 'Ada Lovelace'").pluck().get()).toBe(0);
    } finally {
      clock.restore();
      other.close();
      await store.close();
    }
  });
});

describe("a transaction SQLite rolled back by itself (a full disk)", () => {
  it("fails with SQLite's own error, SQLITE_FULL, not the rollback's 'no transaction is active'", async () => {
    const path = join(folder, `full-${++files}.db`);
    const database = new SqliteDatabase(path);
    database.pragma("journal_mode = WAL");
    database.exec("create table notes (body blob not null)");
    // A full disk as SQLite sees it: the file may not grow past this many pages.
    database.pragma(`max_page_count = ${database.pragma("page_count", { simple: true }) as number}`);
    const db = new Kysely<{ notes: { body: Buffer } }>({ dialect: new ImmediateTransactionsSqliteDialect({ database }) });
    try {
      const writing = db.transaction().execute(async (transaction) => {
        for (let row = 0; row < 100; row += 1) await transaction.insertInto("notes").values({ body: Buffer.alloc(3000) }).execute();
      });
      await expect(writing).rejects.toMatchObject({ code: "SQLITE_FULL", message: "database or disk is full" });
      expect(database.inTransaction).toBe(false);
      expect(database.prepare("select count(*) from notes").pluck().get()).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
