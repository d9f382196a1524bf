import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { ImmediateTransactionsSqliteDialect } from "./immediate-transactions.js";
import { withStatementCache } from "./statement-cache.js";
import { createCheckpointWorker, type CheckpointWorker } from "./checkpoint-worker.js";
import { createWalTruncation } from "./wal-truncation.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-wal-truncation-"));
const workers: CheckpointWorker[] = [];
afterAll(async () => {
  for (const worker of workers) await worker.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A truncation on a checkpoint worker, as the store's (closed with the tests). */
async function truncateOffThread(file: string): Promise<boolean> {
  const worker = createCheckpointWorker(file);
  workers.push(worker);
  return (await worker.checkpoint("truncate")).busy === 0;
}

/**
 * A WAL database as the store opens one (5 s busy timeout unless `busyTimeoutMs` says, no checkpoint before 10,000
 * pages), with timers run by hand.
 */
function openDatabase(name: string, truncate?: (path: string) => Promise<boolean>, busyTimeoutMs = 5000) {
  const path = join(folder, name);
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("wal_autocheckpoint = 10000");
  sqlite.exec("create table notes (body text)");
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: withStatementCache(sqlite) }) });
  const timers: Array<{ run: () => void; delayMs: number; cleared: boolean }> = [];
  const walTruncation = createWalTruncation(db, {
    ...(truncate ? { truncate: () => truncate(path) } : {}),
    setTimer: (run, delayMs) => {
      const timer = { run, delayMs, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      for (const each of timers) if (each === timer) each.cleared = true;
    },
  });
  const write = (body: string) => sql`insert into notes (body) values (${body})`.execute(db);
  const walBytes = () => statSync(`${path}-wal`).size;
  const busyTimeout = async () => (await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0]!.timeout;
  return { path, db, walTruncation, timers, write, walBytes, busyTimeout };
}

/** A busy timeout no truncation may wait out: longer than any test's time limit, so a wait fails the test, unbounded by a clock. */
const READER_TEST_BUSY_TIMEOUT_MS = 60_000;

describe("createWalTruncation", () => {
  it("empties the WAL into the database file, keeping the connection's busy timeout", async () => {
    const { db, walTruncation, timers, write, walBytes, busyTimeout } = openDatabase("plain.db");
    try {
      await write("Qvortrup");
      expect(walBytes()).toBeGreaterThan(0);
      await walTruncation.request();
      expect(walBytes()).toBe(0);
      expect(walTruncation.pending).toBe(false);
      expect(timers).toEqual([]);
      expect(await busyTimeout()).toBe(5000);
      await write("after");
      expect((await sql<{ body: string }>`select body from notes`.execute(db)).rows.map((row) => row.body)).toEqual(["Qvortrup", "after"]);
    } finally {
      await walTruncation.close();
      await db.destroy();
    }
  });

  it("does not wait for a reader of another connection, and truncates at a later try once the reader is done", async () => {
    const { path, db, walTruncation, timers, write, walBytes, busyTimeout } = openDatabase("reader.db", undefined, READER_TEST_BUSY_TIMEOUT_MS);
    const reader = new SqliteDatabase(path);
    try {
      await write("before the reader");
      reader.exec("begin");
      reader.prepare("select count(*) from notes").get();
      await write("Qvortrup");
      // A wait for the reader would spend the connection's busy timeout, a minute here: past the test's time limit.
      await walTruncation.request();
      expect(walBytes()).toBeGreaterThan(0);
      expect(walTruncation.pending).toBe(true);
      expect(timers.map((timer) => timer.delayMs)).toEqual([1_000]);
      expect(await busyTimeout()).toBe(READER_TEST_BUSY_TIMEOUT_MS);

      // Still reading: the next try waits longer.
      timers[0]!.run();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(timers.map((timer) => timer.delayMs)).toEqual([1_000, 10_000]);
      reader.exec("commit");
      timers[1]!.run();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(walBytes()).toBe(0);
      expect(walTruncation.pending).toBe(false);
      expect(timers).toHaveLength(2);
    } finally {
      reader.close();
      await walTruncation.close();
      await db.destroy();
    }
  });

  it("stops retrying at close, after one last try", async () => {
    const { path, db, walTruncation, timers, write, walBytes } = openDatabase("closing.db");
    const reader = new SqliteDatabase(path);
    try {
      await write("before the reader");
      reader.exec("begin");
      reader.prepare("select count(*) from notes").get();
      await write("Qvortrup");
      await walTruncation.request();
      expect(walTruncation.pending).toBe(true);
      reader.exec("commit");
      await walTruncation.close();
      expect(timers[0]!.cleared).toBe(true);
      expect(walTruncation.pending).toBe(false);
      expect(walBytes()).toBe(0);
      // A request after closing does nothing.
      await write("later");
      await walTruncation.request();
      expect(walBytes()).toBeGreaterThan(0);
    } finally {
      reader.close();
      await db.destroy();
    }
  });

  it("truncates on a worker thread when given a checkpoint worker's, and retries while a reader holds it up", async () => {
    const calls: string[] = [];
    let latest: Promise<boolean> = Promise.resolve(false);
    const { path, db, walTruncation, timers, write, walBytes } = openDatabase("off-thread.db", async (file) => {
      calls.push("worker");
      latest = truncateOffThread(file);
      return latest;
    });
    const reader = new SqliteDatabase(path);
    try {
      await write("Qvortrup");
      await walTruncation.request();
      expect(calls).toEqual(["worker"]);
      expect(walBytes()).toBe(0);
      await write("before the reader");
      reader.exec("begin");
      reader.prepare("select count(*) from notes").get();
      await write("again");
      await walTruncation.request();
      expect(walBytes()).toBeGreaterThan(0);
      expect(walTruncation.pending).toBe(true);
      reader.exec("commit");
      timers[0]!.run();
      // The retry starts its own worker thread, which takes a while on a busy machine: wait for it, not for a time.
      while (calls.length < 3) await new Promise((resolve) => setTimeout(resolve, 1));
      await latest;
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls).toEqual(["worker", "worker", "worker"]);
      expect(walBytes()).toBe(0);
      expect(walTruncation.pending).toBe(false);
    } finally {
      reader.close();
      await walTruncation.close();
      await db.destroy();
    }
  });

  it("runs a request made during another's attempt after it, so a commit between the two is truncated too", async () => {
    const gates: Array<() => void> = [];
    const { db, walTruncation, write, walBytes } = openDatabase(
      "queued.db",
      (file) => new Promise<void>((resolve) => gates.push(resolve)).then(() => truncateOffThread(file)),
    );
    const started = async (count: number) => {
      while (gates.length < count) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    try {
      await write("Qvortrup");
      const firstRequest = walTruncation.request();
      const secondRequest = walTruncation.request();
      await started(1);
      gates[0]!();
      await firstRequest;
      expect(walBytes()).toBe(0);
      // The second attempt starts after the first: a commit now, after the first truncation, is truncated by it.
      await started(2);
      await write("committed after the first truncation");
      expect(walBytes()).toBeGreaterThan(0);
      gates[1]!();
      await secondRequest;
      expect(walBytes()).toBe(0);
    } finally {
      await walTruncation.close();
      await db.destroy();
    }
  });
});
